import type { SqlExecutor } from '../../../api/src/db/db.js';

/** One `audit_log` row as the readers get it: positions and time as text. */
export interface AuditLogEntryRow {
  eventId: string;
  position: string;
  txText: string;
  gpText: string;
  /** ISO-8601 UTC with milliseconds. */
  at: string;
  actor: string;
  action: string;
  stream: string;
  subjectKind: string;
  subjectId: string | null;
  /** The project version the event is about (created, new version, approval), else null. */
  version: number | null;
}

/** The admin view's filters, already validated by the caller. */
export interface AuditFilter {
  /** `admin` matches every admin; `admin:<id>` one of them. */
  actor?: string | undefined;
  projectId?: string | undefined;
  userId?: string | undefined;
  type?: string | undefined;
  /** ISO-8601 date or date-time, inclusive. */
  from?: string | undefined;
  /** ISO-8601 date or date-time, exclusive. */
  to?: string | undefined;
  /** Only rows before this position `tx:gp` (paging newest first). */
  before?: string | undefined;
}

const AT_SQL = `to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
// The text copies of tx and gp must not be aliased `tx` / `gp`: ORDER BY resolves output names
// first and would then sort text ('988' after '1031' in descending order).
const COLUMNS = `event_id::text AS "eventId", position, tx::text AS "txText", gp::text AS "gpText",
  ${AT_SQL} AS at, actor, action, stream, subject_kind AS "subjectKind", subject_id AS "subjectId",
  version`;
/** Orders by the store position as numbers (the table's bigint columns, never the aliases). */
const NEWEST_FIRST = 'ORDER BY audit_log.tx DESC, audit_log.gp DESC';
const OLDEST_FIRST = 'ORDER BY audit_log.tx, audit_log.gp';

function cursorParts(c: string): [string, string] {
  const [tx = '0', gp = '0'] = c.split(':');
  return [tx, gp];
}

/** WHERE clause and parameters of the admin filters. */
export function auditWhere(q: AuditFilter): { sql: string; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const actor = q.actor?.trim();
  if (actor) {
    if (actor.includes(':')) where.push(`actor = ${p(actor)}`);
    else where.push(`(actor = ${p(actor)} OR starts_with(actor, ${p(`${actor}:`)}))`);
  }
  if (q.projectId) {
    where.push(`subject_kind = 'project' AND subject_id = ${p(q.projectId.toLowerCase())}`);
  }
  if (q.userId) where.push(`subject_kind = 'user' AND subject_id = ${p(q.userId.toLowerCase())}`);
  if (q.type) where.push(`action = ${p(q.type)}`);
  if (q.from) where.push(`occurred_at >= ${p(q.from)}::timestamptz`);
  if (q.to) where.push(`occurred_at < ${p(q.to)}::timestamptz`);
  if (q.before) {
    const [tx, gp] = cursorParts(q.before);
    where.push(`(audit_log.tx, audit_log.gp) < (${p(tx)}::bigint, ${p(gp)}::bigint)`);
  }
  return { sql: where.length ? `WHERE ${where.join(' AND ')}` : '', params };
}

/** Up to `limit` rows matching the filters, newest first. */
export async function auditEntries(
  db: SqlExecutor,
  filter: AuditFilter,
  limit: number,
): Promise<AuditLogEntryRow[]> {
  const { sql, params } = auditWhere(filter);
  const r = await db.query<AuditLogEntryRow>(
    `SELECT ${COLUMNS} FROM audit_log ${sql} ${NEWEST_FIRST} LIMIT ${Math.trunc(limit)}`,
    params,
  );
  return r.rows;
}

/** Up to `limit` rows of one project, oldest first, after the position `after` (`tx:gp`). */
export async function projectAuditEntries(
  db: SqlExecutor,
  projectId: string,
  after: string | undefined,
  limit: number,
): Promise<AuditLogEntryRow[]> {
  const params: unknown[] = [projectId];
  let afterSql = '';
  if (after) {
    params.push(...cursorParts(after));
    afterSql = 'AND (audit_log.tx, audit_log.gp) > ($2::bigint, $3::bigint)';
  }
  const r = await db.query<AuditLogEntryRow>(
    `SELECT ${COLUMNS} FROM audit_log WHERE subject_kind = 'project' AND subject_id = $1 ${afterSql}
      ${OLDEST_FIRST} LIMIT ${Math.trunc(limit)}`,
    params,
  );
  return r.rows;
}
