import type { FastifyInstance } from 'fastify';
import { principalOf } from '../http/guards.js';
import type { Input } from '../http/routeInput.js';
import { AUDIT_PAGE_MAX, type AuditQuery } from '../contract/audit.js';
import {
  auditEntries,
  projectAuditEntries,
  type AuditLogEntryRow,
} from '../../../projections/src/auditLog/queries.js';
import type { AppDeps } from '../deps.js';
import { projectStream } from '../domain/project.js';
import { NotFound } from '../errors.js';
import { actorUserId, projectNames, userNames, withNames } from '../reads/auditNames.js';
import type { AuditEntry, AuditPage, HistoryEntry, HistoryPage } from '../contract/audit.js';

/**
 * Audit history from the `audit_log` read model: who did what to which
 * subject, when. The read model holds no personal data at all (actors are ids, actions are
 * event types), so nothing of a deleted, crypto-shredded subject can show here; the names that
 * admins see beside the ids are opened from the live read models at read time.
 */

export { AUDIT_PAGE_MAX };
/** CSV export bound: a bigger export must be narrowed by filters. */
export const AUDIT_CSV_MAX = 50_000;

export type { AuditQuery };

function actorKind(actor: string): string {
  const i = actor.indexOf(':');
  return i < 0 ? actor : actor.slice(0, i);
}

function toEntry(r: AuditLogEntryRow): AuditEntry {
  return {
    seq: `${r.txText}:${r.gpText}`,
    eventId: r.eventId,
    action: r.action,
    actor: r.actor,
    actorKind: actorKind(r.actor),
    stream: r.stream,
    subjectType: r.subjectKind,
    subjectId: r.subjectId,
    at: r.at,
    ...(r.version !== null ? { version: r.version } : {}),
  };
}

const CSV_HEADER = [
  'time_utc',
  'action',
  'actor',
  'actor_kind',
  'subject_type',
  'subject_id',
  'event_id',
  'position',
  'version',
];

/** RFC 4180 quoting, and cells that a spreadsheet would run as a formula are defused. */
export function csvCell(value: string | null): string {
  let v = value ?? '';
  if (/^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

export function auditCsv(entries: readonly AuditEntry[]): string {
  const lines = [CSV_HEADER.join(',')];
  for (const e of entries) {
    lines.push(
      [
        e.at,
        e.action,
        e.actor,
        e.actorKind,
        e.subjectType,
        e.subjectId,
        e.eventId,
        e.seq,
        e.version === undefined ? null : String(e.version),
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

export async function auditRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  /**
   * Admin audit view: filtered, newest first, paged by cursor, with names beside the ids;
   * `format=csv` exports ids only (a file that leaves Cusp must not outlive a deletion's shredding).
   */
  app.get<Input<'GET /api/admin/audit'>>('/api/admin/audit', async (request, reply) => {
    const q = request.query;
    const limit = q.format === 'csv' ? AUDIT_CSV_MAX : q.limit;
    const rows = await auditEntries(deps.db, q, limit + 1);
    const more = rows.length > limit;
    const entries = (more ? rows.slice(0, limit) : rows).map(toEntry);
    if (q.format === 'csv') {
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="cusp-audit.csv"')
        .send(auditCsv(entries));
    }
    const items = await withNames(deps, entries);
    const page: AuditPage = {
      items,
      nextCursor: more ? (items[items.length - 1]?.seq ?? null) : null,
    };
    return page;
  });

  /**
   * One project's timeline for its owner (or an admin), oldest first, paged by cursor. Ownership
   * comes from the stream's ProjectCreated (no personal data), so the history stays readable after
   * deletion. Non-admins see actor kinds, and ids only of themselves; admins see every actor id
   * and the names of acting users.
   */
  app.get<Input<'GET /api/projects/:id/history'>>('/api/projects/:id/history', async (request) => {
    const user = principalOf(request);
    const id = request.params.id.toLowerCase();
    const q = request.query;
    const events = await deps.store.readStream(projectStream(id));
    const created = events.find((e) => e.type === 'ProjectCreated');
    const ownerId = (created?.data as { userId?: string } | undefined)?.userId;
    const isAdmin = user.role === 'admin';
    if (!ownerId || (ownerId !== user.userId && !isAdmin)) throw new NotFound('Project not found');
    const rows = await projectAuditEntries(deps.db, id, q.after, q.limit + 1);
    const more = rows.length > q.limit;
    const entries = (more ? rows.slice(0, q.limit) : rows).map(toEntry);
    const actorIds = new Set(entries.map((e) => actorUserId(e.actor) ?? '').filter(Boolean));
    const [projectName, actorNames] = await Promise.all([
      projectNames(deps, new Set([id])).then((m) => m.get(id) ?? null),
      isAdmin ? userNames(deps, actorIds) : Promise.resolve(new Map<string, string>()),
    ]);
    const items = entries.map((e): HistoryEntry => {
      const actorId = actorUserId(e.actor);
      const mine = actorId === user.userId;
      const actorName = actorId ? actorNames.get(actorId) : undefined;
      return {
        eventId: e.eventId,
        action: e.action,
        actorKind: e.actorKind,
        ...(isAdmin || mine ? { actor: e.actor } : {}),
        ...(actorName !== undefined ? { actorName } : {}),
        mine,
        at: e.at,
        ...(e.version !== undefined ? { version: e.version } : {}),
      };
    });
    const page: HistoryPage = {
      projectId: id,
      projectName,
      items,
      nextCursor: more ? (entries[entries.length - 1]?.seq ?? null) : null,
    };
    return page;
  });
}
