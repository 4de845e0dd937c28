import type { Logger } from 'pino';
import type { Db } from '../../api/src/db/db.js';
import type { EventStore, Position, RecordedEvent } from '../../api/src/store/eventStore.js';
import {
  PROGRESS_CHANNEL,
  applyEvents,
  ensureProjection,
  eventsAfter,
  liveTable,
  readCheckpoint,
  readCheckpoints,
  tryLockProjection,
  type CheckpointRow,
} from './checkpoints.js';
import type { Projection } from './projection.js';
import { RebuildInProgress, rebuildProjection } from './rebuild.js';

export interface RunnerOptions {
  db: Db;
  store: EventStore;
  log: Logger;
  projections: Projection[];
  /** false: this process only waits for and reports on projections another process runs. */
  run?: boolean;
  /** Events read per batch (default 500). */
  batchSize?: number;
  /** Polling fallback when no NOTIFY arrives (default 500 ms). */
  pollIntervalMs?: number;
  /** Backoff after a projection fails: doubles from `minBackoffMs` up to this (default 30 s). */
  maxBackoffMs?: number;
  minBackoffMs?: number;
}

export interface ProjectionStatus {
  name: string;
  /** Version in the code; `liveVersion` is what the live tables were built with. */
  version: number;
  liveVersion: number | undefined;
  position: Position | undefined;
  status: 'live' | 'rebuilding' | 'missing';
  lag: number;
  lastError: string | undefined;
}

export interface ProjectionRunner {
  /** Resolves true once every projection has applied `position` (read-your-writes); false on timeout. */
  waitFor(position: Position, timeoutMs?: number): Promise<boolean>;
  /** Events each projection is behind the head of the store. */
  lag(): Promise<Record<string, number>>;
  /**
   * The newest position every projection has applied (from the checkpoints, so it sees workers in
   * other processes); undefined while one has applied nothing or runs another version.
   */
  appliedPosition(): Promise<Position | undefined>;
  status(): Promise<ProjectionStatus[]>;
  /** Finishes the batch in flight, then stops; waiters are released with false. */
  stop(): Promise<void>;
}

interface Backoff {
  failures: number;
  retryAt: number;
}

/**
 * Starts the projection runner (unless `run` is false) and returns the handle the API uses.
 *
 * Each batch reads one page after the smallest checkpoint, then in ONE transaction, for each
 * projection whose advisory lock it gets and whose checkpoint is unchanged since the read:
 * applies the page's events past that checkpoint and moves the checkpoint (exactly-once effect).
 * A projection that throws is rolled back to its savepoint, logged and retried with backoff;
 * the others go on.
 */
