/**
 * A projection runner in a process of its own, for the kill test: `node --import tsx
 * runnerProcess.ts <database url>`. Prints "started" once running; never stops by itself.
 */
import pino from 'pino';
import { openPg } from '../../../api/src/db/pg.js';
import { PostgresEventStore } from '../../../api/src/store/postgres.js';
import { startProjections } from '../../../projections/src/runner.js';
import { tallyProjection } from './support.js';

const db = await openPg(process.argv[2]!);
const store = await PostgresEventStore.open(db);
await startProjections({
  db,
  store,
  log: pino({ level: 'silent' }),
  projections: [tallyProjection('tally_kill', { delayMs: 5 })],
  batchSize: 50,
  pollIntervalMs: 50,
});
console.log('started');
