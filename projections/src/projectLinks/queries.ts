import type { SqlExecutor } from '../../../api/src/db/db.js';
import { fromDb, iso, readRow, type DbRow } from './index.js';
import type { LinkRow } from './row.js';

export type { LinkRow } from './row.js';

/** The only functions the API reads the link read model with. */

/** The link row of one project, or null when no link event was ever recorded. */
export const linkRowOf = (db: SqlExecutor, projectId: string): Promise<LinkRow | null> =>
  readRow(db, 'project_link_state', projectId);

/** Link rows of several projects (dashboard cards). */
export async function linkRowsOf(
  db: SqlExecutor,
  projectIds: string[],
): Promise<Map<string, LinkRow>> {
  if (projectIds.length === 0) return new Map();
  const r = await db.query<DbRow>(
    'SELECT * FROM project_link_state WHERE project_id = ANY($1::uuid[])',
    [projectIds],
  );
  return new Map(r.rows.map((row) => [row.project_id, fromDb(row)]));
}

export interface LinkViewRow {
  openedAt: string;
  device: string;
  browser: string;
}

/** Every logged opening of a project's link, newest first. */
export async function linkViewsOf(db: SqlExecutor, projectId: string): Promise<LinkViewRow[]> {
  const r = await db.query<{ opened_at: Date | string; device: string; browser: string }>(
    'SELECT opened_at, device, browser FROM project_link_views WHERE project_id = $1 ORDER BY opened_at DESC, event_id',
    [projectId],
  );
  return r.rows.map((v) => ({ openedAt: iso(v.opened_at)!, device: v.device, browser: v.browser }));
}

/** The project whose link once had this token (replaced by a rotation), or null. */
export async function retiredTokenProject(
  db: SqlExecutor,
  tokenHash: Buffer,
): Promise<string | null> {
  const r = await db.query<{ project_id: string }>(
    'SELECT project_id FROM project_link_retired_tokens WHERE token_hash = $1',
    [tokenHash],
  );
  return r.rows[0]?.project_id ?? null;
}
