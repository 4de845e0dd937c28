/**
 * The admin panel's reads (spec §3 "Admin stats", admin lists) over the users, user_stats and
 * projects read models, and its deletions (crypto-shredding through the projects and accounts
 * modules, never a second routine).
 *
 * Personal fields in the read models are sealed per subject. An admin list opens tens of
 * thousands of them per call, so keys are fetched in one query (`KeyRing.existingKeys`) and
 * opened plaintexts are memoised per subject: a subject whose key is gone (shredded) is dropped
 * from the memo on sight and its rows are skipped, so nothing of a deleted subject is shown.
 */
import type { KeyRing } from '../crypto/keyRing.js';
import { openWith } from '../crypto/keyRing.js';
import type { AppDeps } from '../deps.js';
import { PUBLIC_USER_ID, projectSubject } from '../domain/project.js';
import { userSubject } from '../domain/user.js';
import type { AdminProject, AdminStats, AdminUser } from './adminTypes.js';

// ---------------------------------------------------------------- opening sealed fields

interface DataKey {
  key: Buffer;
  version: number;
}

/** Cap on memoised plaintexts per process; past it the memo starts over. */
const MEMO_LIMIT = 250_000;

interface Opened {
  sealed: string;
  plain: string;
}

/**
 * Opened plaintexts per subject and field. A hit needs the stored sealed text to be the same
 * string (a cheap comparison; a re-sealed field has a new random IV, so it misses).
 */
class OpenedFields {
  private readonly bySubject = new Map<string, Map<string, Opened>>();
  private size = 0;

  open(subject: string, field: string, sealed: string, key: DataKey | undefined): string | null {
    if (!key) {
      this.forget(subject);
      return null;
    }
    let memo = this.bySubject.get(subject);
    const hit = memo?.get(field);
    if (hit && hit.sealed === sealed) return hit.plain;
    const plain = openWith(key.key, subject, field, sealed);
    if (this.size >= MEMO_LIMIT) {
      this.bySubject.clear();
      this.size = 0;
      memo = undefined;
    }
    if (!memo) {
      memo = new Map();
      this.bySubject.set(subject, memo);
    }
    if (!memo.has(field)) this.size++;
    memo.set(field, { sealed, plain });
    return plain;
  }

  forget(subject: string): void {
    const memo = this.bySubject.get(subject);
    if (memo) {
      this.size -= memo.size;
      this.bySubject.delete(subject);
    }
  }
}

const memos = new WeakMap<KeyRing, OpenedFields>();
function openedFields(keys: KeyRing): OpenedFields {
  let m = memos.get(keys);
  if (!m) {
    m = new OpenedFields();
    memos.set(keys, m);
  }
  return m;
}

/** Drops memoised plaintexts of a subject (called right after it is shredded). */
export function forgetSubject(keys: KeyRing, subject: string): void {
  openedFields(keys).forget(subject);
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
    (count(*) FILTER (WHERE status = 'approved'))::int AS approved,
    (count(*) FILTER (WHERE status IN ('pending', 'pending_review')))::int AS pending,
    (count(*) FILTER (WHERE status = 'pending_revision'))::int AS rejected,
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
    approved: number;
    pending: number;
    rejected: number;
    total_storage: string;
    public_projects: number;
  }>(STATS_SQL);
  const s = r.rows[0]!;
  return {
    totalUsers: s.total_users,
    usersWithProjects: s.users_with_projects,
    totalProjects: s.total_projects,
    totalFiles: Number(s.total_files),
    approvedProjects: s.approved,
    pendingProjects: s.pending,
    rejectedProjects: s.rejected,
    totalStorage: Number(s.total_storage),
    publicProjects: s.public_projects,
  };
}

