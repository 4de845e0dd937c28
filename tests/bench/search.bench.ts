/**
 * Project list search at scale: one technician with 5,000 projects (and 1,000 of other
 * users), every personal field sealed as in production, seeded into the read model; then a real
 * Cusp process on that data, loaded by the load benchmark's harness (autocannon, 10 connections,
 * 6 s per target). Baseline, in the same run: the same list page without search
 * (`/api/projects?limit=50`). Gate: every search target's p99 < 100 ms on PostgreSQL (PGlite is
 * reported). The first search of a process opens and caches the sealed fields: its time is
 * printed apart.
 *
 * `npm run bench -- search`; DATABASE_URL set → PostgreSQL too.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PUBLIC_USER_ID } from '../../api/src/domain/project.js';
import { seedUser } from '../support/adminSeed.js';
import { startTestApp } from '../support/app.js';
import { createPgDatabase, type DriverName } from '../support/db.js';
import { startCuspProcess } from '../support/process.js';
import { seedProjectRows, type ProjectRowSeed } from '../support/projectRows.js';
import { hammer, load, show, type Figures } from './support/loadHarness.js';

const MINE = 5_000;
const OTHERS = 1_000;
const CONNECTIONS = 10;
const SECONDS = Number(process.env.SEARCH_BENCH_SECONDS ?? 6);
const P99_MS = 100;
const HOUR = 3_600_000;
const STATUSES = ['pending', 'pending_review', 'pending_revision', 'approved'] as const;
const FIRST = ['Anna', 'Bruno', 'Chloé', 'Dmitri', 'Éva', 'Farid', 'Grace', 'Hugo', 'Inès'];
const LAST = ['Moreau', 'Kowalski', 'Nguyễn', 'Schmidt', 'Rossi', 'Silva', 'Novak'];
const ADMIN_EMAIL = 'bench.admin@cusp.test';

/** Seeds the data with an in-process app, closed before the measured process starts on it. */
async function seed(driver: DriverName, dataDir: string, databaseUrl: string | undefined) {
  const t = await startTestApp(
    driver,
    { ADMIN_EMAILS: ADMIN_EMAIL },
    { data: { dataDir, ...(databaseUrl ? { databaseUrl } : {}) }, checkAnswers: false },
  );
  try {
    const tech = await seedUser(t.deps, { name: 'Bench Tech', email: 'tech@bench.test' });
    const admin = await seedUser(t.deps, {
      name: 'Bench Admin',
      email: ADMIN_EMAIL,
      role: 'admin',
    });
    const other = await seedUser(t.deps, { name: 'Other Tech', email: 'other@bench.test' });
    const start = Date.UTC(2026, 0, 1);
    const seeds: ProjectRowSeed[] = [];
    for (let i = 0; i < MINE + OTHERS; i++) {
      const created = new Date(start + i * HOUR);
      seeds.push({
        userId: i < MINE ? tech.id : i % 2 ? other.id : PUBLIC_USER_ID,
        name: `Case ${i} ${i % 3 === 0 ? 'crown' : 'bridge'} ${i % 5 === 0 ? 'implant' : 'veneer'}`,
        patientName: `${FIRST[i % FIRST.length]} ${LAST[i % LAST.length]} ${i % 97}`,
        laboratoryName: `Lab ${i % 40}`,
        status: STATUSES[i % STATUSES.length]!,
        createdAt: created,
        lastActivityAt: new Date(created.getTime() + ((i * 7919) % 500) * HOUR),
        unreadCount: i % 11 === 0 ? 1 : 0,
      });
    }
    const s = performance.now();
    await seedProjectRows(t.deps, seeds);
    console.log(
      `${driver}: seeded ${MINE} + ${OTHERS} projects in ${((performance.now() - s) / 1000).toFixed(1)} s; ${load()}`,
    );
    return { tech: tech.token, admin: admin.token };
  } finally {
    await t.close();
  }
}

