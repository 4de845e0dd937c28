import type { SqlExecutor } from '../db/db.js';

/** Wrong PINs in a row that lock a link, and for how long. */
export const PIN_MAX_FAILURES = 5;
export const PIN_LOCK_MS = 15 * 60_000;

/**
 * Wrong-PIN counting per token hash (`link_pin_failures`), the same for tokens that have a link
 * and tokens that do not, so neither the answers nor the lock tell whether a link exists. A run
 * of failures older than the lock period starts over.
 */
export class PinGuard {
  constructor(private readonly db: SqlExecutor) {}

  /** The end of a running lock, or null. */
  async lockedUntil(tokenHash: Buffer, now: Date): Promise<Date | null> {
    const r = await this.db.query<{ locked_until: Date | string | null }>(
      'SELECT locked_until FROM link_pin_failures WHERE token_hash = $1',
      [tokenHash],
    );
    const until = r.rows[0]?.locked_until;
    if (!until) return null;
    const d = new Date(until);
    return d.getTime() > now.getTime() ? d : null;
  }

  /**
   * What the owner sees of the run now: the wrong PINs in a row that still count (a run older
   * than the lock period has started over) and the end of a running lock.
   */
  async state(
    tokenHash: Buffer,
    now: Date,
  ): Promise<{ failures: number; lockedUntil: Date | null }> {
    const r = await this.db.query<{
      failures: number;
      last_failure_at: Date | string;
      locked_until: Date | string | null;
    }>(
      'SELECT failures, last_failure_at, locked_until FROM link_pin_failures WHERE token_hash = $1',
      [tokenHash],
    );
    const row = r.rows[0];
    if (!row) return { failures: 0, lockedUntil: null };
    const until = row.locked_until ? new Date(row.locked_until) : null;
    const lockedUntil = until && until.getTime() > now.getTime() ? until : null;
    const current = new Date(row.last_failure_at).getTime() > now.getTime() - PIN_LOCK_MS;
    return { failures: current || lockedUntil ? row.failures : 0, lockedUntil };
  }

  /**
   * Counts one wrong PIN (one statement, so concurrent tries all count). The fifth in a row locks
   * the token; the count then starts over for the tries after the lock.
   */
  async fail(
    tokenHash: Buffer,
    now: Date,
  ): Promise<{ lockedUntil: Date | null; attemptsLeft: number }> {
    const stale = new Date(now.getTime() - PIN_LOCK_MS);
    const lockEnd = new Date(now.getTime() + PIN_LOCK_MS);
    const r = await this.db.query<{ failures: number; locked_until: Date | string | null }>(
      `INSERT INTO link_pin_failures AS f (token_hash, failures, last_failure_at, locked_until)
       VALUES ($1, 1, $2, NULL)
       ON CONFLICT (token_hash) DO UPDATE SET
         failures = CASE WHEN f.last_failure_at <= $3 OR f.failures >= $4 THEN 1 ELSE f.failures + 1 END,
         last_failure_at = $2
       RETURNING failures, locked_until`,
      [tokenHash, now, stale, PIN_MAX_FAILURES],
    );
    const failures = r.rows[0]!.failures;
    if (failures < PIN_MAX_FAILURES) {
      return { lockedUntil: null, attemptsLeft: PIN_MAX_FAILURES - failures };
    }
    await this.db.query('UPDATE link_pin_failures SET locked_until = $2 WHERE token_hash = $1', [
      tokenHash,
      lockEnd,
    ]);
    return { lockedUntil: lockEnd, attemptsLeft: 0 };
  }

  /** A right PIN ends the run of failures. */
  async succeed(tokenHash: Buffer): Promise<void> {
    await this.db.query('DELETE FROM link_pin_failures WHERE token_hash = $1', [tokenHash]);
  }
}
