import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { DatabaseUnavailable, type Db, type QueryResult, type SqlExecutor } from './db.js';

const asString = (v: string) => v;

interface PgliteQueryable {
  query<R>(
    text: string,
    params?: unknown[],
  ): Promise<{ rows: R[]; affectedRows?: number | undefined }>;
}

function executor(q: PgliteQueryable): SqlExecutor {
  return {
    async query<R>(text: string, params?: unknown[]): Promise<QueryResult<R>> {
      const r = await q.query<R>(text, params);
      return { rows: r.rows, rowCount: r.affectedRows || r.rows.length };
    },
  };
}

/** Another live process has this PGlite data directory open. */
export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`the database in ${dataDir} is in use by process ${pid}`);
    this.name = 'DataDirInUse';
  }
}

/** What an operator CLI prints when the server holds the embedded database. */
export const dataDirInUseMessage = (err: DataDirInUse): string =>
  `The embedded database in ${err.dataDir} is in use by process ${err.pid} (the Cusp server).\n` +
  `PGlite can be opened by one process only: stop the server first, then run this again.\n` +
  `Or run Cusp against PostgreSQL (DATABASE_URL), where the CLI works while the API serves.`;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite takes no lock of its own: a second process opening the same directory gets its own
 * diverging copy of the database and both then overwrite each other's files. `<dir>.lock` holds
 * the owner's pid; a lock left by a dead process is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const path = `${resolve(dataDir)}.lock`;
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(path, 'utf8') === String(process.pid)) unlinkSync(path);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw err;
      const pid = Number(readFileSync(path, 'utf8'));
      if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) throw new DataDirInUse(dataDir, pid);
      unlinkSync(path);
    }
  }
}

/** PGlite in-process: the embedded default. One instance per process. */
export async function openPglite(dataDir: string | undefined): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  let pg: PGlite;
  try {
    pg = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      parsers: { [types.INT8]: asString, [types.NUMERIC]: asString },
    });
  } catch (err) {
    unlock();
    throw err;
  }
  const base = executor(pg);
  // A closed (or closing) instance answers nothing any more: the database is gone for the app.
  const classified = (err: unknown) =>
    pg.closed || (err instanceof Error && /^PGlite is clos(ed|ing)$/.test(err.message))
      ? new DatabaseUnavailable(err)
      : err;
  return {
    kind: 'pglite',
    async query<R>(text: string, params?: unknown[]) {
      try {
        return await base.query<R>(text, params);
      } catch (err) {
        throw classified(err);
      }
    },
    async transaction(fn) {
      try {
        return await pg.transaction((tx) => fn(executor(tx)));
      } catch (err) {
        throw classified(err);
      }
    },
    async listen(channel, onNotify) {
      const unlisten = await pg.listen(channel, onNotify);
      return async () => {
        if (!pg.closed) await unlisten();
      };
    },
    async close() {
      if (!pg.closed) await pg.close();
      unlock();
    },
  };
}
