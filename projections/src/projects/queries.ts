import type { SqlExecutor } from '../../../api/src/db/db.js';

/** Ids of a user's live projects, oldest first. */
export async function projectIdsOfUser(db: SqlExecutor, userId: string): Promise<string[]> {
  const r = await db.query<{ id: string }>(
    'SELECT id::text AS id FROM projects WHERE user_id = $1 ORDER BY created_at, id',
    [userId],
  );
  return r.rows.map((x) => x.id);
}
