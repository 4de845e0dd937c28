/**
 * Projection rebuild throughput: `rebuildProjection(audit_log)` over 100k events (replay into
 * fresh tables, swap) against the same-run speed of only reading those events through the
 * store's no-skip `readAll`, on the same driver. Targets on real PostgreSQL: ratio ≥ 0.3 and
 * ≥ 2,000 events/s.
 *
 * Run: `npm run bench -- projections` (PGlite; also PostgreSQL when DATABASE_URL is set).
 */
import type { Db } from '../../api/src/db/db.js';
import { migrate } from '../../api/src/db/migrate.js';
import type { Position } from '../../api/src/store/eventStore.js';
import { PostgresEventStore } from '../../api/src/store/postgres.js';
import { fmt, median, runOnDrivers } from './support/dbBench.js';
import { auditLogProjection } from '../../projections/src/auditLog/index.js';
import { rebuildProjection } from '../../projections/src/rebuild.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const PAGE = Number(process.env.BENCH_PAGE ?? 2000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET_RATIO = 0.3;
const TARGET_RATE = 2000;

/** Realistic rows (uuid ids, actor/at metadata, sealed-looking data), 10k per transaction. */
async function seed(db: Db, count: number): Promise<void> {
  for (let from = 0; from < count; from += 10_000) {
    const to = Math.min(count, from + 10_000) - 1;
    await db.query(
      `INSERT INTO events (stream, revision, event_id, type, data, metadata)
       SELECT 'project-' || md5((g % 2000)::text)::uuid, g / 2000, gen_random_uuid(),
              (ARRAY['ProjectCreated','FeedbackGiven','FeedbackRead','ProjectApproved'])[1 + g % 4],
              jsonb_build_object('comment', 'v1:' || md5(g::text) || md5((g + 1)::text), 'n', g),
              jsonb_build_object('actor', 'user:' || md5((g % 300)::text)::uuid,
                                 'at', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                                 'requestId', gen_random_uuid())
       FROM generate_series($1::int, $2::int) AS g`,
      [from, to],
    );
  }
}

async function timeRead(store: PostgresEventStore): Promise<number> {
  const started = performance.now();
  let after: Position | undefined;
  let n = 0;
  for (;;) {
    const page = await store.readAll({ ...(after ? { after } : {}), maxCount: PAGE });
    if (!page.last) break;
    n += page.events.length;
    after = page.last;
  }
  if (n !== EVENTS) throw new Error(`read ${n} events, expected ${EVENTS}`);
  return n / ((performance.now() - started) / 1000);
}

async function timeRebuild(db: Db, store: PostgresEventStore): Promise<number> {
  const r = await rebuildProjection({
    db,
    store,
    projection: auditLogProjection,
    batchSize: PAGE,
    total: EVENTS,
  });
  if (r.events !== EVENTS) throw new Error(`rebuilt ${r.events} events, expected ${EVENTS}`);
  const { rows } = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM audit_log');
  if (Number(rows[0]!.n) !== EVENTS) throw new Error(`audit_log has ${rows[0]!.n} rows`);
  return r.events / (r.ms / 1000);
}

async function benchDriver(label: string, db: Db, isServer: boolean): Promise<boolean> {
  await migrate(db);
  const version = (await db.query<{ v: string }>('SELECT version() AS v')).rows[0]!.v;
  console.log(`\ndriver: ${label} — ${version}`);
  const seedStart = performance.now();
  await seed(db, EVENTS);
  const store = await PostgresEventStore.open(db);
  console.log(
    `  seeded ${fmt(EVENTS)} events in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );
  await timeRead(store); // warm-up (WASM tier-up, caches)

  const reads: number[] = [];
  const rebuilds: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    reads.push(await timeRead(store));
    rebuilds.push(await timeRebuild(db, store));
    global.gc?.();
  }
  const ratio = median(rebuilds.map((r, i) => r / reads[i]!));
  const rate = median(rebuilds);
  const ok = ratio >= TARGET_RATIO && rate >= TARGET_RATE;
  const verdict = isServer ? (ok ? 'PASS' : 'FAIL') : 'info (targets are for PostgreSQL)';
  console.log(
    `  audit_log rebuild ${fmt(rate)} events/s vs read ${fmt(median(reads))} events/s → ratio ${ratio.toFixed(2)} ` +
      `(median of per-run ratios; targets ≥ ${TARGET_RATIO} and ≥ ${fmt(TARGET_RATE)} events/s) ${verdict}` +
      `  [${label}, ${fmt(EVENTS)} events, pages of ${PAGE}, ${RUNS} runs; runs: ${rebuilds.map(fmt).join('/')} vs ${reads.map(fmt).join('/')}]`,
  );
  return !isServer || ok;
}

await runOnDrivers(benchDriver);
