/**
 * Event append throughput: single-event appends per second through PostgresEventStore
 * (expected-version check, unique constraints, xid index, NOTIFY) against a plain INSERT of the
 * same rows into an unconstrained table, on the same driver in the same run. Sequential and
 * with 8 concurrent writers. Target: ratio ≥ 0.5 on real PostgreSQL.
 *
 * Run: `npm run bench -- eventStore` (PGlite; also PostgreSQL when DATABASE_URL is set).
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../api/src/db/db.js';
import { migrate } from '../../api/src/db/migrate.js';
import type { NewEvent } from '../../api/src/store/eventStore.js';
import { PostgresEventStore } from '../../api/src/store/postgres.js';
import { fmt, median, runOnDrivers } from './support/dbBench.js';

const APPENDS = Number(process.env.BENCH_APPENDS ?? 2000);
const WRITERS = 8;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TARGET = 0.5;

function newEvent(i: number): NewEvent {
  return {
    id: randomUUID(),
    type: 'FeedbackGiven',
    data: { projectId: randomUUID(), kind: 'doctor_feedback', comment: `v1:${'x'.repeat(60)}`, i },
    metadata: {
      actor: `user:${randomUUID()}`,
      at: new Date().toISOString(),
      requestId: randomUUID(),
    },
  };
}

/** `count` appends by `writers` concurrent writers, each on streams of its own; events/s. */
async function timeAppends(
  writers: number,
  count: number,
  append: (writer: number, i: number) => Promise<void>,
): Promise<number> {
  const per = Math.floor(count / writers);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      for (let i = 0; i < per; i++) await append(w, i);
    }),
  );
  return (per * writers) / ((performance.now() - started) / 1000);
}

async function benchDriver(label: string, db: Db, isServer: boolean): Promise<boolean> {
  await migrate(db);
  await db.query(`CREATE TABLE IF NOT EXISTS bench_plain (
    stream text, revision bigint, event_id uuid, type text, data jsonb, metadata jsonb)`);
  const store = await PostgresEventStore.open(db);
  const version = (await db.query<{ v: string }>('SELECT version() AS v')).rows[0]!.v;
  console.log(`\ndriver: ${label} — ${version}`);

  let run = 0;
  const storeAppend = (writers: number) => {
    const streams = new Map<string, bigint>();
    const tag = `${run}-${writers}`;
    return async (w: number, i: number) => {
      // 20 events per stream, appended with the exact expected version, as the API does.
      const stream = `project-${tag}-${w}-${Math.floor(i / 20)}`;
      const expected = streams.get(stream);
      const r = await store.append(stream, [newEvent(i)], {
        expectedVersion: expected === undefined ? 'no_stream' : expected,
      });
      streams.set(stream, r.nextVersion);
    };
  };
  const plainInsert = (writers: number) => {
    const tag = `${run}-${writers}`;
    return async (w: number, i: number) => {
      const e = newEvent(i);
      await db.query(
        `INSERT INTO bench_plain (stream, revision, event_id, type, data, metadata)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          `project-${tag}-${w}-${Math.floor(i / 20)}`,
          i % 20,
          e.id,
          e.type,
          JSON.stringify(e.data),
          JSON.stringify(e.metadata),
        ],
      );
    };
  };

  // Warm-up: WASM tier-up on PGlite, connection pool and caches on PostgreSQL.
  run = -1;
  await timeAppends(1, 300, plainInsert(1));
  await timeAppends(1, 300, storeAppend(1));

  let ok = true;
  for (const writers of [1, WRITERS]) {
    const plain: number[] = [];
    const appended: number[] = [];
    for (run = 0; run < RUNS; run++) {
      // Alternate the order so drift on a shared machine hits both sides alike.
      if (run % 2 === 0) {
        plain.push(await timeAppends(writers, APPENDS, plainInsert(writers)));
        appended.push(await timeAppends(writers, APPENDS, storeAppend(writers)));
      } else {
        appended.push(await timeAppends(writers, APPENDS, storeAppend(writers)));
        plain.push(await timeAppends(writers, APPENDS, plainInsert(writers)));
      }
    }
    // Each run's pair is measured back to back; the median of their ratios resists the noise of a
    // shared machine better than a ratio of medians taken minutes apart.
    const ratio = median(appended.map((a, i) => a / plain[i]!));
    const verdict = isServer
      ? ratio >= TARGET
        ? 'PASS'
        : 'FAIL'
      : 'info (target is for PostgreSQL)';
    if (isServer && ratio < TARGET) ok = false;
    console.log(
      `  ${writers === 1 ? 'sequential' : `${writers} writers `}: event store ${fmt(median(appended))} appends/s ` +
        `vs plain INSERT ${fmt(median(plain))} rows/s → ratio ${ratio.toFixed(2)} (median of per-run ratios; target ≥ ${TARGET}) ${verdict}` +
        `  [${label}, ${APPENDS} single-event appends × ${RUNS} runs, median; runs: ${appended.map(fmt).join('/')} vs ${plain.map(fmt).join('/')}]`,
    );
  }
  return ok;
}

await runOnDrivers(benchDriver, async (pg) => {
  const sc = await pg.query<{ s: string }>(`SELECT current_setting('synchronous_commit') AS s`);
  return `pg (synchronous_commit=${sc.rows[0]!.s})`;
});
