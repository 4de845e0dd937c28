import type { Db, SqlExecutor } from '../db/db.js';
import { TOKEN_PATTERN, hashToken, newToken } from './secrets.js';

/** ASVS 7.3 (L2): 30 minutes idle, 12 hours absolute. */
export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60_000;

/**
 * Opaque bearer sessions: a 256-bit random token handed to the client once,
 * stored as its SHA-256. Revocable by deleting the row. The clock is injected.
 */
export class SessionStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async create(userId: string, exec: SqlExecutor = this.db): Promise<string> {
    const token = newToken();
    const now = this.now();
    await exec.query(
      `INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at)
       VALUES ($1, $2, $3, $3, $4)`,
      [hashToken(token), userId, now, new Date(now.getTime() + SESSION_ABSOLUTE_MS)],
    );
    return token;
  }

  /** The session's user, or null when the token is unknown, revoked, idle too long or expired. */
  async resolve(token: string): Promise<{ userId: string } | null> {
    const s = await this.resolveWithUser(token);
    return s && { userId: s.userId };
  }

  /**
   * `resolve` plus the user's role and verification from the `users` read model, in the same
   * single indexed query (the route guards run it on every request). `user` is null when the
   * read model has no row for the user (not projected yet, or deleted).
   */
  async resolveWithUser(token: string): Promise<{
    userId: string;
    user: { role: string; emailVerified: boolean } | null;
  } | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const hash = hashToken(token);
    const r = await this.db.query<{
      user_id: string;
      last_seen_at: Date | string;
      expires_at: Date | string;
      role: string | null;
      email_verified: boolean | null;
    }>(
      `SELECT s.user_id, s.last_seen_at, s.expires_at, u.role, u.email_verified
         FROM sessions s LEFT JOIN users u ON u.id = s.user_id
        WHERE s.token_hash = $1`,
      [hash],
    );
    const row = r.rows[0];
    if (!row) return null;
    const now = this.now().getTime();
    const lastSeen = new Date(row.last_seen_at).getTime();
    if (now >= new Date(row.expires_at).getTime() || now - lastSeen >= SESSION_IDLE_MS) {
      await this.db.query('DELETE FROM sessions WHERE token_hash = $1', [hash]);
      return null;
    }
    if (now - lastSeen >= TOUCH_EVERY_MS) {
      await this.db.query('UPDATE sessions SET last_seen_at = $2 WHERE token_hash = $1', [
        hash,
        new Date(now),
      ]);
    }
    const user =
      row.role === null ? null : { role: row.role, emailVerified: row.email_verified === true };
    return { userId: row.user_id, user };
  }

  async revoke(token: string): Promise<boolean> {
    if (!TOKEN_PATTERN.test(token)) return false;
    const r = await this.db.query('DELETE FROM sessions WHERE token_hash = $1 RETURNING 1', [
      hashToken(token),
    ]);
    return r.rows.length > 0;
  }

  /** Ends every session of a user (deletion, disable, password change). */
  async revokeAll(userId: string, exec: SqlExecutor = this.db): Promise<number> {
    const r = await exec.query('DELETE FROM sessions WHERE user_id = $1 RETURNING 1', [userId]);
    return r.rows.length;
  }
}