export async function startProjections(opts: RunnerOptions): Promise<ProjectionRunner> {
  const { db, store, log } = opts;
  const projections = opts.projections;
  const run = opts.run ?? true;
  const batchSize = opts.batchSize ?? 500;
  const pollIntervalMs = opts.pollIntervalMs ?? 500;
  const minBackoffMs = opts.minBackoffMs ?? 200;
  const maxBackoffMs = opts.maxBackoffMs ?? 30_000;

  const backoff = new Map<string, Backoff>();
  const rebuilding = new Map<string, Promise<void>>();
  const stopController = new AbortController();
  let wake: (() => void) | undefined;
  let woken = false;
  const onWake = () => {
    woken = true;
    wake?.();
  };

  // One LISTEN for every waitFor in this process.
  const waiters = new Set<() => void>();
  const unlistenProgress = await db.listen(PROGRESS_CHANNEL, () => {
    for (const w of waiters) w();
  });

  const fail = (p: Projection, err: unknown, event: RecordedEvent | undefined) => {
    const b = backoff.get(p.name) ?? { failures: 0, retryAt: 0 };
    b.failures++;
    const delay = Math.min(maxBackoffMs, minBackoffMs * 2 ** (b.failures - 1));
    b.retryAt = Date.now() + delay;
    backoff.set(p.name, b);
    log.error(
      {
        err,
        projection: p.name,
        position: event?.position,
        eventType: event?.type,
        retryInMs: delay,
      },
      'projection failed; retrying',
    );
  };

  async function recordError(name: string, err: unknown): Promise<void> {
    const message = err instanceof Error ? err.message : String(err);
    await db
      .query(
        `UPDATE projection_checkpoints SET last_error = $2, last_error_at = now() WHERE projection = $1`,
        [name, message.slice(0, 2000)],
      )
      .catch(() => {});
  }

  /** One batch; true when some projection moved (so there may be more to do at once). */
  async function runBatch(): Promise<boolean> {
    const rows = await readCheckpoints(db);
    const now = Date.now();
    const eligible = projections.filter((p) => {
      const row = rows.get(p.name);
      const b = backoff.get(p.name);
      return row && row.version === p.version && (!b || b.retryAt <= now);
    });
    if (eligible.length === 0) return false;
    const positions = eligible.map((p) => rows.get(p.name)!.position ?? undefined);
    const from = positions.reduce<Position | undefined>((min, pos) => {
      if (min === undefined || pos === undefined) return undefined;
      return store.comparePositions(pos, min) < 0 ? pos : min;
    }, positions[0]);
    const page = await store.readAll({ ...(from ? { after: from } : {}), maxCount: batchSize });
    if (!page.last) return false;
    const last = page.last;

    const failures: { p: Projection; err: unknown; event: RecordedEvent | undefined }[] = [];
    const moved = await db.transaction(async (tx) => {
      let n = 0;
      for (const p of eligible) {
        if (stopController.signal.aborted) break;
        if (!(await tryLockProjection(tx, p.name))) continue;
        const expected = rows.get(p.name)!.position;
        const current = await readCheckpoint(tx, p.name);
        // Another runner moved it since our read, or a rebuild swapped in a new version.
        if (!current || current.version !== p.version || current.position !== expected) continue;
        const after = expected ?? undefined;
        if (after && store.comparePositions(after, last) >= 0) continue;
        const events = after
          ? page.events.filter((e) => store.comparePositions(e.position, after) > 0)
          : page.events;
        let applying: RecordedEvent | undefined;
        await tx.query('SAVEPOINT projection');
        try {
          await applyEvents(p, { tx, table: liveTable }, events, (e) => (applying = e));
          await tx.query(
            `UPDATE projection_checkpoints SET position = $2, last_error = NULL, updated_at = now()
             WHERE projection = $1`,
            [p.name, last],
          );
          await tx.query('RELEASE SAVEPOINT projection');
          n++;
        } catch (err) {
          await tx.query('ROLLBACK TO SAVEPOINT projection');
          failures.push({ p, err, event: applying });
        }
      }
      if (n > 0) await tx.query(`SELECT pg_notify('${PROGRESS_CHANNEL}', '')`);
      return n;
    });
    for (const f of failures) {
      fail(f.p, f.err, f.event);
      await recordError(f.p.name, f.err);
    }
    for (const p of eligible) {
      if (!failures.some((f) => f.p === p)) backoff.delete(p.name);
    }
    return moved > 0;
  }

  function startRebuild(p: Projection): void {
    if (rebuilding.has(p.name)) return;
    const task = (async () => {
      for (let attempt = 1; !stopController.signal.aborted; attempt++) {
        try {
          log.info(
            { projection: p.name, version: p.version },
            'projection version changed: rebuilding',
          );
          await rebuildProjection({ db, store, projection: p, log, signal: stopController.signal });
          onWake();
          return;
        } catch (err) {
          if (stopController.signal.aborted) return;
          if (err instanceof RebuildInProgress) {
            log.info({ projection: p.name }, 'another process is rebuilding this projection');
          } else {
            log.error({ err, projection: p.name }, 'projection rebuild failed; retrying');
          }
          await sleep(Math.min(maxBackoffMs, minBackoffMs * 2 ** attempt), stopController.signal);
          const row = await readCheckpoint(db, p.name).catch(() => undefined);
          if (row && row.version >= p.version) return;
        }
      }
    })().finally(() => rebuilding.delete(p.name));
    rebuilding.set(p.name, task);
  }

  async function loop(): Promise<void> {
    while (!stopController.signal.aborted) {
      let progressed = false;
      try {
        woken = false;
        progressed = await runBatch();
      } catch (err) {
        // The database itself failed (connection lost, …): wait and try again.
        log.error({ err }, 'projection batch failed');
        await sleep(Math.min(maxBackoffMs, 1000), stopController.signal);
      }
      if (progressed || woken) continue;
      const nextRetry = Math.min(...[...backoff.values()].map((b) => b.retryAt), Infinity);
      const delay = Math.max(10, Math.min(pollIntervalMs, nextRetry - Date.now()));
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          wake = undefined;
          resolve();
        };
        const timer = setTimeout(done, delay);
        wake = done;
        if (stopController.signal.aborted || woken) done();
      });
    }
  }

  let unlistenEvents: (() => Promise<void>) | undefined;
  let running: Promise<void> | undefined;
  const onStop = () => wake?.();
  stopController.signal.addEventListener('abort', onStop);
  if (run) {
    for (const p of projections) {
      const state = await ensureProjection(db, p);
      if (state === 'needs_rebuild') startRebuild(p);
      if (state === 'newer_version_live') {
        log.warn(
          { projection: p.name, version: p.version },
          'a newer version of this projection is live; not running it here',
        );
      }
    }
    unlistenEvents = await store.onAppend(onWake);
    running = loop();
  }

  const handle: ProjectionRunner = {
    async waitFor(position, timeoutMs = 2000) {
      const deadline = Date.now() + timeoutMs;
      let notified: boolean;
      let ping: (() => void) | undefined;
      const waiter = () => {
        notified = true;
        ping?.();
      };
      waiters.add(waiter);
      try {
        for (;;) {
          notified = false;
          const rows = await readCheckpoints(db);
          // A row of another version holds tables this code does not maintain (yet).
          const done = projections.every((p) => {
            const row = rows.get(p.name);
            return (
              row?.version === p.version &&
              row.position != null &&
              store.comparePositions(row.position, position) >= 0
            );
          });
          if (done) return true;
          const left = deadline - Date.now();
          if (left <= 0 || stopController.signal.aborted) return false;
          if (notified) continue;
          // Polling as well: the runner may sit in a process whose NOTIFY we cannot hear.
          await new Promise<void>((resolve) => {
            const timer = setTimeout(finish, Math.min(left, 100));
            function finish() {
              clearTimeout(timer);
              ping = undefined;
              resolve();
            }
            ping = finish;
          });
        }
      } finally {
        waiters.delete(waiter);
      }
    },

    async lag() {
      const rows = await readCheckpoints(db);
      const out: Record<string, number> = {};
      for (const p of projections) {
        out[p.name] = await eventsAfter(store, rows.get(p.name)?.position ?? undefined);
      }
      return out;
    },

    async appliedPosition() {
      const rows = await readCheckpoints(db);
      let min: Position | undefined;
      for (const p of projections) {
        const row = rows.get(p.name);
        if (row?.version !== p.version || row.position == null) return undefined;
        if (!min || store.comparePositions(row.position, min) < 0) min = row.position;
      }
      return min;
    },

    status: () => projectionStatus(db, store, projections),

    async stop() {
      if (stopController.signal.aborted) return;
      stopController.abort();
      for (const w of waiters) w();
      await running;
      await Promise.allSettled([...rebuilding.values()]);
      await unlistenEvents?.();
      await unlistenProgress();
    },
  };
  return handle;
}

/** Each projection's live version, checkpoint and lag; no runner needed (operator CLI). */
export async function projectionStatus(
  db: Db,
  store: EventStore,
  projections: Projection[],
): Promise<ProjectionStatus[]> {
  const rows = await readCheckpoints(db);
  const out: ProjectionStatus[] = [];
  for (const p of projections) {
    const row: CheckpointRow | undefined = rows.get(p.name);
    out.push({
      name: p.name,
      version: p.version,
      liveVersion: row?.version,
      position: row?.position ?? undefined,
      status: row ? row.status : 'missing',
      lag: await eventsAfter(store, row?.position ?? undefined),
      lastError: row?.last_error ?? undefined,
    });
  }
  return out;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}
