import type { FastifyInstance } from 'fastify';
import { principalOf } from '../http/guards.js';
import type { Input } from '../http/routeInput.js';
import {
  AUDIT_PAGE_MAX,
  historyExportName,
  type AuditEntry,
  type AuditPage,
  type AuditQuery,
} from '../contract/audit.js';
import { auditEntries, type AuditLogEntryRow } from '../../../projections/src/auditLog/queries.js';
import type { AppDeps } from '../deps.js';
import { historyCsv } from '../reads/historyCsv.js';
import { historyPdf } from '../reads/historyPdf.js';
import { projectHistoryPage, projectHistoryRecord } from '../reads/projectHistory.js';
import { withNames } from '../reads/auditNames.js';
import { csvCell } from '../reads/csv.js';

/**
 * Audit history from the `audit_log` read model: who did what to which
 * subject, when. The read model holds no personal data at all (actors are ids, actions are
 * event types), so nothing of a deleted, crypto-shredded subject can show here; the names that
 * admins see beside the ids, and what a project's events changed, are opened at read time.
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
   * One project's timeline for its owner (or an admin), oldest first, paged by cursor, with what
   * each event changed and doctors by name (`reads/projectHistory.ts`).
   */
  app.get<Input<'GET /api/projects/:id/history'>>('/api/projects/:id/history', async (request) =>
    projectHistoryPage(deps, principalOf(request), request.params.id.toLowerCase(), request.query),
  );

  /** The whole history as CSV, for its owner only. */
  app.get<Input<'GET /api/projects/:id/history.csv'>>(
    '/api/projects/:id/history.csv',
    async (request, reply) => {
      const id = request.params.id.toLowerCase();
      const record = await projectHistoryRecord(deps, principalOf(request), id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${historyExportName(id, 'csv')}"`)
        .send(historyCsv(record));
    },
  );

  /** The whole history as PDF, for its owner only. */
  app.get<Input<'GET /api/projects/:id/history.pdf'>>(
    '/api/projects/:id/history.pdf',
    async (request, reply) => {
      const id = request.params.id.toLowerCase();
      const record = await projectHistoryRecord(deps, principalOf(request), id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${historyExportName(id, 'pdf')}"`)
        .send(await historyPdf(record));
    },
  );
}
