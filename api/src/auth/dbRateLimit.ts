import type { SqlExecutor } from '../db/db.js';
import { TooManyRequests } from '../errors.js';

/**
 * Fixed-window counters in PostgreSQL, for limits that must hold across API processes and
 * restarts (per-IP burst limits use @fastify/rate-limit in memory instead).
 */
export class DbRateLimiter {
  constructor(
    private readonly db: SqlExecutor,
    private readonly now: () => Date,
  ) {}

  /** Counts a hit; returns whether it is within `limit` and when the window ends. */
  async hit(
    bucket: string,
    key: Buffer,
    limit: number,
    windowMs: number,
  ): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
    const now = this.now();
    const r = await this.db.query<{ hits: number; window_start: Date | string }>(
      `INSERT INTO rate_limits AS r (bucket, key, window_start, hits) VALUES ($1, $2, $3, 1)
       ON CONFLICT (bucket, key) DO UPDATE SET
         window_start = CASE WHEN r.window_start <= $4 THEN $3 ELSE r.window_start END,
         hits = CASE WHEN r.window_start <= $4 THEN 1 ELSE r.hits + 1 END
       RETURNING hits, window_start`,
      [bucket, key, now, new Date(now.getTime() - windowMs)],
    );
    const row = r.rows[0]!;
    const ends = new Date(row.window_start).getTime() + windowMs;
    return {
      allowed: row.hits <= limit,
      retryAfterSeconds: Math.max(1, Math.ceil((ends - now.getTime()) / 1000)),
    };
  }

  /** Like `hit`, but throws 429 with Retry-After when over the limit. */
  async enforce(bucket: string, key: Buffer, limit: number, windowMs: number): Promise<void> {
    const r = await this.hit(bucket, key, limit, windowMs);
    if (!r.allowed) {
      throw new TooManyRequests(
        r.retryAfterSeconds,
        'Too many requests. Please wait and try again.',
      );
    }
  }
}
