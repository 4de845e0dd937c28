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
  at: number;
}

/** `GET /api/health`: 200 with database state and projection lag; 503 while the database is down. */
export async function healthRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  // Under load every health request shares the last good probe: the database sees at most one a
  // second. After a failed probe each request probes again (sharing one in flight), so recovery
  // shows at once.
  let latest: Probe | undefined;
  let inFlight: Promise<Probe> | undefined;
  const probe = async (): Promise<Probe> => {
    const started = performance.now();
    try {
      await withTimeout(deps.db.query('SELECT 1'), DB_TIMEOUT_MS);
    } catch (err) {
      return { ok: false, err, dbMs: 0, lag: null, at: Date.now() };
    }
    const dbMs = performance.now() - started;
    let lag: Record<string, number> | null = null;
    try {
      lag = await withTimeout(deps.projections.lag(), DB_TIMEOUT_MS);
    } catch (err) {
      app.log.warn({ err }, 'health: projection lag unknown');
    }
    return { ok: true, dbMs, lag, at: Date.now() };
  };
  const fresh = (p: Probe | undefined): p is Probe =>
    p !== undefined && p.ok && Date.now() - p.at < PROBE_REUSE_MS;

  app.get('/api/health', async (request, reply) => {
    let r = latest;
    if (!fresh(r)) {
      inFlight ??= probe().finally(() => (inFlight = undefined));
      r = latest = await inFlight;
    }
    if (!r.ok) {
      request.log.warn({ err: r.err }, 'health: database unreachable');
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({
          status: 'unavailable',
          error: 'Database unavailable',
          code: 'unavailable',
          db: { driver: deps.db.kind, ok: false },
        });
    }
    return {
      status: 'ok',
      db: { driver: deps.db.kind, ok: true, latencyMs: Math.round(r.dbMs * 10) / 10 },
      eventStore: deps.config.EVENT_STORE,
      projections: { lag: r.lag },
    };
  });
}