async function runDriver(driver: DriverName): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cusp-search-'));
  const pgDb = driver === 'pg' ? await createPgDatabase() : undefined;
  const failures: string[] = [];
  try {
    const tokens = await seed(driver, dataDir, pgDb?.url);
    const cusp = await startCuspProcess({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      TRUST_PROXY: 'true',
      ADMIN_EMAILS: ADMIN_EMAIL,
      DATABASE_URL: pgDb?.url ?? '',
    });
    try {
      const url = (path: string) => `${cusp.baseUrl}${path}`;
      const auth = (token: string) => ({ authorization: `Bearer ${token}` });
      const targets = [
        { name: 'q=patient', path: '/api/projects?q=chlo%C3%A9%20moreau&limit=50', t: tokens.tech },
        {
          name: 'q=word, sort=name',
          path: '/api/projects?q=crown&sort=name&limit=50',
          t: tokens.tech,
        },
        {
          name: 'needs=answer, sort=activity',
          path: '/api/projects?needs=answer&sort=activity&limit=50',
          t: tokens.tech,
        },
        {
          name: 'q + status + dates',
          path: '/api/projects?q=implant&status=approved,pending&from=2026-02-01&to=2026-06-30&limit=50',
          t: tokens.tech,
        },
        {
          name: 'admin q=patient',
          path: '/api/admin/projects?q=anna%20silva&limit=50',
          t: tokens.admin,
        },
      ];
      // First search of the process: opens and caches every project's sealed fields.
      const s = performance.now();
      const first = await fetch(url(targets[0]!.path), { headers: auth(tokens.tech) });
      const firstMs = performance.now() - s;
      const total = first.headers.get('x-total-count');
      console.log(
        `${driver}: first search ${firstMs.toFixed(0)} ms (opens ${MINE} projects), ${total} hits; ${load()}`,
      );
      for (const x of targets) {
        const r = await fetch(url(x.path), { headers: auth(x.t) });
        if (r.status !== 200) throw new Error(`${x.path}: ${r.status} ${await r.text()}`);
      }
      // Warm-up (JIT, caches), not reported.
      await hammer(url('/api/projects?limit=50'), {
        connections: 4,
        seconds: 2,
        headers: auth(tokens.tech),
      });

      const opts = (t: string) => ({
        connections: CONNECTIONS,
        seconds: SECONDS,
        headers: auth(t),
      });
      const base = await hammer(url('/api/projects?limit=50'), opts(tokens.tech));
      show('list page, no search (baseline)', base);
      const results: [string, Figures][] = [];
      for (const x of targets) {
        const f = await hammer(url(x.path), opts(x.t));
        show(x.name, f, { f: base, label: 'baseline' });
        results.push([x.name, f]);
      }
      for (const [name, f] of results) {
        const pass = f.p99 < P99_MS && f.errors + f.non2xx === 0;
        const gated = driver === 'pg';
        console.log(
          `${pass ? 'PASS' : gated ? 'FAIL' : 'INFO'} ${driver} ${name}: p99 ${f.p99} ms (< ${P99_MS}), ` +
            `${(f.rps / base.rps).toFixed(2)} of baseline req/s, ${f.errors + f.non2xx} errors; ${load()}`,
        );
        if (!pass && gated) failures.push(`${driver} ${name}`);
      }
    } finally {
      await cusp.stop();
    }
  } finally {
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return failures;
}

async function main(): Promise<void> {
  console.log(`search: ${CONNECTIONS} connections, ${SECONDS} s per target; ${load()}`);
  const failures = await runDriver('pglite');
  if (process.env.DATABASE_URL) failures.push(...(await runDriver('pg')));
  else console.log('(PostgreSQL: set DATABASE_URL to run it too)');
  if (failures.length) {
    console.log(`\nsearch: ${failures.length} target(s) missed`);
    process.exit(1);
  }
}

void main();
