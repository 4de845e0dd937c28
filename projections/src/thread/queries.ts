import type { SqlExecutor } from '../../../api/src/db/db.js';
import { fromRow, type ThreadItemRow } from './stored.js';
import type { ThreadItem } from './row.js';

/** A project's conversation in the order it happened (still sealed). */
export async function listThread(db: SqlExecutor, projectId: string): Promise<ThreadItem[]> {
  const r = await db.query<ThreadItemRow>(
    'SELECT * FROM thread_items WHERE project_id = $1 ORDER BY created_revision, id',
    [projectId],
  );
  return r.rows.map(fromRow);
}

/**
 * Open comments per project: the doctor's top-level comments not resolved yet (replies and the
 * technician's own notes are not open questions).
 */
export async function openCommentCounts(
  db: SqlExecutor,
  projectIds: readonly string[],
): Promise<Map<string, number>> {
  if (projectIds.length === 0) return new Map();
  const r = await db.query<{ project_id: string; n: number | string }>(
    `SELECT project_id::text AS project_id, count(*) AS n FROM thread_items
     WHERE project_id = ANY($1::uuid[]) AND kind = 'comment' AND parent_id IS NULL
       AND author_role = 'doctor' AND resolved_at IS NULL
     GROUP BY project_id`,
    [projectIds],
  );
  return new Map(r.rows.map((row) => [row.project_id, Number(row.n)]));
}
