import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../api/src/db/db.js';
import { openPg } from '../../../api/src/db/pg.js';
import type { Position } from '../../../api/src/store/eventStore.js';
import { PostgresEventStore } from '../../../api/src/store/postgres.js';
import { auditLogProjection } from '../../../projections/src/auditLog/index.js';
import { applyEvents, liveTable, readCheckpoint } from '../../../projections/src/checkpoints.js';
import { rebuildProjection } from '../../../projections/src/rebuild.js';
import { startProjections, type ProjectionRunner } from '../../../projections/src/runner.js';
import { openTestDb, testDrivers, type TestDb } from '../../support/db.js';
import { appendEvents, event, memoryLogger, rowsOf, tallyProjection } from './support.js';

const AUDIT_ROWS = `SELECT event_id::text, position, tx::text, gp::text, occurred_at, actor, action,
  stream, revision::text, subject_kind, subject_id FROM audit_log ORDER BY tx, gp`;
const tallyRows = (name: string) =>
  `SELECT stream, n, last_revision::text FROM ${name} ORDER BY stream`;
const expectedTally = `SELECT stream, count(*)::int AS n, max(revision)::text AS last_revision
  FROM events WHERE type IN ('ProjectCreated', 'FeedbackGiven') GROUP BY stream ORDER BY stream`;

