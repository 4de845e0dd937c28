import type { SqlExecutor } from '../../../api/src/db/db.js';

export type { FeedbackRow } from './row.js';

/** A feedback entry of a live project, the message sealed. */
export interface FeedbackEntry {
  id: string;
  projectId: string;
  type: string;
  message: string;
  createdAt: Date | string;
  readAt: Date | string | null;
}

/** The feedback of some projects, oldest first (messages still sealed). */
export async function feedbackOfProjects(
  db: SqlExecutor,
  projectIds: readonly string[],
): Promise<FeedbackEntry[]> {
  const r = await db.query<FeedbackEntry>(
    `SELECT id, project_id AS "projectId", type, message, created_at AS "createdAt",
            read_at AS "readAt"
       FROM feedback WHERE project_id = ANY($1::uuid[]) ORDER BY created_at, id`,
    [projectIds],
  );
  return r.rows;
}
