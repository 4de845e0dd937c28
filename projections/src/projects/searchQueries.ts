import type { SqlExecutor } from '../../../api/src/db/db.js';

/**
 * The SQL side of the project lists' search: every filter on a column the read model
 * holds in clear (owner, status, needs-an-answer, last-activity range) and the column sorts run
 * here; the words of a search are matched in the API process against the opened sealed fields.
 */

/** Whose projects: one owner's, or (admin lists) signed-in users' or anonymous uploads. */
export type ProjectScope = { userId: string } | { anonymous: boolean; userId?: string };

export interface CandidateFilter {
  scope: ProjectScope;
  statuses?: readonly string[];
  /** Unread doctor comments, or one of these (changes-requested) statuses. */
  needsAnswerStatuses?: readonly string[];
  /** Last activity at or after `from` and before `until`. */
  from?: Date;
  until?: Date;
  order: 'activity' | 'created';
}

export interface Candidate {
  id: string;
  revision: string;
}

const PUBLIC_USER = 'public';

/** Every candidate's id and row revision, in order (the API pages and caches the list). */
export async function projectCandidates(db: SqlExecutor, f: CandidateFilter): Promise<Candidate[]> {
  const params: unknown[] = [];
  const arg = (v: unknown) => `$${params.push(v)}`;
  const where: string[] = [];
  if ('anonymous' in f.scope) {
    where.push(f.scope.anonymous ? `user_id = '${PUBLIC_USER}'` : `user_id <> '${PUBLIC_USER}'`);
    if (f.scope.userId !== undefined) where.push(`user_id = ${arg(f.scope.userId)}`);
  } else {
    where.push(`user_id = ${arg(f.scope.userId)}`);
  }
  if (f.statuses) where.push(`status = ANY(${arg(f.statuses)}::text[])`);
  if (f.needsAnswerStatuses) {
    where.push(`(unread_count > 0 OR status = ANY(${arg(f.needsAnswerStatuses)}::text[]))`);
  }
  if (f.from) where.push(`last_activity_at >= ${arg(f.from)}`);
  if (f.until) where.push(`last_activity_at < ${arg(f.until)}`);
  const order = f.order === 'activity' ? 'last_activity_at DESC, id' : 'created_at DESC, id';
  const r = await db.query<Candidate>(
    `SELECT id::text AS id, revision::text AS revision FROM projects
      WHERE ${where.join(' AND ')} ORDER BY ${order}`,
    params,
  );
  return r.rows;
}

/** The sealed fields a search reads, of the live projects among `ids`. */
export async function sealedSearchFields(
  db: SqlExecutor,
  ids: readonly string[],
): Promise<
  { id: string; revision: string; name: string; patientName: string; laboratoryName: string }[]
> {
  const r = await db.query<{
    id: string;
    revision: string;
    name: string;
    patientName: string;
    laboratoryName: string;
  }>(
    `SELECT id::text AS id, revision::text AS revision, name, patient_name AS "patientName",
            laboratory_name AS "laboratoryName"
       FROM projects WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  return r.rows;
}
