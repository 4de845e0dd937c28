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

/** `GET /api/health`: 200 with database state and projection lag; 503 while the database is down. */
export async function healthRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get('/api/health', async (request, reply) => {
    const started = performance.now();
    try {
      await withTimeout(deps.db.query('SELECT 1'), DB_TIMEOUT_MS);
    } catch (err) {
      request.log.warn({ err }, 'health: database unreachable');
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
    const dbMs = performance.now() - started;
    let lag: Record<string, number> | null = null;
    try {
      lag = await withTimeout(deps.projections.lag(), DB_TIMEOUT_MS);
    } catch (err) {
      request.log.warn({ err }, 'health: projection lag unknown');
    }
    return {
      status: 'ok',
      db: { driver: deps.db.kind, ok: true, latencyMs: Math.round(dbMs * 10) / 10 },
      eventStore: deps.config.EVENT_STORE,
      projections: { lag },
    };
  });
}
