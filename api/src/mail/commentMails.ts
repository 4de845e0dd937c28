import type { CommentMailModeName } from '../contract/commentMails.js';
import type { SqlExecutor } from '../db/db.js';

/** How a technician hears of doctors' comments (account settings). */
export type CommentMailMode = CommentMailModeName;
export const DEFAULT_COMMENT_MAIL_MODE: CommentMailMode = 'digest';

/** A digest goes out at most this often per project. */
export const DIGEST_INTERVAL_MS = 10 * 60_000;

/**
 * The technician's mail setting and the per-project digest counters. A comment after a quiet
 * spell is mailed at once; the ones that follow within DIGEST_INTERVAL_MS are only counted, and
 * `claimDue` hands each project's count to one sender once the interval has passed. Both are
 * single statements, atomic on the row across connections and processes (a load run
 * sent 359 mails to one technician).
 */
export class CommentMails {
  constructor(private readonly db: SqlExecutor) {}

  async mode(userId: string): Promise<CommentMailMode> {
    const r = await this.db.query<{ mode: CommentMailMode }>(
      'SELECT mode FROM comment_mail_settings WHERE user_id = $1',
      [userId],
    );
    return r.rows[0]?.mode ?? DEFAULT_COMMENT_MAIL_MODE;
  }

  async setMode(userId: string, mode: CommentMailMode): Promise<void> {
    await this.db.query(
      `INSERT INTO comment_mail_settings (user_id, mode) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET mode = EXCLUDED.mode`,
      [userId, mode],
    );
  }

  /** `now`: mail this comment at once; `later`: it is counted for the project's next digest. */
  async admit(projectId: string, now: Date): Promise<'now' | 'later'> {
    const quietSince = new Date(now.getTime() - DIGEST_INTERVAL_MS);
    const quiet = 'd.pending = 0 AND d.last_sent_at <= $3';
    const r = await this.db.query<{ pending: number }>(
      `INSERT INTO comment_mail_digests AS d (project_id, last_sent_at, pending) VALUES ($1, $2, 0)
       ON CONFLICT (project_id) DO UPDATE SET
         last_sent_at = CASE WHEN ${quiet} THEN $2 ELSE d.last_sent_at END,
         pending = CASE WHEN ${quiet} THEN 0 ELSE d.pending + 1 END
       RETURNING pending`,
      [projectId, now, quietSince],
    );
    return r.rows[0]!.pending === 0 ? 'now' : 'later';
  }

  /** The projects whose digest is due, each with its count; the counts are reset as claimed. */
  async claimDue(now: Date): Promise<Array<{ projectId: string; comments: number }>> {
    const r = await this.db.query<{ project_id: string; pending: number }>(
      `UPDATE comment_mail_digests AS d SET pending = 0, last_sent_at = $1
         FROM (SELECT project_id, pending FROM comment_mail_digests
                WHERE pending > 0 AND last_sent_at <= $2 FOR UPDATE SKIP LOCKED) AS due
        WHERE d.project_id = due.project_id
        RETURNING d.project_id, due.pending`,
      [now, new Date(now.getTime() - DIGEST_INTERVAL_MS)],
    );
    return r.rows.map((row) => ({ projectId: row.project_id, comments: row.pending }));
  }

  async forgetProject(projectId: string): Promise<void> {
    await this.db.query('DELETE FROM comment_mail_digests WHERE project_id = $1', [projectId]);
  }

  async forgetUser(userId: string): Promise<void> {
    await this.db.query('DELETE FROM comment_mail_settings WHERE user_id = $1', [userId]);
  }
}
