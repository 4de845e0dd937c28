/**
 * The admin panel's reads (the stats, the admin lists) over the users, user_stats and
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
import { projectSubject } from '../domain/project.js';
import { countStatuses, needsAnswer } from '../domain/projectStatus.js';
import { userSubject } from '../domain/user.js';
import {
  adminProjectRows,
  liveProjectIds,
  projectTotals,
  type AdminProjectRow,
} from '../../../projections/src/projects/queries.js';
import {
  adminUserRow,
  adminUserRows,
  type AdminUserRow,
} from '../../../projections/src/users/queries.js';
import type { AdminProject, AdminStats, AdminUser } from '../contract/admin.js';
import type { ProjectSearchQuery } from '../contract/dashboard.js';
import { thumbnailUrlOf } from '../mesh/thumbnailStore.js';
import { isPlainList, searchProjects, type ProjectPage } from './projectSearch.js';

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

// ---------------------------------------------------------------- reads

export async function adminStats(deps: AppDeps): Promise<AdminStats> {
  const s = await projectTotals(deps.db);
  const counts = countStatuses(s.byStatus);
  return {
    totalUsers: s.totalUsers,
    usersWithProjects: s.usersWithProjects,
    totalProjects: s.totalProjects,
    totalFiles: Number(s.totalFiles),
    approvedProjects: counts.approved,
    pendingProjects: counts.pending,
    rejectedProjects: counts.changesRequested,
    totalStorage: Number(s.totalStorage),
    publicProjects: s.publicProjects,
  };
}

function toUser(row: AdminUserRow, open: Open): AdminUser | null {
  const name = open(userSubject, row.id, 'name', row.name);
  // Shredded but UserDeleted not projected yet: the user is gone.
  if (name === null) return null;
  return {
    id: row.id,
    name,
    email: open(userSubject, row.id, 'email', row.email) ?? '',
    companyName: open(userSubject, row.id, 'companyName', row.companyName) ?? '',
    role: row.role === 'admin' ? 'admin' : 'user',
    emailVerified: row.emailVerified,
    projectCount: row.projectCount,
    totalStorage: Number(row.totalStorage),
    createdAt: row.createdAt,
  };
}

export async function adminUsers(deps: AppDeps): Promise<AdminUser[]> {
  return openRows(deps.keys, await adminUserRows(deps.db), toUser);
}

export async function adminUser(deps: AppDeps, userId: string): Promise<AdminUser | null> {
  const row = await adminUserRow(deps.db, userId);
  return row ? ((await openRows(deps.keys, [row], toUser))[0] ?? null) : null;
}

function toProject(row: AdminProjectRow, open: Open): AdminProject | null {
  // Every field is asked for before deciding: the first pass (memo only) must name every subject
  // whose key the row needs, the owner's too. The project's fields first, then the owner's: the
  // memo keeps the last subject at hand.
  const name = open(projectSubject, row.id, 'name', row.name);
  const patientName = open(projectSubject, row.id, 'patientName', row.patientName) ?? '';
  const laboratoryName = open(projectSubject, row.id, 'laboratoryName', row.laboratoryName) ?? '';
  const publicToken = row.tokenSealed
    ? open(projectSubject, row.id, 'publicToken', row.tokenSealed)
    : null;
  const userName =
    row.userName !== null ? open(userSubject, row.userId, 'name', row.userName) : null;
  const userCompany =
    row.userName !== null && row.userCompany !== null
      ? open(userSubject, row.userId, 'companyName', row.userCompany)
      : null;
  // Shredded but ProjectDeleted not projected yet: the project is gone.
  if (name === null) return null;
  return {
    id: row.id,
    name,
    patientName,
    laboratoryName,
    status: row.status as AdminProject['status'],
    fileCount: row.fileCount,
    totalSize: Number(row.storageBytes),
    createdAt: row.createdAt,
    userId: row.userId,
    userName: userName ?? '',
    userCompany: userCompany ?? '',
    // The owner's key is gone (account deleted, cascade not projected yet): no owner to show.
    user: userName !== null ? { name: userName, companyName: userCompany ?? '' } : null,
    publicToken,
    lastActivityAt: row.lastActivityAt,
    needsAnswer: needsAnswer(row.status, row.unreadCount),
    thumbnailUrl: thumbnailUrlOf(row.id, row.thumbnailVersion ?? undefined),
  };
}

export async function adminProjects(deps: AppDeps): Promise<AdminProject[]> {
  return openRows(deps.keys, await adminProjectRows(deps.db, { anonymous: false }), toProject);
}

export async function adminPublicProjects(deps: AppDeps): Promise<AdminProject[]> {
  return openRows(deps.keys, await adminProjectRows(deps.db, { anonymous: true }), toProject);
}

/**
 * An admin list searched, filtered, sorted or paged: signed-in users' projects, or
 * (`anonymous`) the anonymous uploads. A query with none of those reads the whole list as above.
 */
export async function adminProjectSearch(
  deps: AppDeps,
  query: ProjectSearchQuery,
  anonymous: boolean,
): Promise<{ projects: AdminProject[]; page: ProjectPage | null }> {
  if (isPlainList(query) && query.userId === undefined) {
    const projects = anonymous ? await adminPublicProjects(deps) : await adminProjects(deps);
    return { projects, page: null };
  }
  const scope = { anonymous, ...(query.userId !== undefined ? { userId: query.userId } : {}) };
  const page = await searchProjects(deps, scope, query);
  const rows = await adminProjectRows(deps.db, { anonymous, ids: page.ids });
  const byId = new Map((await openRows(deps.keys, rows, toProject)).map((p) => [p.id, p]));
  return { projects: page.ids.flatMap((id) => byId.get(id) ?? []), page };
}

/** Of `ids`, those that name no live project (malformed ones included). */
export async function unknownProjectIds(deps: AppDeps, ids: readonly string[]): Promise<string[]> {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const live = await liveProjectIds(
    deps.db,
    ids.filter((id) => uuid.test(id)),
  );
  return ids.filter((id) => !live.has(id.toLowerCase()));
}
