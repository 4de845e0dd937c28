import type { SqlExecutor } from '../db/db.js';
import { TOKEN_PATTERN, hashToken, newToken } from './secrets.js';

/** ASVS 6.4.1: short-lived, single use, 256 bits. */
export const VERIFICATION_TTL_MS = 24 * 60 * 60_000;

/** Single-use e-mail verification tokens, stored hashed; issuing one revokes the older ones. */
export class VerificationTokens {
  constructor(
    private readonly db: SqlExecutor,
    private readonly now: () => Date,
  ) {}

  async issue(userId: string, exec: SqlExecutor = this.db): Promise<string> {
    const token = newToken();
    const now = this.now();
    await exec.query('DELETE FROM email_verification_tokens WHERE user_id = $1', [userId]);
    await exec.query(
      `INSERT INTO email_verification_tokens (token_hash, user_id, created_at, expires_at)
       VALUES ($1, $2, $3, $4)`,
      [hashToken(token), userId, now, new Date(now.getTime() + VERIFICATION_TTL_MS)],
    );
    return token;
  }

  /** The user the token verifies, if it is live; changes nothing (the GET of a scanner). */
  async peek(token: string): Promise<string | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const r = await this.db.query<{ user_id: string }>(
      'SELECT user_id FROM email_verification_tokens WHERE token_hash = $1 AND expires_at > $2',
      [hashToken(token), this.now()],
    );
    return r.rows[0]?.user_id ?? null;
  }

  /** Consumes the token atomically: of two concurrent calls exactly one gets the user id. */
  async consume(token: string, exec: SqlExecutor = this.db): Promise<string | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const r = await exec.query<{ user_id: string; expires_at: Date | string }>(
      'DELETE FROM email_verification_tokens WHERE token_hash = $1 RETURNING user_id, expires_at',
      [hashToken(token)],
    );
    const row = r.rows[0];
    if (!row || new Date(row.expires_at).getTime() <= this.now().getTime()) return null;
    return row.user_id;
  }

  async revokeAll(userId: string, exec: SqlExecutor = this.db): Promise<void> {
    await exec.query('DELETE FROM email_verification_tokens WHERE user_id = $1', [userId]);
  }
}
