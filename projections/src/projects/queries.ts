import type { SqlExecutor } from '../../../api/src/db/db.js';

export type { ProjectModelRow, ProjectRow } from './row.js';

/** A live project, personal fields sealed with the project's key. */
export interface ProjectEntry {
  id: string;
  userId: string;
  name: string;
  patientName: string;
  laboratoryName: string;
  comment: string | null;
  status: string;
  createdAt: Date | string;
  updatedAt: Date | string;
  fileCount: number;
  storageBytes: string;
  unreadCount: number;
  /** The latest of: created, new version, comment or reply, status change, approval. */
  lastActivityAt: Date | string;
  revision: string;
}

const PROJECT_COLUMNS = `id, user_id AS "userId", name, patient_name AS "patientName",
  laboratory_name AS "laboratoryName", comment, status, created_at AS "createdAt",
  updated_at AS "updatedAt", file_count AS "fileCount", storage_bytes AS "storageBytes",
  unread_count AS "unreadCount", last_activity_at AS "lastActivityAt", revision`;

/** One model file of a live project, in layer order; its names sealed. */
export interface ModelEntry {
  projectId: string;
  id: string;
  position: number;
  filename: string;
  originalName: string;
  name: string;
  /** Sealed `fileSize`, or the clear size (decimal text) of an older event. */
  size: string;
  type: string;
  material: string;
  groupedFrom: string | null;
  groupSize: number | null;
  blobKey: string;
  /** Sealed `triangleCount`, or the clear count (decimal text) of an older event. */
  triangles: string;
}

const MODEL_COLUMNS = `project_id AS "projectId", id, position, filename,
  original_name AS "originalName", name, size, type, material, grouped_from AS "groupedFrom",
  group_size AS "groupSize", blob_key AS "blobKey", triangles`;

/** The owner id anonymous uploads carry (`PUBLIC_USER_ID` of the project domain). */
const PUBLIC_USER = 'public';

/** ISO-8601 UTC with milliseconds, computed by the database (same text on both drivers). */
const isoSql = (col: string) =>
  `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A user's live projects, newest first. */
export async function projectsOfUser(db: SqlExecutor, userId: string): Promise<ProjectEntry[]> {
  const r = await db.query<ProjectEntry>(
    `SELECT ${PROJECT_COLUMNS} FROM projects WHERE user_id = $1 ORDER BY created_at DESC, id`,
    [userId],
  );
  return r.rows;
}

/** The live projects among `ids`, in no particular order. */
export async function projectsByIds(
  db: SqlExecutor,
  ids: readonly string[],
): Promise<ProjectEntry[]> {
  const r = await db.query<ProjectEntry>(
    `SELECT ${PROJECT_COLUMNS} FROM projects WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  return r.rows;
}

/** The models of some projects, by project and layer order. */
export async function modelsOfProjects(
  db: SqlExecutor,
  projectIds: readonly string[],
): Promise<ModelEntry[]> {
  const r = await db.query<ModelEntry>(
    `SELECT ${MODEL_COLUMNS} FROM project_models
      WHERE project_id = ANY($1::uuid[]) ORDER BY project_id, position`,
    [projectIds],
  );
  return r.rows;
}

/** One model file of a project by its stored file name. */
export async function modelByFilename(
  db: SqlExecutor,
  projectId: string,
  filename: string,
): Promise<Pick<ModelEntry, 'blobKey' | 'size' | 'name' | 'type'> | null> {
  const r = await db.query<Pick<ModelEntry, 'blobKey' | 'size' | 'name' | 'type'>>(
    `SELECT blob_key AS "blobKey", size, name, type FROM project_models
      WHERE project_id = $1 AND filename = $2`,
    [projectId, filename],
  );
  return r.rows[0] ?? null;
}

/** The blob key of one model of a project; null when there is no such model. */
export async function modelBlobKey(
  db: SqlExecutor,
  projectId: string,
  modelId: string,
): Promise<string | null> {
  const r = await db.query<{ blob_key: string }>(
    'SELECT blob_key FROM project_models WHERE project_id = $1 AND id::text = $2',
    [projectId, modelId],
  );
  return r.rows[0]?.blob_key ?? null;
}

