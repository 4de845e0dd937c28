/**
 * Shared frame of the database benchmarks (eventStore, projections): median and number
 * formatting, the machine line, and one run on in-memory PGlite plus one on a scratch
 * PostgreSQL database when DATABASE_URL is set.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import type { Db } from '../../../api/src/db/db.js';
import { openPg } from '../../../api/src/db/pg.js';
import { openPglite } from '../../../api/src/db/pglite.js';
import { createPgDatabase } from '../../support/db.js';

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
export const fmt = (x: number) => Math.round(x).toLocaleString('en-US');

/**
 * Logs the machine, runs `bench` on PGlite and, with DATABASE_URL, on a scratch PostgreSQL
 * database (labelled by `pgLabel`), and sets the exit code: 1 when a run returned false.
 */
export async function runOnDrivers(
  bench: (label: string, db: Db, isServer: boolean) => Promise<boolean>,
  pgLabel: (db: Db) => Promise<string> = async () => 'pg',
): Promise<void> {
  console.log(
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, ` +
      `load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}, node ${process.version}`,
  );
  let ok = true;
  const lite = await openPglite(undefined);
  try {
    ok = (await bench('pglite (in-process, memory)', lite, false)) && ok;
  } finally {
    await lite.close();
  }
  if (process.env.DATABASE_URL) {
    const scratch = await createPgDatabase();
    const pg = await openPg(scratch.url);
    try {
      ok = (await bench(await pgLabel(pg), pg, true)) && ok;
    } finally {
      await pg.close();
      await scratch.drop();
    }
  } else {
    console.log('\ndriver: pg — SKIPPED: DATABASE_URL is not set');
  }
  process.exitCode = ok ? 0 : 1;
}
