import { EventStoreDBClient } from '@eventstore/db-client';
import { describe, it } from 'vitest';
import { EsdbEventStore } from '../../../api/src/store/esdb.js';
import { eventStoreContract } from './eventStore.contract.js';

const url = process.env.ESDB_URL;

if (url) {
  eventStoreContract('esdb', async () => {
    console.log(`event store contract ran on: esdb (${url.replace(/\/\/[^@]*@/, '//')})`);
    const store = new EsdbEventStore(EventStoreDBClient.connectionString(url));
    return { store, eventIdsUniqueAcrossStreams: false, close: () => store.close() };
  });
} else {
  console.log('event store contract on EventStoreDB SKIPPED: ESDB_URL is not set (no server here)');
  describe('event store (esdb)', () => {
    it.skip('runs the contract against EventStoreDB when ESDB_URL is set', () => {});
  });
}
