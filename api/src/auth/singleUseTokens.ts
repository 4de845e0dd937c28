import type { SqlExecutor } from '../db/db.js';
import { TOKEN_PATTERN, hashToken, newToken } from './secrets.js';

/** The tables that hold single-use link tokens (same columns; see migrations 020 and 027). */
export type SingleUseTokenTable = 'email_verification_tokens' | 'password_reset_tokens';

/**
 * Single-use 256-bit link tokens (ASVS 6.4.1), stored only as SHA-256, for links sent by mail.
 *
 * Issuing a token never voids an older live one: every mail states how long its link is valid,
 * and a mail must not lie because a second one was sent (someone registered again, asked again).
 * A token ends at its stated expiry, when it is used, or when its purpose is done (`revokeAll`).
 * The number of live tokens per user is bounded by the mail rate limits.
 */
export class SingleUseTokens {
  constructor(
    private readonly db: SqlExecutor,
    private readonly now: () => Date,
    private readonly table: SingleUseTokenTable,
    readonly ttlMs: number,
  ) {}

  async issue(userId: string, exec: SqlExecutor = this.db): Promise<string> {
    const token = newToken();
    const now = this.now();
    await exec.query(`DELETE FROM ${this.table} WHERE user_id = $1 AND expires_at <= $2`, [
      userId,
      now,
    ]);
    await exec.query(
      `INSERT INTO ${this.table} (token_hash, user_id, created_at, expires_at)
       VALUES ($1, $2, $3, $4)`,
      [hashToken(token), userId, now, new Date(now.getTime() + this.ttlMs)],
    );
    return token;
  }

  /** The user the token belongs to, if it is live; changes nothing (the GET of a scanner). */
  async peek(token: string): Promise<string | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const r = await this.db.query<{ user_id: string }>(
      `SELECT user_id FROM ${this.table} WHERE token_hash = $1 AND expires_at > $2`,
      [hashToken(token), this.now()],
    );
    return r.rows[0]?.user_id ?? null;
  }

  /** Consumes the token atomically: of two concurrent calls exactly one gets the user id. */
  async consume(token: string, exec: SqlExecutor = this.db): Promise<string | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const r = await exec.query<{ user_id: string; expires_at: Date | string }>(
      `DELETE FROM ${this.table} WHERE token_hash = $1 RETURNING user_id, expires_at`,
      [hashToken(token)],
    );
    const row = r.rows[0];
    if (!row || new Date(row.expires_at).getTime() <= this.now().getTime()) return null;
    return row.user_id;
  }

  async revokeAll(userId: string, exec: SqlExecutor = this.db): Promise<void> {
    await exec.query(`DELETE FROM ${this.table} WHERE user_id = $1`, [userId]);
  }
}
