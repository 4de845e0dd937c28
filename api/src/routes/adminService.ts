/**
 * The admin panel's reads (spec §3 "Admin stats", admin lists) over the users, user_stats and
 * projects read models, and its deletions (crypto-shredding through the projects and accounts
 * modules, never a second routine).
 *
 * Personal fields in the read models are sealed per subject. An admin list opens tens of
 * thousands of them per call, so opened plaintexts are memoised by sealed text
 * (`KeyRing.opened`) and only the rows with a field never opened before need their subject's key:
 * those keys come in one query (`KeyRing.existingKeys`). A row whose key is gone (shredded,
 * deletion not projected yet) is skipped, so nothing of a deleted subject is shown; destroying a
 * key drops its memo entries.
 */
import type { KeyRing } from '../crypto/keyRing.js';
import { openWith } from '../crypto/keyRing.js';
import type { AppDeps } from '../deps.js';
import { PUBLIC_USER_ID, projectSubject } from '../domain/project.js';
import { countStatuses } from '../domain/projectStatus.js';
import { userSubject } from '../domain/user.js';
import type { AdminProject, AdminStats, AdminUser } from './adminTypes.js';

// ---------------------------------------------------------------- opening sealed fields

/** Opens one sealed field of the subject `subjectOf(id)`; null when it cannot be opened. */
export type Open = (
  subjectOf: (id: string) => string,
  id: string,
  field: string,
  sealed: string,
) => string | null;

/**
 * Maps rows with `build`, which opens the rows' sealed fields with `open` and answers null for a
 * row whose subject is gone. A first pass serves every field from the memo; the rows that missed
 * are built again once their subjects' keys are loaded (one query), and dropped if still null.
 * `build` must ask for every field of a row before it decides: the first pass learns from those
 * misses which keys to load.
 */
export async function openRows<R, T>(
  keyRing: KeyRing,
  rows: readonly R[],
  build: (row: R, open: Open) => T | null,
): Promise<T[]> {
  const memo = keyRing.opened;
  const wanted = new Set<string>();
  let missed: boolean;
  const fromMemo: Open = (subjectOf, id, field, sealed) => {
    const hit = memo.get(sealed, id, field);
    if (hit !== undefined) return hit;
    missed = true;
    wanted.add(subjectOf(id));
    return null;
  };
  const out: (T | null)[] = [];
  const retry: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    missed = false;
    out.push(build(rows[i]!, fromMemo));
    if (missed) retry.push(i);
  }
  if (retry.length === 0) return out as T[];

  const keys = await keyRing.existingKeys([...wanted]);
  const withKeys: Open = (subjectOf, id, field, sealed) => {
    const hit = memo.get(sealed, id, field);
    if (hit !== undefined) return hit;
    const subject = subjectOf(id);
    const key = keys.get(subject);
    if (!key) return null;
    const plain = openWith(key.key, subject, field, sealed);
    memo.remember(subject, id, field, sealed, plain);
    return plain;
  };
  for (const i of retry) out[i] = build(rows[i]!, withKeys);
  return out.filter((t): t is T => t !== null);
}

// ---------------------------------------------------------------- SQL