/**
 * The models (project, id and triangle count as recorded: sealed, or clear in older events), in
 * layer order, of the project whose public link has this token hash (`project_links` is the
 * API's table; the join keeps the viewer's preload to one query).
 */
export async function modelsForLink(
  db: SqlExecutor,
  tokenHash: Buffer,
  now: Date,
  limit: number,
): Promise<{ projectId: string; id: string; triangles: string }[]> {
  // Only an open link: no PIN to ask for, not withdrawn, not expired.
  const r = await db.query<{ projectId: string; id: string; triangles: string }>(
    `SELECT m.project_id::text AS "projectId", m.id, m.triangles
       FROM project_links l JOIN project_models m ON m.project_id = l.project_id
       LEFT JOIN project_link_state s ON s.project_id = l.project_id
      WHERE l.token_hash = $1
        AND (s.project_id IS NULL OR (s.pin_hash IS NULL AND s.revoked_token_hash IS NULL
             AND (s.expires_at IS NULL OR s.expires_at > $2)))
      ORDER BY m.position LIMIT ${Math.trunc(limit)}`,
    [tokenHash, now],
  );
  return r.rows;
}

/** The owner of a live project; null when there is none. */
export async function projectOwnerId(db: SqlExecutor, projectId: string): Promise<string | null> {
  const r = await db.query<{ user_id: string }>('SELECT user_id FROM projects WHERE id = $1', [
    projectId,
  ]);
  return r.rows[0]?.user_id ?? null;
}

/** Ids of a user's live projects, oldest first. */
export async function projectIdsOfUser(db: SqlExecutor, userId: string): Promise<string[]> {
  const r = await db.query<{ id: string }>(
    'SELECT id::text AS id FROM projects WHERE user_id = $1 ORDER BY created_at, id',
    [userId],
  );
  return r.rows.map((x) => x.id);
}

/** Ids of a user's live projects created at or before `cutoff`, oldest first. */
export async function projectIdsCreatedBy(
  db: SqlExecutor,
  userId: string,
  cutoff: Date,
): Promise<string[]> {
  const r = await db.query<{ id: string }>(
    'SELECT id FROM projects WHERE user_id = $1 AND created_at <= $2 ORDER BY created_at, id',
    [userId, cutoff],
  );
  return r.rows.map((x) => x.id);
}

/** Of the well-formed ids given, those that name a live project. */
export async function liveProjectIds(
  db: SqlExecutor,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const r = await db.query<{ id: string }>(
    'SELECT id::text AS id FROM projects WHERE id = ANY($1::uuid[])',
    [ids],
  );
  return new Set(r.rows.map((x) => x.id));
}

/** Id and sealed name of the live projects among `ids`. */
export async function projectNameRows(
  db: SqlExecutor,
  ids: readonly string[],
): Promise<{ id: string; name: string }[]> {
  const r = await db.query<{ id: string; name: string }>(
    'SELECT id::text AS id, name FROM projects WHERE id = ANY($1::uuid[])',
    [ids],
  );
  return r.rows;
}

/** The admin Overview's figures over the projects, user stats and users read models. */
export interface ProjectTotalsRow {
  totalUsers: number;
  usersWithProjects: number;
  totalProjects: number;
  totalFiles: string;
  /** Live projects per stored status. */
  byStatus: Record<string, number>;
  totalStorage: string;
  publicProjects: number;
}

/** The SQL of `projectTotals` (the admin benchmark measures it bare). */
export const PROJECT_TOTALS_SQL = `
  SELECT
    (SELECT count(*) FROM users)::int AS "totalUsers",
    (SELECT count(DISTINCT p.user_id) FROM projects p JOIN users u ON u.id::text = p.user_id)::int
      AS "usersWithProjects",
    count(*)::int AS "totalProjects",
    -- Every version's stored files (a project row counts its latest version's models only).
    (SELECT COALESCE(sum(file_count), 0) FROM user_stats_projects)::bigint::text AS "totalFiles",
    (SELECT COALESCE(json_object_agg(status, n), '{}'::json)
       FROM (SELECT status, count(*)::int AS n FROM projects GROUP BY status) per) AS "byStatus",
    COALESCE(sum(storage_bytes), 0)::bigint::text AS "totalStorage",
    (count(*) FILTER (WHERE user_id = '${PUBLIC_USER}'))::int AS "publicProjects"
  FROM projects`;

