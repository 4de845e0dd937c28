import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { RETRY_AFTER_SECONDS } from '../http/errorHandler.js';

const DB_TIMEOUT_MS = 2_000;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/** A probe's answer is shared by every health request for this long (one probe at a time). */
const PROBE_REUSE_MS = 1_000;

interface Probe {
  ok: boolean;
  err?: unknown;
  dbMs: number;
  lag: Record<string, number> | null;
  /** Each store's state: the database, the event store (the database itself, or ESDB), the files. */
  db: boolean;
  events: boolean;
  blobs: boolean;
  at: number;
}

/** A key no blob has: `exists` on it asks the file store for nothing but its answer. */
const BLOB_PROBE_KEY = 'health/probe';

/**
 * `GET /api/health`: 200 with the state of the database, the event store and the file store and
 * the projection lag; 503 `unavailable` with Retry-After while any of them cannot be reached.
 */
export async function healthRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  // Under load every health request shares the last good probe: the database sees at most one a
  // second. After a failed probe each request probes again (sharing one in flight), so recovery
  // shows at once.
  let latest: Probe | undefined;
  let inFlight: Promise<Probe> | undefined;
  const reachable = (p: Promise<unknown>) =>
    withTimeout(p, DB_TIMEOUT_MS).then(
      () => true,
      (err: unknown) => {
        app.log.warn({ err }, 'health: a store is unreachable');
        return false;
      },
    );
  const probe = async (): Promise<Probe> => {
    const started = performance.now();
    // Events in PostgreSQL live in the database probed below; EventStoreDB is asked itself.
    const [events, blobs] = [
      deps.config.EVENT_STORE === 'postgres'
        ? Promise.resolve(true)
        : reachable(deps.store.headPosition()),
      reachable(deps.blobs.exists(BLOB_PROBE_KEY)),
    ];
    try {
      await withTimeout(deps.db.query('SELECT 1'), DB_TIMEOUT_MS);
    } catch (err) {
      return {
        ok: false,
        err,
        dbMs: 0,
        lag: null,
        db: false,
        events: deps.config.EVENT_STORE === 'postgres' ? false : await events,
        blobs: await blobs,
        at: Date.now(),
      };
    }
    const dbMs = performance.now() - started;
    const state = { db: true, events: await events, blobs: await blobs };
    if (!state.events || !state.blobs) {
      return { ok: false, dbMs, lag: null, ...state, at: Date.now() };
    }
    let lag: Record<string, number> | null = null;
    try {
      lag = await withTimeout(deps.projections.lag(), DB_TIMEOUT_MS);
    } catch (err) {
      app.log.warn({ err }, 'health: projection lag unknown');
    }
    return { ok: true, dbMs, lag, ...state, at: Date.now() };
  };
  const fresh = (p: Probe | undefined): p is Probe =>
    p !== undefined && p.ok && Date.now() - p.at < PROBE_REUSE_MS;

  app.get('/api/health', async (request, reply) => {
    let r = latest;
    if (!fresh(r)) {
      inFlight ??= probe().finally(() => (inFlight = undefined));
      r = latest = await inFlight;
    }
    const stores = {
      events: { kind: deps.config.EVENT_STORE, ok: r.events },
      blobs: { kind: deps.config.BLOB_STORE, ok: r.blobs },
    };
    if (!r.ok) {
      if (!r.db) request.log.warn({ err: r.err }, 'health: database unreachable');
      const down = [!r.db && 'Database', !r.events && 'Event store', !r.blobs && 'File storage'];
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({
          status: 'unavailable',
          error: `${down.filter(Boolean).join(', ')} unavailable`,
          code: 'unavailable',
          db: { driver: deps.db.kind, ok: r.db },
          stores,
        });
    }
    return {
      status: 'ok',
      db: { driver: deps.db.kind, ok: true, latencyMs: Math.round(r.dbMs * 10) / 10 },
      eventStore: deps.config.EVENT_STORE,
      stores,
      projections: { lag: r.lag },
    };
  });
}
