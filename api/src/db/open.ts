import { join } from 'node:path';
import type { Db } from './db.js';
import { migrate } from './migrate.js';
import { openPg } from './pg.js';
import { openPglite } from './pglite.js';

export interface OpenDbOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  onError?: (err: Error) => void;
}

/** `DATABASE_URL` set → a PostgreSQL server through `pg`; unset → PGlite in `<dataDir>/pg`. */
export async function openDb(opts: OpenDbOptions): Promise<Db> {
  const db = opts.databaseUrl
    ? await openPg(opts.databaseUrl, opts.onError ? { onError: opts.onError } : {})
    : await openPglite(join(opts.dataDir, 'pg'));
  try {
    await migrate(db);
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}
