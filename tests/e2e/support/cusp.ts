import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect, type ConsoleMessage } from '@playwright/test';
import { createPgDatabase } from '../../support/db';
import { ROOT } from './paths';

/** A running Cusp for one Playwright worker. */
export interface CuspServer {
  /** e.g. http://127.0.0.1:41234 — also the tests' baseURL. */
  baseURL: string;
  /** The server's fresh DATA_DIR (empty string when CUSP_E2E_BASE_URL points elsewhere). */
  dataDir: string;
}

// A cold start (tsx compiling the server, PGlite's first open) takes seconds alone and over a
// minute on a loaded two-core machine.
export const HEALTH_TIMEOUT_MS = 120_000;
const LOG_TAIL_CHARS = 8_000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

async function waitForHealth(url: string, child: ChildProcess, logs: () => string): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (exited(child)) {
      throw new Error(
        `Cusp exited (code ${child.exitCode}, signal ${child.signalCode}) before ${url} answered.\n${logs()}`,
      );
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `Cusp did not answer ${url} with 200 within ${HEALTH_TIMEOUT_MS / 1000} s (last: ${last}).\n${logs()}`,
  );
}

async function stop(child: ChildProcess): Promise<void> {
  if (exited(child)) return;
  const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => {
    if (!exited(child)) child.kill('SIGKILL');
  }, 10_000);
  await done;
  clearTimeout(timer);
}

/**
 * Starts `node --import tsx api/src/main.ts` on a free port with an empty data directory — and,
 * when DATABASE_URL names a PostgreSQL server, a fresh database of its own there (each server
 * has its own key file, so two servers must never share a database).
 */
export async function startCusp(
  env: Record<string, string> = {},
): Promise<{ server: CuspServer; close: () => Promise<void> }> {
  const external = process.env.CUSP_E2E_BASE_URL?.replace(/\/+$/, '');
  if (external) {
    return { server: { baseURL: external, dataDir: '' }, close: async () => {} };
  }
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cusp-e2e-'));
  const pgDb = process.env.DATABASE_URL ? await createPgDatabase() : undefined;
  const baseURL = `http://127.0.0.1:${port}`;
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-LOG_TAIL_CHARS);
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env, // passes DATABASE_URL and friends through
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_BASE_URL: baseURL,
      LOG_LEVEL: 'warn',
      // API helpers register each account from its own address (support/accounts.ts freshClient).
      TRUST_PROXY: 'true',
      ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const logs = () => (output ? `--- server output (tail) ---\n${output}` : '(no server output)');

  try {
    await waitForHealth(`${baseURL}/api/health`, child, logs);
  } catch (err) {
    await stop(child);
    await rm(dataDir, { recursive: true, force: true });
    await pgDb?.drop();
    throw err;
  }
  return {
    server: { baseURL, dataDir },
    close: async () => {
      await stop(child);
      await rm(dataDir, { recursive: true, force: true });
      await pgDb?.drop();
      if (child.exitCode && child.exitCode !== 0 && child.exitCode !== 143) {
        console.warn(`Cusp exited with code ${child.exitCode}.\n${logs()}`);
      }
    },
  };
}

interface TestFixtures {
  /** Fails the test on uncaught page errors and Content-Security-Policy violations. */
  pageGuard: void;
}

interface WorkerFixtures {
  cusp: CuspServer;
}

/**
 * The worker-scoped `cusp` fixture. A spec file that declares it again in its own `test.extend`
 * gets a server of its own (the registration limit, for one, is per server).
 */
export const cuspFixture: [
  (args: object, use: (server: CuspServer) => Promise<void>) => Promise<void>,
  { scope: 'worker'; timeout: number },
] = [
  // Playwright reads the fixtures a fixture needs from this destructuring: none.
  // eslint-disable-next-line no-empty-pattern
  async ({}, use) => {
    const { server, close } = await startCusp();
    try {
      await use(server);
    } finally {
      await close();
    }
  },
  { scope: 'worker', timeout: HEALTH_TIMEOUT_MS + 30_000 },
];

export const test = base.extend<TestFixtures, WorkerFixtures>({
  cusp: cuspFixture,
  baseURL: async ({ cusp }, use) => {
    await use(cusp.baseURL);
  },
  pageGuard: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
      page.on('console', (msg: ConsoleMessage) => {
        if (/Content Security Policy|Refused to (load|apply|execute)/i.test(msg.text())) {
          problems.push(`CSP: ${msg.text()}`);
        }
      });
      await use();
      expect(problems, 'no page errors or CSP violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