export async function projectTotals(db: SqlExecutor): Promise<ProjectTotalsRow> {
  return (await db.query<ProjectTotalsRow>(PROJECT_TOTALS_SQL)).rows[0]!;
}

/** A project of the admin lists: sealed fields, its sealed link token and its owner's. */
export interface AdminProjectRow {
  id: string;
  userId: string;
  name: string;
  patientName: string;
  laboratoryName: string;
  status: string;
  createdAt: string;
  fileCount: number;
  storageBytes: string;
  tokenSealed: string | null;
  userName: string | null;
  userCompany: string | null;
  lastActivityAt: string;
  unreadCount: number;
  /** The newest version with a thumbnail (`project_thumbnails`, the API's table), if any. */
  thumbnailVersion: number | null;
}

const ADMIN_PROJECT_COLUMNS = `
  p.id::text AS id, p.user_id AS "userId", p.name, p.patient_name AS "patientName",
  p.laboratory_name AS "laboratoryName", p.status, ${isoSql('p.created_at')} AS "createdAt",
  p.file_count AS "fileCount", p.storage_bytes::text AS "storageBytes",
  l.token_sealed AS "tokenSealed", ${isoSql('p.last_activity_at')} AS "lastActivityAt",
  p.unread_count AS "unreadCount",
  (SELECT max(t.version) FROM project_thumbnails t WHERE t.project_id = p.id) AS "thumbnailVersion"`;

/** Projects of signed-in users, with their owner's sealed name and company. */
const ADMIN_PROJECTS_SELECT = `
  SELECT ${ADMIN_PROJECT_COLUMNS}, u.name AS "userName", u.company_name AS "userCompany"
    FROM projects p
    LEFT JOIN project_links l ON l.project_id = p.id
    LEFT JOIN users u ON u.id::text = p.user_id
   WHERE p.user_id <> '${PUBLIC_USER}'`;

/** Anonymous uploads. */
const ADMIN_PUBLIC_PROJECTS_SELECT = `
  SELECT ${ADMIN_PROJECT_COLUMNS}, NULL::text AS "userName", NULL::text AS "userCompany"
    FROM projects p
    LEFT JOIN project_links l ON l.project_id = p.id
   WHERE p.user_id = '${PUBLIC_USER}'`;

const NEWEST_FIRST = 'ORDER BY p.created_at DESC, p.id';

/** Projects of signed-in users, with their owner's sealed name and company, newest first. */
export const ADMIN_PROJECTS_SQL = `${ADMIN_PROJECTS_SELECT}
   ${NEWEST_FIRST}`;

/** Anonymous uploads, newest first. */
export const ADMIN_PUBLIC_PROJECTS_SQL = `${ADMIN_PUBLIC_PROJECTS_SELECT}
   ${NEWEST_FIRST}`;

/**
 * Every live project of signed-in users, or (`anonymous: true`) every anonymous upload; with
 * `ids`, only those (in no particular order).
 */
export async function adminProjectRows(
  db: SqlExecutor,
  opts: { anonymous: boolean; ids?: readonly string[] },
): Promise<AdminProjectRow[]> {
  if (!opts.ids) {
    const sql = opts.anonymous ? ADMIN_PUBLIC_PROJECTS_SQL : ADMIN_PROJECTS_SQL;
    return (await db.query<AdminProjectRow>(sql)).rows;
  }
  const select = opts.anonymous ? ADMIN_PUBLIC_PROJECTS_SELECT : ADMIN_PROJECTS_SELECT;
  const sql = `${select} AND p.id = ANY($1::uuid[])`;
  return (await db.query<AdminProjectRow>(sql, [opts.ids])).rows;
}
