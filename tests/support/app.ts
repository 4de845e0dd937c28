/**
 * A whole Cusp API for integration tests: the production composition root (compose.ts) on a
 * fresh temp data dir, with PGlite or a fresh PostgreSQL database. Use `app.inject` to call it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../../api/src/app.js';
import { createDeps, type CreateDepsOptions } from '../../api/src/compose.js';
import { loadConfig } from '../../api/src/config.js';
import type { AppDeps } from '../../api/src/deps.js';
import { createPgDatabase, type DriverName } from './db.js';

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  dataDir: string;
  driver: DriverName;
  close(): Promise<void>;
}

export interface StartTestAppOptions {
  /** Serve this folder as the built web app instead of `web/dist`. */
  webRoot?: string;
  /**
   * Start on existing data (a restart): this data dir and, for `pg`, this database. The caller
   * owns them; `close` leaves them in place.
   */
  data?: { dataDir: string; databaseUrl?: string };
  /** Options of the composition root (e.g. `sweepers: false`). */
  compose?: CreateDepsOptions;
  /** The app's clock (default the system clock), for expiry tests. */
  now?: () => Date;
  /**
   * Parse every JSON answer with its API contract schema (default true, so every integration
   * test also checks the contract); benchmarks turn it off to measure what production does.
   */
  checkAnswers?: boolean;
}

export async function startTestApp(
  driver: DriverName,
  env: Record<string, string> = {},
  opts: StartTestAppOptions = {},
): Promise<TestApp> {
  const dataDir = opts.data?.dataDir ?? mkdtempSync(join(tmpdir(), 'cusp-test-'));
  const pgDb = driver === 'pg' && !opts.data ? await createPgDatabase() : undefined;
  const databaseUrl = pgDb?.url ?? opts.data?.databaseUrl;
  if (driver === 'pg' && !databaseUrl) throw new Error('pg: data.databaseUrl is required');
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: 'http://cusp.test',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    // In-process PGlite stalls the loop for seconds on a busy test machine; the guard's own
    // behaviour is tested where a test turns it back on.
    LOAD_GUARD_MAX_DELAY_MS: '0',
    ...(driver === 'pg' ? { DATABASE_URL: databaseUrl! } : {}),
    ...env,
  });
  const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const { deps, close } = await createDeps(config, log, {
    ...opts.compose,
    ...(opts.now ? { now: opts.now } : {}),
  });
  if (opts.webRoot) deps.webRoot = opts.webRoot;
  const app = await buildApp(deps, {
    loggerInstance: log,
    checkAnswers: opts.checkAnswers ?? true,
  });
  await app.ready();
  return {
    app,
    deps,
    dataDir,
    driver,
    async close() {
      await app.close();
      await close();
      await pgDb?.drop();
      if (!opts.data) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
