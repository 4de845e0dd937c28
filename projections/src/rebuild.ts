import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Db, SqlExecutor } from '../../api/src/db/db.js';
import type {
  EventFilter,
  EventStore,
  Position,
  RecordedEvent,
} from '../../api/src/store/eventStore.js';
import {
  PROGRESS_CHANNEL,
  applyEvents,
  dropTables,
  ensureProjection,
  liveTable,
  lockProjection,
  readCheckpoint,
  rebuildTable,
} from './checkpoints.js';
import type { Projection } from './projection.js';

/** Another process holds a fresh claim on rebuilding this projection. */
export class RebuildInProgress extends Error {
  constructor(readonly projection: string) {
    super(`projection ${projection} is already being rebuilt by another process`);
    this.name = 'RebuildInProgress';
  }
}

export interface RebuildProgress {
  projection: string;
  /** Events read so far. */
  events: number;
  /** Events in the store when the rebuild started (an estimate: more may arrive). */
  total: number;
  eventsPerSecond: number;
  /** True on the last report: the rebuilt tables are swapped in. */
  done: boolean;
}

export interface RebuildOptions {
  db: Db;
  store: EventStore;
  projection: Projection;
  log?: Logger;
  /** Events per replay transaction (default 2000). */
  batchSize?: number;
  /** Total events, for the progress; counted when omitted. */
  total?: number;
  onProgress?: (p: RebuildProgress) => void;
  signal?: AbortSignal;
}

export interface RebuildResult {
  projection: string;
  events: number;
  position: Position | undefined;
  ms: number;
}

/** A claim older than this belongs to a process that died; another rebuild may take over. */
const STALE_CLAIM_SECONDS = 60;
const MAX_SWAP_ATTEMPTS = 20;

type TxReader = EventStore & {
  readAllIn(
    exec: SqlExecutor,
    opts: { after?: Position; maxCount?: number; filter?: EventFilter },
  ): Promise<{ events: RecordedEvent[]; last: Position | undefined }>;
};

const canReadInTransaction = (s: EventStore): s is TxReader =>
  typeof (s as Partial<TxReader>).readAllIn === 'function';

/**
 * Blue/green rebuild while the API keeps serving: replays every event into fresh
 * `<table>__rebuild` tables, then in one transaction under the projection's lock catches up the
 * tail, drops the live tables, renames the fresh ones into place and moves the checkpoint. Readers
 * see the old tables or the new ones, never a mix; the live runner is never behind afterwards.
 */
