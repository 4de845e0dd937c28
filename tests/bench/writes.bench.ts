/**
 * Writes under contention: doctor comments per second on ONE project (one event stream) with 1,
 * 10 and 50 concurrent writers, through the whole API (route, sealing, command handler with its
 * conflict retries, read-your-writes wait) by `app.inject` — on PGlite and, with DATABASE_URL, on
 * PostgreSQL. Each writer sends its comments one after another, each from its own client address
 * (the per-address limit is not what is measured), on a fresh project per level. Target: 0
 * refused at every level; comments/s, p50 and p99 are reported with the load average.
 *
 * Run: `npm run bench -- writes` (BENCH_COMMENTS per level, default 200).
 */
import { loadavg } from 'node:os';
import { bearer, seedProject, seedUser } from '../support/adminSeed.js';
import { freshIp } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import type { DriverName } from '../support/db.js';

const COMMENTS = Number(process.env.BENCH_COMMENTS ?? 200);
const LEVELS = [1, 10, 50];
const json = { 'content-type': 'application/json' };

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

interface Level {
  writers: number;
  stored: number;
  refused: Map<number, number>;
  perSecond: number;
  p50: number;
  p99: number;
}

async function level(t: TestApp, writers: number): Promise<Level> {
  const tech = await seedUser(t.deps, {
    name: 'Bench Tech',
    email: `bench-${writers}-${Date.now()}@lab.test`,
  });
  const p = await seedProject(t.deps, { userId: tech.id, name: `Writes ${writers}`, files: 1 });
  const per = Math.max(1, Math.floor(COMMENTS / writers));
  const latencies: number[] = [];
  const refused = new Map<number, number>();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      for (let i = 0; i < per; i++) {
        const t0 = performance.now();
        const r = await t.app.inject({
          method: 'POST',
          url: `/api/public/projects/${p.publicToken}/comments`,
          headers: { ...json, 'x-forwarded-for': freshIp() },
          payload: JSON.stringify({ authorName: `Dr. W${w}`, body: `writer ${w} note ${i}` }),
        });
        latencies.push(performance.now() - t0);
        if (r.statusCode !== 201) refused.set(r.statusCode, (refused.get(r.statusCode) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const thread = await t.app.inject({
    method: 'GET',
    url: `/api/projects/${p.id}/comments`,
    headers: bearer(tech.token),
  });
  const stored = (thread.json().comments as unknown[]).length;
  latencies.sort((a, b) => a - b);
  return {
    writers,
    stored,
    refused,
    perSecond: (per * writers) / seconds,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
  };
}

async function runDriver(driver: DriverName): Promise<boolean> {
  const t = await startTestApp(
    driver,
    { TRUST_PROXY: 'true', COMMENTS_PER_LINK_PER_HOUR: '100000' },
    { checkAnswers: false },
  );
  let ok = true;
  try {
    console.log(`\ndriver: ${driver}`);
    for (const writers of LEVELS) {
      const r = await level(t, writers);
      const sent = Math.max(1, Math.floor(COMMENTS / writers)) * writers;
      const refusedTotal = [...r.refused.values()].reduce((a, b) => a + b, 0);
      const refusedText = refusedTotal
        ? ` (${[...r.refused].map(([s, n]) => `${n}×${s}`).join(', ')})`
        : '';
      console.log(
        `  ${String(writers).padStart(2)} writers: ${r.perSecond.toFixed(1)} comments/s, ` +
          `p50 ${r.p50.toFixed(0)} ms, p99 ${r.p99.toFixed(0)} ms, ` +
          `${r.stored}/${sent} stored, ${refusedTotal} refused${refusedText} — load ${load()}`,
      );
      if (refusedTotal > 0 || r.stored !== sent) ok = false;
    }
  } finally {
    await t.close();
  }
  return ok;
}

console.log(`comments per level: ${COMMENTS}; load average ${load()}`);
let ok = await runDriver('pglite');
if (process.env.DATABASE_URL) ok = (await runDriver('pg')) && ok;
else console.log('\ndriver: pg — SKIPPED: DATABASE_URL is not set');
console.log(ok ? '\nwrites: 0 refused at every level' : '\nwrites: FAILED — comments refused');
process.exitCode = ok ? 0 : 1;
