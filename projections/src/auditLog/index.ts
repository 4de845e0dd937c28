import type { Projection, ProjectionContext } from '../projection.js';
import { toAuditRow, type AuditRow } from './row.js';

export { toAuditRow, parseSubject, type AuditRow } from './row.js';

/**
 * `audit_log`: every event as actor / action / subject / time, for the admin audit view and a
 * project's history. Order by (tx, gp). Never holds personal data: metadata carries none.
 */
export const auditLogProjection: Projection = {
  name: 'audit_log',
  version: 2,
  tables: ['audit_log'],
  createSql: (table) => [
    `CREATE TABLE ${table('audit_log')} (
      event_id uuid PRIMARY KEY,
      position text NOT NULL,
      tx bigint NOT NULL,
      gp bigint NOT NULL,
      occurred_at timestamptz NOT NULL,
      actor text NOT NULL,
      action text NOT NULL,
      stream text NOT NULL,
      revision bigint NOT NULL,
      subject_kind text NOT NULL,
      subject_id text,
      version integer
    )`,
    `CREATE INDEX ON ${table('audit_log')} (tx, gp)`,
    `CREATE INDEX ON ${table('audit_log')} (subject_kind, subject_id, tx, gp)`,
  ],
  async apply(ctx, event) {
    await insertRows(ctx, [toAuditRow(event)]);
  },
  async applyBatch(ctx, events) {
    if (events.length > 0) await insertRows(ctx, events.map(toAuditRow));
  },
};

/** One statement per batch: rows travel as a JSON array (the same on both drivers). */
async function insertRows(ctx: ProjectionContext, rows: AuditRow[]): Promise<void> {
  const json = JSON.stringify(
    rows.map((r) => ({
      event_id: r.eventId,
      position: r.position,
      tx: r.tx.toString(),
      gp: r.gp.toString(),
      occurred_at: r.occurredAt.toISOString(),
      actor: r.actor,
      action: r.action,
      stream: r.stream,
      revision: r.revision.toString(),
      subject_kind: r.subjectKind,
      subject_id: r.subjectId,
      version: r.version,
    })),
  );
  await ctx.tx.query(
    `INSERT INTO ${ctx.table('audit_log')}
       (event_id, position, tx, gp, occurred_at, actor, action, stream, revision, subject_kind, subject_id,
        version)
     SELECT r.event_id, r.position, r.tx, r.gp, r.occurred_at, r.actor, r.action, r.stream, r.revision,
            r.subject_kind, r.subject_id, r.version
     FROM jsonb_to_recordset($1::jsonb) AS r(event_id uuid, position text, tx bigint, gp bigint,
       occurred_at timestamptz, actor text, action text, stream text, revision bigint,
       subject_kind text, subject_id text, version integer)
     ON CONFLICT (event_id) DO NOTHING`,
    [json],
  );
}
