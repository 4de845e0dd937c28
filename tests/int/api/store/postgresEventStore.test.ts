import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore, TransactionIdOrderError } from '../../../../api/src/store/postgres.js';
import type { NewEvent } from '../../../../api/src/store/eventStore.js';
import { openTestDb, testDrivers, type DriverName, type TestDb } from '../../../support/db.js';
import {
  eventStoreContract,
  newEvent,
  type ContractHarness,
  type OpenAppend,
} from './eventStore.contract.js';

const INSERT_RAW = `INSERT INTO events (stream, revision, event_id, type, data, metadata)
  VALUES ($1, 0, $2, $3, $4, $5)`;

function rawParams(stream: string, e: NewEvent): unknown[] {
  return [stream, e.id, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata)];
}

async function harness(driver: DriverName, t: TestDb): Promise<ContractHarness> {
  const store = await PostgresEventStore.open(t.db, { pollIntervalMs: 100 });
  const h: ContractHarness = {
    store,
    jumpGlobalPosition: async (to) => {
      await t.db.query(`ALTER TABLE events ALTER COLUMN global_position RESTART WITH ${to}`);
    },
    // The file's describe drops the database after the remaining tests.
    close: async () => {},
  };
  if (driver === 'pg') {
    h.beginOpenAppend = async (stream, e): Promise<OpenAppend> => {
      const client = new pg.Client({ connectionString: t.url });
      await client.connect();
      await client.query('BEGIN');
      await client.query(INSERT_RAW, rawParams(stream, e));
      return {
        async commit() {
          await client.query('COMMIT');
          await client.end();
        },
      };
    };
  } else {
    h.holdSerializedAppend = async (stream, e): Promise<OpenAppend> => {
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let inserted!: () => void;
      const insertedP = new Promise<void>((r) => (inserted = r));
      const done = t.db.transaction(async (tx) => {
        await tx.query(INSERT_RAW, rawParams(stream, e));
        inserted();
        await gate;
      });
      await insertedP;
      return {
        async commit() {
          release();
          await done;
        },
      };
    };
  }
  return h;
}

const ran: DriverName[] = [];
for (const driver of testDrivers()) {
  describe(`postgres event store on ${driver}`, () => {
    let t: TestDb;
    beforeAll(async () => {
      t = await openTestDb(driver);
    });
    afterAll(async () => {
      await t?.drop();
    });

    eventStoreContract(`postgres on ${driver}`, async () => {
      ran.push(driver);
      return harness(driver, t);
    });

    it('refuses UPDATE, DELETE and TRUNCATE of stored events', async () => {
      const store = await PostgresEventStore.open(t.db);
      await store.append('project-append-only', [newEvent()]);
      await expect(t.db.query(`UPDATE events SET type = 'Changed'`)).rejects.toThrow(/append-only/);
      await expect(t.db.query('DELETE FROM events')).rejects.toThrow(/append-only/);
      await expect(t.db.query('TRUNCATE events')).rejects.toThrow(/append-only/);
      expect((await store.readStream('project-append-only')).map((e) => e.type)).toEqual([
        'TestHappened',
      ]);
    });

    // Last: it leaves the table unreadable on purpose.
    it('refuses to start when the xid counter is behind the stored events', async () => {
      await PostgresEventStore.open(t.db);
      // Simulates a logical copy from a cluster whose xid counter was far ahead.
      await t.db.query('ALTER TABLE events DISABLE TRIGGER events_append_only');
      await t.db.query(`UPDATE events SET transaction_id = '4000000000'`);
      await t.db.query('ALTER TABLE events ENABLE TRIGGER events_append_only');
      await expect(PostgresEventStore.open(t.db)).rejects.toBeInstanceOf(TransactionIdOrderError);
    });
  });
}

afterAll(() => {
  console.log(`event store contract ran on: ${ran.join(', ')}`);
});
