import type { SqlExecutor } from '../../../api/src/db/db.js';
import type { FeedbackRow } from './row.js';

export type { FeedbackRow } from './row.js';

/** The feedback of some projects, oldest first (messages still sealed). */
export async function feedbackOfProjects(
  db: SqlExecutor,
  projectIds: readonly string[],
): Promise<FeedbackRow[]> {
  const r = await db.query<FeedbackRow>(
    'SELECT * FROM feedback WHERE project_id = ANY($1::uuid[]) ORDER BY created_at, id',
    [projectIds],
  );
  return r.rows;
}