function toUsers(deps: AppDeps, rows: UserSqlRow[], keys: Map<string, DataKey>): AdminUser[] {
  const memo = openedFields(deps.keys);
  const out: AdminUser[] = [];
  for (const row of rows) {
    const subject = userSubject(row.id);
    const key = keys.get(subject);
    // Shredded but UserDeleted not projected yet: the user is gone.
    if (!key) {
      memo.forget(subject);
      continue;
    }
    out.push({
      id: row.id,
      name: memo.open(subject, 'name', row.name, key) ?? '',
      email: memo.open(subject, 'email', row.email, key) ?? '',
      companyName: memo.open(subject, 'companyName', row.company_name, key) ?? '',
      role: row.role === 'admin' ? 'admin' : 'user',
      emailVerified: row.email_verified,
      projectCount: row.project_count,
      totalStorage: Number(row.total_storage),
      createdAt: row.created_at,
    });
  }
  return out;
}

export async function adminUsers(deps: AppDeps): Promise<AdminUser[]> {
  const r = await deps.db.query<UserSqlRow>(`${USERS_SQL} ORDER BY u.created_at DESC, u.id`);
  const keys = await deps.keys.existingKeys(r.rows.map((u) => userSubject(u.id)));
  return toUsers(deps, r.rows, keys);
}

export async function adminUser(deps: AppDeps, userId: string): Promise<AdminUser | null> {
  const r = await deps.db.query<UserSqlRow>(`${USERS_SQL} WHERE u.id = $1::uuid`, [userId]);
  if (r.rows.length === 0) return null;
  const keys = await deps.keys.existingKeys([userSubject(userId)]);
  return toUsers(deps, r.rows, keys)[0] ?? null;
}

async function toProjects(deps: AppDeps, rows: ProjectSqlRow[]): Promise<AdminProject[]> {
  const subjects: string[] = [];
  for (const row of rows) {
    subjects.push(projectSubject(row.id));
    if (row.user_name !== null) subjects.push(userSubject(row.user_id));
  }
  const keys = await deps.keys.existingKeys(subjects);
  const memo = openedFields(deps.keys);
  const out: AdminProject[] = [];
  for (const row of rows) {
    const subject = projectSubject(row.id);
    const key = keys.get(subject);
    // Shredded but ProjectDeleted not projected yet: the project is gone.
    if (!key) {
      memo.forget(subject);
      continue;
    }
    const owner = userSubject(row.user_id);
    const ownerKey = row.user_name !== null ? keys.get(owner) : undefined;
    const userName =
      row.user_name !== null ? (memo.open(owner, 'name', row.user_name, ownerKey) ?? '') : '';
    const userCompany =
      row.user_company !== null
        ? (memo.open(owner, 'companyName', row.user_company, ownerKey) ?? '')
        : '';
    out.push({
      id: row.id,
      name: memo.open(subject, 'name', row.name, key) ?? '',
      patientName: memo.open(subject, 'patientName', row.patient_name, key) ?? '',
      laboratoryName: memo.open(subject, 'laboratoryName', row.laboratory_name, key) ?? '',
      status: row.status,
      fileCount: row.file_count,
      totalSize: Number(row.storage_bytes),
      createdAt: row.created_at,
      userId: row.user_id,
      userName,
      userCompany,
      user: ownerKey ? { name: userName, companyName: userCompany } : null,
      publicToken: row.token_sealed
        ? memo.open(subject, 'publicToken', row.token_sealed, key)
        : null,
    });
  }
  return out;
}

export async function adminProjects(deps: AppDeps): Promise<AdminProject[]> {
  return toProjects(deps, (await deps.db.query<ProjectSqlRow>(PROJECTS_SQL)).rows);
}

export async function adminPublicProjects(deps: AppDeps): Promise<AdminProject[]> {
  return toProjects(deps, (await deps.db.query<ProjectSqlRow>(PUBLIC_PROJECTS_SQL)).rows);
}

/** Ids of the live projects of a user, per the projects read model. */
export async function projectIdsOfUser(deps: AppDeps, userId: string): Promise<string[]> {
  const r = await deps.db.query<{ id: string }>(
    'SELECT id::text AS id FROM projects WHERE user_id = $1 ORDER BY created_at, id',
    [userId],
  );
  return r.rows.map((x) => x.id);
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