/** ISO-8601 UTC with milliseconds, computed by the database (same text on both drivers). */
const isoSql = (col: string) =>
  `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const STATS_SQL = `
  SELECT
    (SELECT count(*) FROM users)::int AS total_users,
    (SELECT count(DISTINCT p.user_id) FROM projects p JOIN users u ON u.id::text = p.user_id)::int
      AS users_with_projects,
    count(*)::int AS total_projects,
    COALESCE(sum(file_count), 0)::bigint::text AS total_files,
    (SELECT COALESCE(json_object_agg(status, n), '{}'::json)
       FROM (SELECT status, count(*)::int AS n FROM projects GROUP BY status) per) AS by_status,
    COALESCE(sum(storage_bytes), 0)::bigint::text AS total_storage,
    (count(*) FILTER (WHERE user_id = '${PUBLIC_USER_ID}'))::int AS public_projects
  FROM projects`;

export const USERS_SQL = `
  SELECT u.id::text AS id, u.name, u.email, u.company_name, u.role, u.email_verified,
         ${isoSql('u.created_at')} AS created_at,
         COALESCE(s.total, 0)::int AS project_count,
         COALESCE(s.storage_bytes, 0)::bigint::text AS total_storage
    FROM users u LEFT JOIN user_stats s ON s.user_id = u.id::text`;

const PROJECT_COLUMNS = `
  p.id::text AS id, p.user_id, p.name, p.patient_name, p.laboratory_name, p.status,
  ${isoSql('p.created_at')} AS created_at, p.file_count, p.storage_bytes::text AS storage_bytes,
  l.token_sealed`;

/** Projects of signed-in users (anonymous uploads excluded), with their owner's sealed fields. */
export const PROJECTS_SQL = `
  SELECT ${PROJECT_COLUMNS}, u.name AS user_name, u.company_name AS user_company
    FROM projects p
    LEFT JOIN project_links l ON l.project_id = p.id
    LEFT JOIN users u ON u.id::text = p.user_id
   WHERE p.user_id <> '${PUBLIC_USER_ID}'
   ORDER BY p.created_at DESC, p.id`;

export const PUBLIC_PROJECTS_SQL = `
  SELECT ${PROJECT_COLUMNS}, NULL::text AS user_name, NULL::text AS user_company
    FROM projects p
    LEFT JOIN project_links l ON l.project_id = p.id
   WHERE p.user_id = '${PUBLIC_USER_ID}'
   ORDER BY p.created_at DESC, p.id`;

interface UserSqlRow {
  id: string;
  name: string;
  email: string;
  company_name: string;
  role: string;
  email_verified: boolean;
  created_at: string;
  project_count: number;
  total_storage: string;
}

interface ProjectSqlRow {
  id: string;
  user_id: string;
  name: string;
  patient_name: string;
  laboratory_name: string;
  status: string;
  created_at: string;
  file_count: number;
  storage_bytes: string;
  token_sealed: string | null;
  user_name: string | null;
  user_company: string | null;
}

// ---------------------------------------------------------------- reads

export async function adminStats(deps: AppDeps): Promise<AdminStats> {
  const r = await deps.db.query<{
    total_users: number;
    users_with_projects: number;
    total_projects: number;
    total_files: string;
    /** Live projects per stored status. */
    by_status: Record<string, number>;
    total_storage: string;
    public_projects: number;
  }>(STATS_SQL);
  const s = r.rows[0]!;
  const counts = countStatuses(s.by_status);
  return {
    totalUsers: s.total_users,
    usersWithProjects: s.users_with_projects,
    totalProjects: s.total_projects,
    totalFiles: Number(s.total_files),
    approvedProjects: counts.approved,
    pendingProjects: counts.pending,
    rejectedProjects: counts.changesRequested,
    totalStorage: Number(s.total_storage),
    publicProjects: s.public_projects,
  };
}

function toUser(row: UserSqlRow, open: Open): AdminUser | null {
  const name = open(userSubject, row.id, 'name', row.name);
  // Shredded but UserDeleted not projected yet: the user is gone.
  if (name === null) return null;
  return {
    id: row.id,
    name,
    email: open(userSubject, row.id, 'email', row.email) ?? '',
    companyName: open(userSubject, row.id, 'companyName', row.company_name) ?? '',
    role: row.role === 'admin' ? 'admin' : 'user',
    emailVerified: row.email_verified,
    projectCount: row.project_count,
    totalStorage: Number(row.total_storage),
    createdAt: row.created_at,
  };
}

export async function adminUsers(deps: AppDeps): Promise<AdminUser[]> {
  const r = await deps.db.query<UserSqlRow>(`${USERS_SQL} ORDER BY u.created_at DESC, u.id`);
  return openRows(deps.keys, r.rows, toUser);
}

export async function adminUser(deps: AppDeps, userId: string): Promise<AdminUser | null> {
  const r = await deps.db.query<UserSqlRow>(`${USERS_SQL} WHERE u.id = $1::uuid`, [userId]);
  return (await openRows(deps.keys, r.rows, toUser))[0] ?? null;
}

function toProject(row: ProjectSqlRow, open: Open): AdminProject | null {
  // Every field is asked for before deciding: the first pass (memo only) must name every subject
  // whose key the row needs, the owner's too. The project's fields first, then the owner's: the
  // memo keeps the last subject at hand.
  const name = open(projectSubject, row.id, 'name', row.name);
  const patientName = open(projectSubject, row.id, 'patientName', row.patient_name) ?? '';
  const laboratoryName = open(projectSubject, row.id, 'laboratoryName', row.laboratory_name) ?? '';
  const publicToken = row.token_sealed
    ? open(projectSubject, row.id, 'publicToken', row.token_sealed)
    : null;
  const userName =
    row.user_name !== null ? open(userSubject, row.user_id, 'name', row.user_name) : null;
  const userCompany =
    row.user_name !== null && row.user_company !== null
      ? open(userSubject, row.user_id, 'companyName', row.user_company)
      : null;
  // Shredded but ProjectDeleted not projected yet: the project is gone.
  if (name === null) return null;
  return {
    id: row.id,
    name,
    patientName,
    laboratoryName,
    status: row.status,
    fileCount: row.file_count,
    totalSize: Number(row.storage_bytes),
    createdAt: row.created_at,
    userId: row.user_id,
    userName: userName ?? '',
    userCompany: userCompany ?? '',
    // The owner's key is gone (account deleted, cascade not projected yet): no owner to show.
    user: userName !== null ? { name: userName, companyName: userCompany ?? '' } : null,
    publicToken,
  };
}

export async function adminProjects(deps: AppDeps): Promise<AdminProject[]> {
  return openRows(deps.keys, (await deps.db.query<ProjectSqlRow>(PROJECTS_SQL)).rows, toProject);
}

export async function adminPublicProjects(deps: AppDeps): Promise<AdminProject[]> {
  return openRows(
    deps.keys,
    (await deps.db.query<ProjectSqlRow>(PUBLIC_PROJECTS_SQL)).rows,
    toProject,
  );
}

/** Of `ids`, those that name no live project (malformed ones included). */
export async function unknownProjectIds(deps: AppDeps, ids: readonly string[]): Promise<string[]> {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const wellFormed = ids.filter((id) => uuid.test(id));
  const r = wellFormed.length
    ? await deps.db.query<{ id: string }>(
        'SELECT id::text AS id FROM projects WHERE id = ANY($1::uuid[])',
        [wellFormed],
      )
    : { rows: [] };
  const live = new Set(r.rows.map((x) => x.id.toLowerCase()));
  return ids.filter((id) => !uuid.test(id) || !live.has(id.toLowerCase()));
}
