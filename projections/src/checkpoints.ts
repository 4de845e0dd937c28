import type { Db, SqlExecutor } from '../../api/src/db/db.js';
import type { EventStore, Position, RecordedEvent } from '../../api/src/store/eventStore.js';
import type { Projection, ProjectionContext } from './projection.js';

/** NOTIFY channel: a projection's checkpoint moved (read-your-writes waiters listen to it). */
export const PROGRESS_CHANNEL = 'projection_progress';
/** First key of the per-projection advisory lock; the second is hashtext(name). */
export const PROJECTION_LOCK_CLASS = 7_346_002;
/** Suffix of the fresh tables a rebuild fills before swapping them in. */
export const REBUILD_SUFFIX = '__rebuild';

export interface CheckpointRow {
  projection: string;
  version: number;
  position: Position | null;
  status: 'live' | 'rebuilding';
  last_error: string | null;
}

export async function readCheckpoints(exec: SqlExecutor): Promise<Map<string, CheckpointRow>> {
  const { rows } = await exec.query<CheckpointRow>(
    'SELECT projection, version, position, status, last_error FROM projection_checkpoints',
  );
  return new Map(rows.map((r) => [r.projection, r]));
}

export async function readCheckpoint(
  exec: SqlExecutor,
  name: string,
): Promise<CheckpointRow | undefined> {
  const { rows } = await exec.query<CheckpointRow>(
    `SELECT projection, version, position, status, last_error FROM projection_checkpoints
     WHERE projection = $1`,
    [name],
  );
  return rows[0];
}

/** Per-transaction lock on one projection: a single writer of its tables across processes. */
export async function tryLockProjection(tx: SqlExecutor, name: string): Promise<boolean> {
  const { rows } = await tx.query<{ ok: boolean }>(
    'SELECT pg_try_advisory_xact_lock($1, hashtext($2)) AS ok',
    [PROJECTION_LOCK_CLASS, name],
  );
  return rows[0]?.ok === true;
}

export async function lockProjection(tx: SqlExecutor, name: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [PROJECTION_LOCK_CLASS, name]);
}

export const liveTable = (logical: string) => logical;
export const rebuildTable = (logical: string) => `${logical}${REBUILD_SUFFIX}`;

export function handles(p: Projection, e: RecordedEvent): boolean {
  return !p.eventTypes || p.eventTypes.includes(e.type);
}

/** Applies events (already past the projection's checkpoint) in order. */
export async function applyEvents(
  p: Projection,
  ctx: ProjectionContext,
  events: readonly RecordedEvent[],
  onEvent?: (e: RecordedEvent) => void,
): Promise<void> {
  const mine = events.filter((e) => handles(p, e));
  if (p.applyBatch) {
    if (mine.length === 0) return;
    onEvent?.(mine[0]!);
    await p.applyBatch(ctx, mine);
    return;
  }
  for (const e of mine) {
    onEvent?.(e);
    await p.apply(ctx, e);
  }
}

export async function tableExists(exec: SqlExecutor, name: string): Promise<boolean> {
  const { rows } = await exec.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [
    name,
  ]);
  return rows[0]?.t != null;
}

export async function dropTables(exec: SqlExecutor, names: readonly string[]): Promise<void> {
  if (names.length > 0) await exec.query(`DROP TABLE IF EXISTS ${names.join(', ')}`);
}

export async function createTables(
  exec: SqlExecutor,
  p: Projection,
  table: (logical: string) => string,
): Promise<void> {
  for (const sql of p.createSql(table)) await exec.query(sql);
}

/**
 * Makes sure a projection has a checkpoint row and its tables, in one transaction: a projection
 * new to this database gets empty tables and a checkpoint at the start (the runner then fills
 * them); one whose tables went missing gets them recreated and replayed. Returns what the
 * runner should do with it.
 */
export async function ensureProjection(
  db: Db,
  p: Projection,
): Promise<'ready' | 'needs_rebuild' | 'newer_version_live'> {
  return db.transaction(async (tx) => {
    await lockProjection(tx, p.name);
    const row = await readCheckpoint(tx, p.name);
    if (row && row.version > p.version) return 'newer_version_live';
    if (row && row.version < p.version) return 'needs_rebuild';
    const missing = [];
    for (const t of p.tables) if (!(await tableExists(tx, liveTable(t)))) missing.push(t);
    if (row && missing.length === 0) return 'ready';
    await dropTables(tx, p.tables.map(liveTable));
    await createTables(tx, p, liveTable);
    await tx.query(
      `INSERT INTO projection_checkpoints (projection, version, position) VALUES ($1, $2, NULL)
       ON CONFLICT (projection) DO UPDATE SET position = NULL, updated_at = now()`,
      [p.name, p.version],
    );
    return 'ready';
  });
}

/** Events stored after `after`: exact on the PostgreSQL store, counted by paging elsewhere. */
export async function eventsAfter(
  store: EventStore,
  after: Position | undefined,
  cap = 100_000,
): Promise<number> {
  const counting = store as EventStore & {
    countAfter?: (p: Position | undefined) => Promise<number>;
  };
  if (typeof counting.countAfter === 'function') return counting.countAfter(after);
  let n = 0;
  let from = after;
  while (n < cap) {
    const page = await store.readAll({ ...(from ? { after: from } : {}), maxCount: 1000 });
    n += page.events.length;
    if (!page.last) break;
    from = page.last;
  }
  return n;
}