export async function rebuildProjection(opts: RebuildOptions): Promise<RebuildResult> {
  const { db, store, projection: p } = opts;
  const batchSize = opts.batchSize ?? 2000;
  const started = performance.now();
  const token = randomUUID();

  const state = await ensureProjection(db, p);
  if (state === 'newer_version_live') {
    throw new Error(
      `a newer version of projection ${p.name} is live; refusing to rebuild an older one`,
    );
  }
  await claim(db, p.name, token);
  let events = 0;
  let position: Position | undefined;
  try {
    // Plain indexes are built once the bulk of the rows is in: a sorted build beats updating them
    // row by row. Unique ones stay up front, as `ON CONFLICT` may rely on them.
    const statements = p.createSql(rebuildTable);
    const deferred = statements.filter((sql) => /^\s*CREATE\s+INDEX\b/i.test(sql));
    await db.transaction(async (tx) => {
      await dropTables(tx, p.tables.map(rebuildTable));
      for (const sql of statements) if (!deferred.includes(sql)) await tx.query(sql);
    });
    const total = opts.total ?? (await countAll(store));
    const report = (done = false) => {
      const s = (performance.now() - started) / 1000;
      opts.onProgress?.({
        projection: p.name,
        events,
        total,
        eventsPerSecond: s > 0 ? events / s : 0,
        done,
      });
    };

    const read = (after: Position | undefined) =>
      store.readAll({ ...(after ? { after } : {}), maxCount: batchSize });
    const replay = async () => {
      let next = read(position);
      for (;;) {
        if (opts.signal?.aborted) throw new Error('rebuild aborted');
        const page = await next;
        if (!page.last) return;
        const last = page.last;
        const nearHead = page.events.length < batchSize;
        // Read the next page while this one is applied (on a server they overlap).
        next = nearHead ? Promise.resolve({ events: [], last: undefined }) : read(last);
        next.catch(() => {});
        await db.transaction(async (tx) => {
          await applyEvents(p, { tx, table: rebuildTable }, page.events);
          await heartbeat(tx, p.name, token);
        });
        events += page.events.length;
        position = last;
        report();
        // Near the head: the swap catches up the rest, so busy writers cannot keep us here.
        if (nearHead) return;
      }
    };

    for (let attempt = 1; ; attempt++) {
      await replay();
      if (attempt === 1) {
        await db.transaction(async (tx) => {
          for (const sql of deferred) await tx.query(sql);
        });
      }
      const swapped = await db.transaction(async (tx) => {
        await lockProjection(tx, p.name);
        const live = await readCheckpoint(tx, p.name);
        if (!live) throw new Error(`projection ${p.name} lost its checkpoint row`);
        if (canReadInTransaction(store)) {
          for (;;) {
            const page = await store.readAllIn(tx, {
              ...(position ? { after: position } : {}),
              maxCount: batchSize,
            });
            if (!page.last) break;
            await applyEvents(p, { tx, table: rebuildTable }, page.events);
            events += page.events.length;
            position = page.last;
          }
        }
        // Swapping in tables older than the live ones would hide events readers already saw.
        const behind =
          live.position != null &&
          (!position || store.comparePositions(position, live.position) < 0);
        if (behind && attempt < MAX_SWAP_ATTEMPTS) return false;
        if (behind) throw new Error(`rebuild of ${p.name} cannot catch up with the live runner`);
        await heartbeat(tx, p.name, token);
        await dropTables(tx, p.tables.map(liveTable));
        for (const t of p.tables) {
          await tx.query(`ALTER TABLE ${rebuildTable(t)} RENAME TO ${liveTable(t)}`);
        }
        await tx.query(
          `UPDATE projection_checkpoints SET version = $2, position = $3, status = 'live',
             rebuild_token = NULL, rebuild_heartbeat = NULL, last_error = NULL, updated_at = now()
           WHERE projection = $1`,
          [p.name, p.version, position ?? null],
        );
        await tx.query(`SELECT pg_notify('${PROGRESS_CHANNEL}', '')`);
        return true;
      });
      if (swapped) break;
    }
    report(true);
    const result = { projection: p.name, events, position, ms: performance.now() - started };
    opts.log?.info(result, 'projection rebuilt');
    return result;
  } catch (err) {
    await release(db, p.name, token).catch(() => {});
    throw err;
  }
}

/** Rebuilds the named projection, or every one for 'all', one after another. */
export async function rebuildProjections(
  opts: Omit<RebuildOptions, 'projection'> & { projections: Projection[]; name: string },
): Promise<RebuildResult[]> {
  const chosen =
    opts.name === 'all' ? opts.projections : opts.projections.filter((p) => p.name === opts.name);
  if (chosen.length === 0) {
    const known = opts.projections.map((p) => p.name).join(', ');
    throw new Error(`unknown projection "${opts.name}"; known: ${known}, or all`);
  }
  const results: RebuildResult[] = [];
  for (const projection of chosen) results.push(await rebuildProjection({ ...opts, projection }));
  return results;
}

async function claim(db: Db, name: string, token: string): Promise<void> {
  const { rows } = await db.query(
    `UPDATE projection_checkpoints
     SET status = 'rebuilding', rebuild_token = $2, rebuild_heartbeat = now()
     WHERE projection = $1
       AND (status = 'live' OR rebuild_heartbeat IS NULL
            OR rebuild_heartbeat < now() - make_interval(secs => $3))
     RETURNING projection`,
    [name, token, STALE_CLAIM_SECONDS],
  );
  if (rows.length === 0) throw new RebuildInProgress(name);
}

async function heartbeat(tx: SqlExecutor, name: string, token: string): Promise<void> {
  const { rows } = await tx.query(
    `UPDATE projection_checkpoints SET rebuild_heartbeat = now()
     WHERE projection = $1 AND rebuild_token = $2 RETURNING projection`,
    [name, token],
  );
  if (rows.length === 0) throw new RebuildInProgress(name);
}

async function release(db: Db, name: string, token: string): Promise<void> {
  await db.query(
    `UPDATE projection_checkpoints
     SET status = 'live', rebuild_token = NULL, rebuild_heartbeat = NULL
     WHERE projection = $1 AND rebuild_token = $2`,
    [name, token],
  );
}

async function countAll(store: EventStore): Promise<number> {
  const counting = store as EventStore & {
    countAfter?: (p: Position | undefined) => Promise<number>;
  };
  return typeof counting.countAfter === 'function' ? counting.countAfter(undefined) : 0;
}