for (const driver of testDrivers()) {
  describe(`projection runner (${driver})`, () => {
    let t: TestDb;
    let db: Db;
    let store: PostgresEventStore;
    /** A second connection pool, as another process would have; the same Db on PGlite. */
    let other: Db;
    let otherStore: PostgresEventStore;
    const runners: ProjectionRunner[] = [];

    const start = async (o: Partial<Parameters<typeof startProjections>[0]> = {}) => {
      const r = await startProjections({
        db,
        store,
        log: memoryLogger().log,
        projections: [auditLogProjection],
        pollIntervalMs: 100,
        minBackoffMs: 20,
        ...o,
      });
      runners.push(r);
      return r;
    };
    /**
     * The newest committed event, readable or not yet: `headPosition()` may still hide the last
     * appends behind some other open transaction on a shared server.
     */
    const head = async () => {
      const { rows } = await db.query<{ p: Position }>(
        `SELECT transaction_id::text || ':' || global_position::text AS p FROM events
         ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
      );
      return rows[0]!.p;
    };

    beforeAll(async () => {
      t = await openTestDb(driver);
      db = t.db;
      store = await PostgresEventStore.open(db, { pollIntervalMs: 100 });
      other = driver === 'pg' ? await openPg(t.url!) : db;
      otherStore = await PostgresEventStore.open(other);
    });
    afterAll(async () => {
      for (const r of runners) await r.stop();
      if (other !== db) await other?.close();
      await t?.drop();
    });

    it('projects appended events and resolves waitFor once their position is applied', async () => {
      const runner = await start();
      const e = event('ProjectCreated', 'user:42');
      const r = await store.append('project-11111111-1111-4111-8111-111111111111', [e]);
      expect(await runner.waitFor(r.position, 10_000)).toBe(true);
      const { rows } = await db.query<{ actor: string; subject_kind: string; subject_id: string }>(
        'SELECT actor, subject_kind, subject_id FROM audit_log WHERE event_id = $1',
        [e.id],
      );
      expect(rows).toEqual([
        {
          actor: 'user:42',
          subject_kind: 'project',
          subject_id: '11111111-1111-4111-8111-111111111111',
        },
      ]);
      expect((await runner.lag()).audit_log).toBe(0);
      await runner.stop();
    });

    it('answers waitFor with false when the position is not reached in time', async () => {
      const waiter = await start({ run: false });
      const startedAt = Date.now();
      expect(await waiter.waitFor('999999999:1' as Position, 300)).toBe(false);
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(250);
      await waiter.stop();
    });

    it('resolves waitFor for progress made by a runner on another connection', async () => {
      const waiter = await startProjections({
        db: other,
        store: otherStore,
        log: memoryLogger().log,
        projections: [auditLogProjection],
        run: false,
      });
      runners.push(waiter);
      const runner = await start();
      const pos = await appendEvents(store, 5);
      expect(await waiter.waitFor(pos, 10_000)).toBe(true);
      await runner.stop();
      await waiter.stop();
    });

    it('resumes after a crash in the middle of a batch with exactly the rows of a from-scratch rebuild', async () => {
      await appendEvents(store, 120);
      const crashing = tallyProjection('tally_crash', { failOnceAt: 57 });
      const logger = memoryLogger();
      const runner = await start({
        projections: [auditLogProjection, crashing],
        batchSize: 50,
        log: logger.log,
      });
      expect(await runner.waitFor(await head(), 20_000)).toBe(true);
      await runner.stop();
      const failures = logger.lines().filter((l) => l.msg === 'projection failed; retrying');
      expect(failures).toHaveLength(1);
      expect(failures[0]!.projection).toBe('tally_crash');

      const resumed = await rowsOf(db, tallyRows('tally_crash'));
      const audit = await rowsOf(db, AUDIT_ROWS);
      expect(resumed).toEqual(await rowsOf(db, expectedTally));
      await rebuildProjection({ db, store, projection: tallyProjection('tally_crash') });
      await rebuildProjection({ db, store, projection: auditLogProjection });
      expect(await rowsOf(db, tallyRows('tally_crash'))).toEqual(resumed);
      expect(await rowsOf(db, AUDIT_ROWS)).toEqual(audit);
    });

    it('changes nothing when the same events are delivered twice', async () => {
      const runner = await start();
      expect(await runner.waitFor(await appendEvents(store, 30), 10_000)).toBe(true);
      await runner.stop();
      const before = await rowsOf(db, AUDIT_ROWS);
      const all = await store.readAll({ maxCount: 100_000 });
      await db.transaction((tx) =>
        applyEvents(auditLogProjection, { tx, table: liveTable }, all.events),
      );
      expect(await rowsOf(db, AUDIT_ROWS)).toEqual(before);
      // Redelivery through the runner: its checkpoint goes back to the start.
      await db.query(
        `UPDATE projection_checkpoints SET position = NULL WHERE projection = 'audit_log'`,
      );
      const again = await start();
      expect(await again.waitFor(await head(), 10_000)).toBe(true);
      await again.stop();
      expect(await rowsOf(db, AUDIT_ROWS)).toEqual(before);
    });

    it('rebuilds while the runner runs and writers keep appending, losing and doubling nothing', async () => {
      const tally = tallyProjection('tally_rebuild');
      const runner = await start({ projections: [auditLogProjection, tally] });
      await appendEvents(store, 200);
      let writing = true;
      const writer = (async () => {
        while (writing) await appendEvents(store, 5, 2);
      })();
      const result = await rebuildProjection({ db, store, projection: tally, batchSize: 50 });
      await rebuildProjection({ db, store, projection: auditLogProjection, batchSize: 50 });
      await appendEvents(store, 20);
      writing = false;
      await writer;
      expect(result.events).toBeGreaterThanOrEqual(200);
      expect(await runner.waitFor(await head(), 20_000)).toBe(true);
      await runner.stop();
      expect(await rowsOf(db, tallyRows('tally_rebuild'))).toEqual(await rowsOf(db, expectedTally));
      const { rows } = await db.query<{ missing: string; extra: string }>(
        `SELECT (SELECT count(*) FROM events e WHERE NOT EXISTS
                  (SELECT 1 FROM audit_log a WHERE a.event_id = e.event_id))::text AS missing,
                (SELECT count(*) FROM audit_log)::text AS extra`,
      );
      expect(rows[0]!.missing).toBe('0');
      expect(Number(rows[0]!.extra)).toBe(
        Number(
          (await db.query<{ n: string }>('SELECT count(*)::text AS n FROM events')).rows[0]!.n,
        ),
      );
      expect((await readCheckpoint(db, 'tally_rebuild'))!.status).toBe('live');
    });

    it('never applies an event twice with two runners on separate connections', async () => {
      const a = tallyProjection('tally_two');
      const b = tallyProjection('tally_two');
      const ra = await start({ projections: [a], batchSize: 20 });
      const rb = await startProjections({
        db: other,
        store: otherStore,
        log: memoryLogger().log,
        projections: [b],
        batchSize: 20,
        pollIntervalMs: 50,
      });
      runners.push(rb);
      await Promise.all(Array.from({ length: 8 }, () => appendEvents(store, 25, 3)));
      const end = await head();
      expect(await ra.waitFor(end, 20_000)).toBe(true);
      await ra.stop();
      await rb.stop();
      expect(await rowsOf(db, tallyRows('tally_two'))).toEqual(await rowsOf(db, expectedTally));
      const handled = (await rowsOf(db, expectedTally)) as { n: number }[];
      expect(a.applied() + b.applied()).toBe(handled.reduce((s, r) => s + r.n, 0));
    });

    it('rebuilds a projection automatically when its version changed', async () => {
      const v1 = await start({ projections: [tallyProjection('tally_version')] });
      expect(await v1.waitFor(await appendEvents(store, 10), 10_000)).toBe(true);
      await v1.stop();
      const v2 = await start({
        projections: [tallyProjection('tally_version', { version: 2, weight: 2 })],
      });
      expect(await v2.waitFor(await head(), 20_000)).toBe(true);
      await v2.stop();
      const expected = ((await rowsOf(db, expectedTally)) as { n: number }[]).map((r) => ({
        ...r,
        n: r.n * 2,
      }));
      expect(await rowsOf(db, tallyRows('tally_version'))).toEqual(expected);
      expect((await readCheckpoint(db, 'tally_version'))!.version).toBe(2);
    });

    it.runIf(driver === 'pg')(
      'resumes after the runner process is killed mid-batch with exactly the expected rows',
      async () => {
        await appendEvents(store, 400, 7);
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', join(import.meta.dirname, 'runnerProcess.ts'), t.url!],
          { stdio: ['ignore', 'pipe', 'inherit'] },
        );
        const exited = new Promise((r) => child.once('exit', r));
        try {
          // Kill it once some batches are committed and the next one is in flight.
          const deadline = Date.now() + 30_000;
          for (;;) {
            const cp = await readCheckpoint(db, 'tally_kill');
            if (cp?.position) break;
            if (Date.now() > deadline) throw new Error('the runner process made no progress');
            await new Promise((r) => setTimeout(r, 20));
          }
          await new Promise((r) => setTimeout(r, 120));
        } finally {
          child.kill('SIGKILL');
          await exited;
        }
        const killedAt = (await readCheckpoint(db, 'tally_kill'))!.position!;
        expect(store.comparePositions(killedAt, await head())).toBe(-1);

        const resumed = await start({ projections: [tallyProjection('tally_kill')] });
        expect(await resumed.waitFor(await head(), 20_000)).toBe(true);
        await resumed.stop();
        expect(await rowsOf(db, tallyRows('tally_kill'))).toEqual(await rowsOf(db, expectedTally));
      },
    );

    it('stops gracefully and releases waiters', async () => {
      const runner = await start();
      const waiting = runner.waitFor('999999999:1' as Position, 30_000);
      await runner.stop();
      expect(await waiting).toBe(false);
    });
  });
}
