import type { Db, SqlExecutor } from '../db/db.js';

/*
 * An account's credential rows: the address, as its keyed lookup hash (`user_emails`, which
 * also reserves it), and the password hash (`user_credentials`). Never the address itself.
 */
export class Credentials {
  constructor(private readonly db: Db) {}

  /** Claims the address for `userId`; false when another account holds the claim. */
  async claimEmail(lookup: Buffer, userId: string): Promise<boolean> {
    const r = await this.db.query(
      `INSERT INTO user_emails (email_lookup, user_id) VALUES ($1, $2)
       ON CONFLICT (email_lookup) DO NOTHING RETURNING 1`,
      [lookup, userId],
    );
    return r.rows.length > 0;
  }

  /** Who holds the address's claim, and since when. */
  async emailClaim(lookup: Buffer): Promise<{ userId: string; createdAt: Date } | undefined> {
    const r = await this.db.query<{ user_id: string; created_at: Date | string }>(
      'SELECT user_id, created_at FROM user_emails WHERE email_lookup = $1',
      [lookup],
    );
    const row = r.rows[0];
    return row ? { userId: row.user_id, createdAt: new Date(row.created_at) } : undefined;
  }

  /** Moves the claim from `from` to `to` (and drops `from`'s password); false if `from` lost it. */
  async takeOverEmail(lookup: Buffer, from: string, to: string): Promise<boolean> {
    const took = await this.db.query(
      `UPDATE user_emails SET user_id = $3, created_at = now()
        WHERE email_lookup = $1 AND user_id = $2 RETURNING 1`,
      [lookup, from, to],
    );
    if (took.rows.length === 0) return false;
    await this.db.query('DELETE FROM user_credentials WHERE user_id = $1', [from]);
    return true;
  }

  async userIdOf(lookup: Buffer): Promise<string | undefined> {
    const r = await this.db.query<{ user_id: string }>(
      'SELECT user_id FROM user_emails WHERE email_lookup = $1',
      [lookup],
    );
    return r.rows[0]?.user_id;
  }

  async addPassword(userId: string, passwordHash: string): Promise<void> {
    await this.db.query('INSERT INTO user_credentials (user_id, password_hash) VALUES ($1, $2)', [
      userId,
      passwordHash,
    ]);
  }

  async passwordHashOf(userId: string): Promise<string | undefined> {
    const r = await this.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM user_credentials WHERE user_id = $1',
      [userId],
    );
    return r.rows[0]?.password_hash;
  }

  async setPassword(
    userId: string,
    passwordHash: string,
    exec: SqlExecutor = this.db,
  ): Promise<void> {
    await exec.query(
      'UPDATE user_credentials SET password_hash = $2, updated_at = now() WHERE user_id = $1',
      [userId, passwordHash],
    );
  }

  /** Holds the user's credential row until `tx` ends: token changes of one user queue. */
  async lock(userId: string, tx: SqlExecutor): Promise<void> {
    await tx.query('SELECT 1 FROM user_credentials WHERE user_id = $1 FOR UPDATE', [userId]);
  }

  /** Both rows of the user go: the address is free again. */
  async forget(userId: string, exec: SqlExecutor = this.db): Promise<void> {
    await exec.query('DELETE FROM user_credentials WHERE user_id = $1', [userId]);
    await exec.query('DELETE FROM user_emails WHERE user_id = $1', [userId]);
  }
}
