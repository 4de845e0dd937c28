import type { Db } from '../db/db.js';
import type { EventStore } from './eventStore.js';
import { PostgresEventStore } from './postgres.js';

export interface OpenEventStoreOptions {
  kind: 'postgres' | 'esdb';
  /** The application database; the PostgreSQL store keeps its `events` table there. */
  db: Db;
  /** Required when kind is 'esdb', e.g. `esdb://localhost:2113?tls=false`. */
  esdbUrl?: string | undefined;
}

/** Builds the configured event store; the PostgreSQL one checks the xid order first. */
export async function openEventStore(opts: OpenEventStoreOptions): Promise<EventStore> {
  if (opts.kind === 'postgres') return PostgresEventStore.open(opts.db);
  if (!opts.esdbUrl) throw new Error('ESDB_URL is required when EVENT_STORE=esdb');
  // Loaded only when used: the gRPC client is heavy and most installs never need it.
  const [{ EventStoreDBClient }, { EsdbEventStore }] = await Promise.all([
    import('@eventstore/db-client'),
    import('./esdb.js'),
  ]);
  return new EsdbEventStore(EventStoreDBClient.connectionString(opts.esdbUrl));
}
