import type { SqlExecutor } from '../../../api/src/db/db.js';
import type { UserStatsRow } from './row.js';

export type { UserStatsRow } from './row.js';

/** A user's dashboard statistics; null when the user has no row (no project yet, or deleted). */
export async function userStatsOf(db: SqlExecutor, userId: string): Promise<UserStatsRow | null> {
  const r = await db.query<UserStatsRow>(
    `SELECT user_id AS "userId", total, by_status AS "byStatus", new_comments AS "newComments",
            storage_bytes AS "storageBytes", file_count AS "fileCount"
       FROM user_stats WHERE user_id = $1`,
    [userId],
  );
  return r.rows[0] ?? null;
}
