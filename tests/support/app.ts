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
import { createDeps } from '../../api/src/compose.js';
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
  /** The app's clock (default the system clock), for expiry tests. */
  now?: () => Date;
}

export async function startTestApp(
  driver: DriverName,
  env: Record<string, string> = {},
  opts: StartTestAppOptions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cusp-test-'));
  const pgDb = driver === 'pg' ? await createPgDatabase() : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: 'http://cusp.test',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...env,
  });
  const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const { deps, close } = await createDeps(config, log, opts.now ? { now: opts.now } : {});
  if (opts.webRoot) deps.webRoot = opts.webRoot;
  const app = await buildApp(deps, { loggerInstance: log });
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
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
