import type { SqlExecutor } from '../../../api/src/db/db.js';

/**
 * What needs a technician's attention, over the projects, feedback, link and approval
 * read models: one query per kind, each bounded to the newest `limit` projects.
 */

export interface AttentionRow {
  id: string;
  /** Sealed with the project's key. */
  name: string;
  count: number;
  at: Date | string;
}

/** Projects with unread doctor comments: how many, and when the latest came. */
export async function unreadCommentRows(
  db: SqlExecutor,
  userId: string,
  limit: number,
): Promise<AttentionRow[]> {
  const r = await db.query<AttentionRow>(
    `SELECT p.id::text AS id, p.name, p.unread_count AS count,
            COALESCE((SELECT max(f.created_at) FROM feedback f
                       WHERE f.project_id = p.id AND f.type = 'doctor_feedback'
                         AND f.read_at IS NULL), p.last_activity_at) AS at
       FROM projects p
      WHERE p.user_id = $1 AND p.unread_count > 0
      ORDER BY at DESC, p.id LIMIT ${Math.trunc(limit)}`,
    [userId],
  );
  return r.rows;
}

/** Projects in one of `statuses` (changes requested), since their last status change. */
export async function statusRows(
  db: SqlExecutor,
  userId: string,
  statuses: readonly string[],
  limit: number,
): Promise<AttentionRow[]> {
  const r = await db.query<AttentionRow>(
    `SELECT id::text AS id, name, 1 AS count, updated_at AS at FROM projects
      WHERE user_id = $1 AND status = ANY($2::text[])
      ORDER BY updated_at DESC, id LIMIT ${Math.trunc(limit)}`,
    [userId, statuses],
  );
  return r.rows;
}

/** Projects whose open link closes after `now` and before `until`, soonest first. */
export async function expiringLinkRows(
  db: SqlExecutor,
  userId: string,
  now: Date,
  until: Date,
  limit: number,
): Promise<AttentionRow[]> {
  const r = await db.query<AttentionRow>(
    `SELECT p.id::text AS id, p.name, 1 AS count, s.expires_at AS at
       FROM projects p JOIN project_link_state s ON s.project_id = p.id
      WHERE p.user_id = $1 AND s.revoked_token_hash IS NULL
        AND s.expires_at > $2 AND s.expires_at <= $3
      ORDER BY s.expires_at, p.id LIMIT ${Math.trunc(limit)}`,
    [userId, now, until],
  );
  return r.rows;
}

/** Projects approved at or after `since`, newest first. */
export async function approvalRowsSince(
  db: SqlExecutor,
  userId: string,
  since: Date,
  limit: number,
): Promise<AttentionRow[]> {
  const r = await db.query<AttentionRow>(
    `SELECT p.id::text AS id, p.name, 1 AS count, a.approved_at AS at
       FROM projects p JOIN project_approvals a ON a.project_id = p.id
      WHERE p.user_id = $1 AND a.approved_at >= $2
      ORDER BY a.approved_at DESC, p.id LIMIT ${Math.trunc(limit)}`,
    [userId, since],
  );
  return r.rows;
}
