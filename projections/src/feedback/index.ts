import type { ProjectEvent } from '../../../api/src/domain/project.js';
import type { RecordedEvent } from '../../../api/src/store/eventStore.js';
import type { Projection, ProjectionContext } from '../projection.js';
import { asFeedbackEvent } from '../feedbackEvents.js';
import { evolveFeedbackRow, type FeedbackRow } from './row.js';

export { evolveFeedbackRow, type FeedbackRow } from './row.js';

/**
 * `feedback` read model: every feedback item of live projects, the message still sealed with
 * the project's key. Deleting a project removes its items and leaves a tombstone id. A row's change
 * per event is the pure `evolveFeedbackRow` (row.ts); `apply` loads, evolves and upserts.
 */
export const feedbackProjection: Projection = {
  name: 'feedback',
  version: 2,
  tables: ['feedback', 'feedback_tombstones'],
  eventTypes: ['FeedbackGiven', 'CommentAdded', 'FeedbackRead', 'ProjectDeleted'],
  createSql: (table) => [
    `CREATE TABLE ${table('feedback')} (
      id text PRIMARY KEY,
      project_id uuid NOT NULL,
      type text NOT NULL,
      message text NOT NULL,
      created_at timestamptz NOT NULL,
      read_at timestamptz
    )`,
    `CREATE INDEX ON ${table('feedback')} (project_id, created_at)`,
    `CREATE TABLE ${table('feedback_tombstones')} (project_id uuid PRIMARY KEY)`,
  ],
  async apply(ctx, recorded: RecordedEvent) {
    const event = asFeedbackEvent({ type: recorded.type, data: recorded.data } as ProjectEvent);
    switch (event.type) {
      case 'FeedbackGiven': {
        const dead = await ctx.tx.query(
          `SELECT 1 FROM ${ctx.table('feedback_tombstones')} WHERE project_id = $1`,
          [event.data.projectId],
        );
        if (dead.rows.length > 0) return;
        const row = await loadRow(ctx, event.data.feedbackId, event.data.projectId);
        const next = evolveFeedbackRow(row, event);
        if (next && next !== row) await upsertRow(ctx, next);
        return;
      }
      case 'FeedbackRead': {
        const row = await loadRow(ctx, event.data.feedbackId, event.data.projectId);
        const next = evolveFeedbackRow(row, event);
        if (next && next !== row) await upsertRow(ctx, next);
        return;
      }
      case 'ProjectDeleted':
        // Every row of the project evolves to null: one statement for all of them.
        await ctx.tx.query(`DELETE FROM ${ctx.table('feedback')} WHERE project_id = $1`, [
          event.data.projectId,
        ]);
        await ctx.tx.query(
          `INSERT INTO ${ctx.table('feedback_tombstones')} (project_id) VALUES ($1) ON CONFLICT DO NOTHING`,
          [event.data.projectId],
        );
        return;
      default:
        return;
    }
  },
};

async function loadRow(
  ctx: ProjectionContext,
  id: string,
  projectId: string,
): Promise<FeedbackRow | null> {
  const r = await ctx.tx.query<FeedbackRow>(
    `SELECT * FROM ${ctx.table('feedback')} WHERE id = $1 AND project_id = $2`,
    [id, projectId],
  );
  return r.rows[0] ?? null;
}

/** Writes a row `evolveFeedbackRow` returned: inserted once, then only its read time changes. */
async function upsertRow(ctx: ProjectionContext, row: FeedbackRow): Promise<void> {
  await ctx.tx.query(
    `INSERT INTO ${ctx.table('feedback')} (id, project_id, type, message, created_at, read_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (id) DO UPDATE SET read_at = EXCLUDED.read_at
       WHERE ${ctx.table('feedback')}.project_id = EXCLUDED.project_id`,
    [row.id, row.project_id, row.type, row.message, row.created_at, row.read_at],
  );
}
