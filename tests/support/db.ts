/**
 * The databases every storage test runs on: embedded PGlite always, and a real PostgreSQL
 * server when DATABASE_URL is set — there each test file gets a fresh database of its own,
 * dropped afterwards, so files can run in parallel.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Db } from '../../api/src/db/db.js';
import { migrate } from '../../api/src/db/migrate.js';
import { openPg } from '../../api/src/db/pg.js';
import { openPglite } from '../../api/src/db/pglite.js';

export type DriverName = 'pglite' | 'pg';

export interface TestDb {
  driver: DriverName;
  db: Db;
  /** Only for pg: the URL of this test's own database (for a second process or client). */
  url?: string;
  drop(): Promise<void>;
}

export function testDrivers(): DriverName[] {
  return process.env.DATABASE_URL ? ['pglite', 'pg'] : ['pglite'];
}

/** A URL on the same server as DATABASE_URL, naming another database. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function createPgDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('DATABASE_URL is not set');
  const name = `cusp_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(serverUrl, name),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** A fresh, migrated database on the given driver. */
export async function openTestDb(driver: DriverName): Promise<TestDb> {
  if (driver === 'pglite') {
    const db = await openPglite(undefined);
    await migrate(db);
    return { driver, db, drop: () => db.close() };
  }
  const created = await createPgDatabase();
  const db = await openPg(created.url);
  await migrate(db);
  return {
    driver,
    db,
    url: created.url,
    async drop() {
      await db.close();
      await created.drop();
    },
  };
}
