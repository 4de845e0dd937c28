/**
 * The read path under load: autocannon, 20 connections, 8 s per target, each request from its own
 * client address (TRUST_PROXY, X-Forwarded-For), against a real Cusp process — on the embedded
 * PGlite and, with DATABASE_URL, on PostgreSQL. Targets, measured against the static file
 * `/robots.txt` in the same run:
 *   - `GET /api/public/projects/<token>` (the doctor's link): ≥ 0.3 of the static baseline's
 *     req/s, p99 < 50 ms, 0 errors;
 *   - `/api/health` and a large view-derivative download: reported, 0 errors.
 * The server's RSS before and after the runs is printed, and the load average with every figure.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createPgDatabase } from '../support/db.js';
import { syntheticArch, toSoup, writeBinaryStl, fixtureStl } from '../support/meshFiles.js';
import { startCuspProcess, type CuspProcess } from '../support/process.js';
import { createProject, signIn } from './support/cuspClient.js';
import {
  hammer as loadHammer,
  load,
  show as showFigures,
  type Figures,
} from './support/loadHarness.js';

const CONNECTIONS = 20;
const SECONDS = Number(process.env.READ_BENCH_SECONDS ?? 8);
const hammer = (url: string, headers: Record<string, string> = {}) =>
  loadHammer(url, { connections: CONNECTIONS, seconds: SECONDS, headers });
const show = (name: string, f: Figures, base?: Figures) =>
  showFigures(name, f, base ? { f: base, label: 'static' } : undefined);

function rssMb(cusp: CuspProcess): number {
  const status = readFileSync(`/proc/${cusp.child.pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function runDriver(label: string, env: Record<string, string>): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cusp-load-'));
  const cusp = await startCuspProcess({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SMTP_URL: '',
    TRUST_PROXY: 'true',
    ...env,
  });
  const failures: string[] = [];
  try {
    const token = await signIn(cusp, dataDir, `load.${label}@bench.test`);
    // A dense noisy scan: its view derivative is the large download.
    const scan = syntheticArch(2000, 251, { seed: 5 });
    const p = await createProject(cusp, token, 'Load bench', [
      { file: 'upper.stl', bytes: fixtureStl('upper-arch-crowns.stl') },
      { file: 'scan.stl', bytes: writeBinaryStl(toSoup(scan.positions, scan.indices)) },
    ]);
    const pub = p.viewerPath.split('/').pop()!;
    const viewUrl = `${cusp.baseUrl}/api/public/projects/${pub}/view/${p.modelIds[1]!}`;
    const first = await fetch(viewUrl, { headers: { 'accept-encoding': 'br' } });
    const viewBytes = (await first.arrayBuffer()).byteLength;

    const rss0 = rssMb(cusp);
    console.log(
      `${label}: server RSS ${rss0.toFixed(0)} MB before; view derivative ${(viewBytes / 1e6).toFixed(2)} MB; ${load()}`,
    );
    // Warm-up (JIT, caches), not reported.
    await autocannon({
      url: `${cusp.baseUrl}/api/public/projects/${pub}`,
      connections: 4,
      duration: 2,
    });

    const staticF = await hammer(`${cusp.baseUrl}/robots.txt`);
    show('/robots.txt (static baseline)', staticF);
    const health = await hammer(`${cusp.baseUrl}/api/health`);
    show('/api/health', health, staticF);
    const project = await hammer(`${cusp.baseUrl}/api/public/projects/${pub}`);
    show('GET /api/public/projects/<token>', project, staticF);
    const view = await hammer(viewUrl, { 'accept-encoding': 'br' });
    show(`view derivative (${(viewBytes / 1e6).toFixed(1)} MB)`, view, staticF);
    const rss1 = rssMb(cusp);
    console.log(`  server RSS ${rss1.toFixed(0)} MB after (+${(rss1 - rss0).toFixed(0)} MB)`);

    const ratio = project.rps / staticF.rps;
    const verdict = (name: string, pass: boolean, detail: string) => {
      console.log(`${pass ? 'PASS' : 'FAIL'} ${label} ${name}: ${detail}`);
      if (!pass) failures.push(`${label} ${name}`);
    };
    verdict('public project ≥ 0.3 of static req/s', ratio >= 0.3, `${ratio.toFixed(3)}`);
    verdict('public project p99 < 50 ms', project.p99 < 50, `${project.p99} ms`);
    for (const [name, f] of [
      ['static', staticF],
      ['health', health],
      ['public project', project],
      ['view derivative', view],
    ] as const)
      verdict(
        `${name}: 0 errors`,
        f.errors + f.non2xx === 0,
        `${f.errors} errors, ${f.non2xx} non-2xx`,
      );
  } finally {
    await cusp.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return failures;
}

async function main(): Promise<void> {
  console.log(`load: ${CONNECTIONS} connections, ${SECONDS} s per target; ${load()}`);
  const failures = await runDriver('pglite', { DATABASE_URL: '' });
  if (process.env.DATABASE_URL) {
    const { url, drop } = await createPgDatabase();
    try {
      failures.push(...(await runDriver('pg', { DATABASE_URL: url })));
    } finally {
      await drop();
    }
  } else console.log('(PostgreSQL: set DATABASE_URL to run it too)');
  if (failures.length) {
    console.log(`\nload: ${failures.length} target(s) missed`);
    process.exit(1);
  }
}

void main();
