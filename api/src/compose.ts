/**
 * The composition root: builds every adapter once from the configuration. main.ts and the
 * integration tests both use it, so tests run the same wiring as production.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import { startProjections } from '../../projections/src/runner.js';
import { allProjections } from '../../projections/src/registry.js';
import type { Config } from './config.js';
import { loadKek } from './crypto/kek.js';
import { KeyRing } from './crypto/keyRing.js';
import { openDb } from './db/open.js';
import type { AppDeps } from './deps.js';
import { openEventStore } from './store/open.js';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface Composed {
  deps: AppDeps;
  /** Stops background work and closes connections, in reverse order of creation. */
  close(): Promise<void>;
}

export async function createDeps(config: Config, log: Logger): Promise<Composed> {
  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const c of closers.reverse()) {
      try {
        await c();
      } catch (err) {
        log.error({ err }, 'close failed');
      }
    }
  };
  try {
    const db = await openDb({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.dataDir,
      onError: (err) => log.warn({ err }, 'database connection error'),
    });
    closers.push(() => db.close());

    const store = await openEventStore({
      kind: config.EVENT_STORE,
      db,
      esdbUrl: config.ESDB_URL,
    });
    closers.push(() => store.close());

    const keys = new KeyRing(db, loadKek({ kekBase64: config.CUSP_KEK, dataDir: config.dataDir }));

    const projections = await startProjections({
      db,
      store,
      log: log.child({ component: 'projections' }),
      projections: allProjections(),
      run: config.PROJECTIONS === 'inline',
    });
    closers.push(() => projections.stop());

    const webRoot = join(repoRoot, 'web', 'dist');
    const deps: AppDeps = {
      config,
      log,
      db,
      store,
      keys,
      projections,
      now: () => new Date(),
      webRoot: existsSync(join(webRoot, 'index.html')) ? webRoot : undefined,
    };
    return { deps, close };
  } catch (err) {
    await close();
    throw err;
  }
}
