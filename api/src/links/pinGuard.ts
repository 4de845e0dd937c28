import type { SqlExecutor } from '../db/db.js';

/** Wrong PINs in a row that lock a link, and for how long. */
export const PIN_MAX_FAILURES = 5;
export const PIN_LOCK_MS = 15 * 60_000;

/** A try may compare its PIN: it already counts as wrong until `succeed` takes it back. */
export interface PinSlot {
  allowed: true;
  /** Tries left should this one be wrong (0: this try locked the token). */
  attemptsLeft: number;
  /** The lock this try set, should it be wrong; null when it did not reach the limit. */
  lockedUntil: Date | null;
}

/** The token is locked: the PIN must not be compared. */
export interface PinRefusal {
  allowed: false;
  lockedUntil: Date;
}

/**
 * Wrong-PIN counting per token hash (`link_pin_failures`), the same for tokens that have a link
 * and tokens that do not, so neither the answers nor the lock tell whether a link exists. A run
 * of failures older than the lock period starts over.
 *
 * A try reserves its slot before the PIN is compared (security: 60 guesses sent at once used to
 * all pass a lock check made before hashing). The reservation is one conditional upsert, atomic
 * on the row across connections and processes, so at most PIN_MAX_FAILURES PINs are ever
 * compared per token per lock period.
 */
export class PinGuard {
  constructor(private readonly db: SqlExecutor) {}

  /**
   * Counts this try as wrong unless the token is locked; the try that reaches the limit sets the
   * lock at once, so every try after it is refused without comparing.
   */
  async reserve(tokenHash: Buffer, now: Date): Promise<PinSlot | PinRefusal> {
    const stale = new Date(now.getTime() - PIN_LOCK_MS);
    const lockEnd = new Date(now.getTime() + PIN_LOCK_MS);
    // A row whose lock has ended, or whose last failure is older than the lock period, restarts.
    const next = `CASE WHEN f.locked_until IS NOT NULL OR f.last_failure_at <= $3
                   THEN 1 ELSE f.failures + 1 END`;
    for (let attempt = 0; attempt < 3; attempt++) {
      const r = await this.db.query<{ failures: number; locked_until: Date | string | null }>(
        `INSERT INTO link_pin_failures AS f (token_hash, failures, last_failure_at, locked_until)
         VALUES ($1, 1, $2, CASE WHEN 1 >= $4 THEN $5::timestamptz END)
         ON CONFLICT (token_hash) DO UPDATE SET
           failures = ${next},
           last_failure_at = $2,
           locked_until = CASE WHEN ${next} >= $4 THEN $5::timestamptz END
         WHERE f.locked_until IS NULL OR f.locked_until <= $2
         RETURNING failures, locked_until`,
        [tokenHash, now, stale, PIN_MAX_FAILURES, lockEnd],
      );
      const row = r.rows[0];
      if (row) {
        return {
          allowed: true,
          attemptsLeft: Math.max(0, PIN_MAX_FAILURES - row.failures),
          lockedUntil: row.locked_until ? new Date(row.locked_until) : null,
        };
      }
      const locked = await this.lockedUntil(tokenHash, now);
      if (locked) return { allowed: false, lockedUntil: locked };
      // The lock ended or a right PIN cleared the row in between: reserve again.
    }
    return { allowed: false, lockedUntil: lockEnd };
  }

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

  /** A right PIN ends the run of failures (its own reserved slot included). */
  async succeed(tokenHash: Buffer): Promise<void> {
    await this.db.query('DELETE FROM link_pin_failures WHERE token_hash = $1', [tokenHash]);
  }
}
