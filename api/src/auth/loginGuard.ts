import type { SqlExecutor } from '../db/db.js';

/** The bot check is required from the third attempt on, after two failures. */
export const BOT_CHECK_AFTER_FAILURES = 2;
/** ASVS 4.0.3 2.2.1: at most 100 failed attempts per hour per account. */
export const MAX_FAILURES_PER_HOUR = 100;
const HOUR_MS = 60 * 60_000;

export interface FailureState {
  /** Failures since the last success. */
  failures: number;
  /** Failures in the current hour window. */
  windowFailures: number;
  windowStart: Date;
}

/**
 * Failed-login counters per account key (an HMAC of the canonical address, whether or not an
 * account exists, so the answers stay the same for unknown addresses). Stored in PostgreSQL:
 * a restart or a second API process sees the same counts.
 */
export class LoginGuard {
  constructor(
    private readonly db: SqlExecutor,
    private readonly now: () => Date,
  ) {}

  async state(accountKey: Buffer): Promise<FailureState> {
    const r = await this.db.query<{
      failures: number;
      window_failures: number;
      window_start: Date | string;
    }>(
      'SELECT failures, window_failures, window_start FROM login_failures WHERE account_key = $1',
      [accountKey],
    );
    const row = r.rows[0];
    if (!row) return { failures: 0, windowFailures: 0, windowStart: this.now() };
    const windowStart = new Date(row.window_start);
    const fresh = this.now().getTime() - windowStart.getTime() >= HOUR_MS;
    return {
      failures: row.failures,
      windowFailures: fresh ? 0 : row.window_failures,
      windowStart: fresh ? this.now() : windowStart,
    };
  }

  /** Counts one failure atomically; returns the new state. */
  async recordFailure(accountKey: Buffer): Promise<FailureState> {
    const now = this.now();
    const windowFloor = new Date(now.getTime() - HOUR_MS);
    const r = await this.db.query<{
      failures: number;
      window_failures: number;
      window_start: Date | string;
    }>(
      `INSERT INTO login_failures AS f (account_key, failures, window_start, window_failures, last_failure_at)
       VALUES ($1, 1, $2, 1, $2)
       ON CONFLICT (account_key) DO UPDATE SET
         failures = f.failures + 1,
         window_start = CASE WHEN f.window_start <= $3 THEN $2 ELSE f.window_start END,
         window_failures = CASE WHEN f.window_start <= $3 THEN 1 ELSE f.window_failures + 1 END,
         last_failure_at = $2
       RETURNING failures, window_failures, window_start`,
      [accountKey, now, windowFloor],
    );
    const row = r.rows[0]!;
    return {
      failures: row.failures,
      windowFailures: row.window_failures,
      windowStart: new Date(row.window_start),
    };
  }

  /**
   * A success resets the bot-check counter; the hourly window keeps its count, so successes in
   * between do not reopen the hard cap for a guessing attacker who also knows one password.
   */
  async recordSuccess(accountKey: Buffer): Promise<void> {
    await this.db.query('UPDATE login_failures SET failures = 0 WHERE account_key = $1', [
      accountKey,
    ]);
  }

  /** Seconds until the hourly window ends (for Retry-After). */
  retryAfterSeconds(state: FailureState): number {
    const ends = state.windowStart.getTime() + HOUR_MS;
    return Math.max(1, Math.ceil((ends - this.now().getTime()) / 1000));
  }
}
