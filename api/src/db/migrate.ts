import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db.js';

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any fixed number: it serialises concurrent start-ups of several API processes. */
const MIGRATION_LOCK = 7_346_001;

export interface Migration {
  id: number;
  name: string;
  sql: string;
}

/** Numbered files `NNN_name.sql`, applied in order, each in its own transaction, once. */
export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const list = readdirSync(dir)
    .filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((f) => ({
      id: Number(f.slice(0, 3)),
      name: f.slice(4, -4),
      sql: readFileSync(join(dir, f), 'utf8'),
    }));
  const ids = new Set<number>();
  for (const m of list) {
    if (ids.has(m.id)) throw new Error(`two migrations share the number ${m.id}`);
    ids.add(m.id);
  }
  return list;
}

export async function migrate(db: Db, migrations = loadMigrations()): Promise<number[]> {
  await db.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id integer PRIMARY KEY,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const applied: number[] = [];
  for (const m of migrations) {
    const done = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const seen = await tx.query('SELECT 1 FROM schema_migrations WHERE id = $1', [m.id]);
      if (seen.rows.length > 0) return false;
      // Statements are run one by one: the pg extended protocol takes a single statement.
      for (const statement of splitSql(m.sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [m.id, m.name]);
      return true;
    });
    if (done) applied.push(m.id);
  }
  return applied;
}

/**
 * Splits a migration into statements on `;` at the end of a line, keeping `$$ … $$` bodies
 * (functions, DO blocks) whole.
 */
export function splitSql(sql: string): string[] {
  const out: string[] = [];
  let current: string[] = [];
  let inDollar = false;
  for (const line of sql.split('\n')) {
    if (!inDollar && /^\s*--/.test(line)) continue;
    current.push(line);
    const dollars = (line.match(/\$\$/g) ?? []).length;
    if (dollars % 2 === 1) inDollar = !inDollar;
    if (!inDollar && /;\s*$/.test(line)) {
      const stmt = current.join('\n').trim();
      if (stmt !== ';') out.push(stmt);
      current = [];
    }
  }
  const rest = current.join('\n').trim();
  if (rest) out.push(rest);
  return out;
}
