/**
 * Operator CLI: `npm run projections -- status` and `npm run projections -- rebuild <name|all>`.
 * Opens the same database as the app (DATABASE_URL, else PGlite in DATA_DIR/pg).
 */
import pino from 'pino';
import { ConfigError, loadConfig } from '../../api/src/config.js';
import type { Db } from '../../api/src/db/db.js';
import { openDb } from '../../api/src/db/open.js';
import { DataDirInUse, dataDirInUseMessage } from '../../api/src/db/pglite.js';
import type { EventStore } from '../../api/src/store/eventStore.js';
import { openEventStore } from '../../api/src/store/open.js';
import { formatTable, progressPrinter } from './format.js';
import { rebuildProjections } from './rebuild.js';
import { allProjections } from './registry.js';
import { projectionStatus, startProjections } from './runner.js';

const USAGE = `usage: npm run projections -- <command>

  status                 each projection: version, checkpoint, lag (events behind the head)
  rebuild <name|all>     replay into fresh tables and swap them in (the API may keep running
                         when it uses DATABASE_URL)
  run                    a projection worker: keeps every read model up to date until SIGTERM
                         (for API processes started with PROJECTIONS=off)

projections: ${allProjections()
  .map((p) => p.name)
  .join(', ')}`;

async function status(db: Db, store: EventStore): Promise<void> {
  const rows = await projectionStatus(db, store, allProjections());
  const head = await store.headPosition();
  console.log(`event store head: ${head ?? '(empty)'}`);
  console.log(
    formatTable([
      ['projection', 'version', 'live version', 'status', 'checkpoint', 'lag', 'last error'],
      ...rows.map((r) => [
        r.name,
        String(r.version),
        r.liveVersion === undefined ? '-' : String(r.liveVersion),
        r.status,
        r.position ?? '(start)',
        String(r.lag),
        r.lastError ?? '',
      ]),
    ]),
  );
}

async function rebuild(db: Db, store: EventStore, name: string): Promise<void> {
  const results = await rebuildProjections({
    db,
    store,
    projections: allProjections(),
    name,
    log: pino({ level: 'warn' }, pino.destination(2)),
    onProgress: progressPrinter(process.stderr),
  });
  for (const r of results) {
    const perSecond = r.ms > 0 ? Math.round((r.events / r.ms) * 1000) : 0;
    console.log(
      `rebuilt ${r.projection}: ${r.events} events in ${(r.ms / 1000).toFixed(1)} s ` +
        `(${perSecond} events/s), checkpoint ${r.position ?? '(start)'}; swapped in`,
    );
  }
}

/** Runs the projection runner in this process until SIGTERM or SIGINT. */
async function runWorker(db: Db, store: EventStore, level: string): Promise<void> {
  const log = pino({ level, base: { service: 'cusp-projections' } });
  const runner = await startProjections({
    db,
    store,
    log,
    projections: allProjections(),
    run: true,
  });
  log.info('projection worker running');
  await new Promise<void>((resolve) => {
    process.once('SIGTERM', resolve);
    process.once('SIGINT', resolve);
  });
  log.info('projection worker stopping');
  await runner.stop();
}

async function main(argv: string[]): Promise<number> {
  const [command, arg] = argv;
  if (command !== 'status' && command !== 'rebuild' && command !== 'run') {
    console.error(USAGE);
    return 2;
  }
  if (command === 'rebuild' && !arg) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  let db: Db;
  try {
    db = await openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  } catch (err) {
    if (err instanceof DataDirInUse) {
      console.error(dataDirInUseMessage(err));
      return 1;
    }
    throw err;
  }
  try {
    const store = await openEventStore({ kind: config.EVENT_STORE, db, esdbUrl: config.ESDB_URL });
    try {
      if (command === 'status') await status(db, store);
      else if (command === 'run') await runWorker(db, store, config.LOG_LEVEL);
      else await rebuild(db, store, arg!);
    } finally {
      await store.close();
    }
  } finally {
    await db.close();
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof ConfigError) console.error(err.message);
    else console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
