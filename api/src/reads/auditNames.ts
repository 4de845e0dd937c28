/**
 * Names beside the ids of the audit view (admins only): the acting user's and the subject's
 * (project or user), opened from the read models like the admin lists open them. A subject whose
 * key is gone (deleted, crypto-shredded) has no name any more and keeps only its id.
 */
import { projectNameRows } from '../../../projections/src/projects/queries.js';
import { userNamesByIds } from '../../../projections/src/users/queries.js';
import type { AppDeps } from '../deps.js';
import { projectSubject } from '../domain/project.js';
import { userSubject } from '../domain/user.js';
import { openRows } from './admin.js';
import type { AuditEntry } from '../contract/audit.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface NameRow {
  id: string;
  name: string;
}

async function names(
  deps: AppDeps,
  query: (db: AppDeps['db'], ids: string[]) => Promise<NameRow[]>,
  subjectOf: (id: string) => string,
  ids: ReadonlySet<string>,
): Promise<Map<string, string>> {
  const wellFormed = [...ids].filter((id) => UUID.test(id));
  if (wellFormed.length === 0) return new Map();
  const rows = await query(deps.db, wellFormed);
  const opened = await openRows(deps.keys, rows, (row, open) => {
    const name = open(subjectOf, row.id, 'name', row.name);
    return name === null ? null : ([row.id, name] as const);
  });
  return new Map(opened);
}

/** The user id of an actor `user:<id>` or `admin:<id>`; undefined for other actors. */
export function actorUserId(actor: string): string | undefined {
  const m = /^(?:user|admin):(.+)$/.exec(actor);
  return m?.[1];
}

/** The user names of the given user ids that still exist. */
export function userNames(deps: AppDeps, ids: ReadonlySet<string>): Promise<Map<string, string>> {
  return names(deps, userNamesByIds, userSubject, ids);
}

/** The project names of the given project ids that still exist. */
export function projectNames(
  deps: AppDeps,
  ids: ReadonlySet<string>,
): Promise<Map<string, string>> {
  return names(deps, projectNameRows, projectSubject, ids);
}

/** The entries with `actorName` and `subjectName` where those still exist. */
export async function withNames(deps: AppDeps, entries: AuditEntry[]): Promise<AuditEntry[]> {
  const userIds = new Set<string>();
  const projectIds = new Set<string>();
  for (const e of entries) {
    const actor = actorUserId(e.actor);
    if (actor) userIds.add(actor);
    if (e.subjectId && e.subjectType === 'user') userIds.add(e.subjectId);
    if (e.subjectId && e.subjectType === 'project') projectIds.add(e.subjectId);
  }
  const [users, projects] = await Promise.all([
    userNames(deps, userIds),
    projectNames(deps, projectIds),
  ]);
  return entries.map((e) => {
    const actorId = actorUserId(e.actor);
    const actorName = actorId ? users.get(actorId) : undefined;
    const subjects =
      e.subjectType === 'user' ? users : e.subjectType === 'project' ? projects : null;
    const subjectName = e.subjectId ? subjects?.get(e.subjectId) : undefined;
    return {
      ...e,
      ...(actorName !== undefined ? { actorName } : {}),
      ...(subjectName !== undefined ? { subjectName } : {}),
    };
  });
}
