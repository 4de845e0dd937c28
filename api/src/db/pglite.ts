import { mkdirSync } from 'node:fs';
import { PGlite, types } from '@electric-sql/pglite';
import type { Db, QueryResult, SqlExecutor } from './db.js';

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

/** PGlite in-process: the embedded default. One instance per process (architecture §5). */
export async function openPglite(dataDir: string | undefined): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    parsers: { [types.INT8]: asString, [types.NUMERIC]: asString },
  });
  const base = executor(pg);
  return {
    kind: 'pglite',
    query: base.query,
    transaction: (fn) => pg.transaction((tx) => fn(executor(tx))),
    async listen(channel, onNotify) {
      const unlisten = await pg.listen(channel, onNotify);
      return async () => {
        if (!pg.closed) await unlisten();
      };
    },
    async close() {
      if (!pg.closed) await pg.close();
    },
  };
}
