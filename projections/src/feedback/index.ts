import { commentAsFeedback } from '../../../api/src/domain/comments.js';
import type { ProjectEvent } from '../../../api/src/domain/project.js';
import type { RecordedEvent } from '../../../api/src/store/eventStore.js';
import type { Projection } from '../projection.js';

/**
 * `feedback` read model: every feedback item of live projects, the message still sealed with
 * the project's key. Deleting a project removes its items and leaves a tombstone id.
 */
export interface FeedbackRow {
  id: string;
  project_id: string;
  type: string;
  message: string;
  created_at: Date | string;
  read_at: Date | string | null;
}

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
    const event = { type: recorded.type, data: recorded.data } as ProjectEvent;
    const feedback = ctx.table('feedback');
    switch (event.type) {
      case 'FeedbackGiven':
      case 'CommentAdded': {
        const d = event.type === 'CommentAdded' ? commentAsFeedback(event.data) : event.data;
        const dead = await ctx.tx.query(
          `SELECT 1 FROM ${ctx.table('feedback_tombstones')} WHERE project_id = $1`,
          [d.projectId],
        );
        if (dead.rows.length > 0) return;
        await ctx.tx.query(
          `INSERT INTO ${feedback} (id, project_id, type, message, created_at)
           VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING`,
          [d.feedbackId, d.projectId, d.feedbackType, d.message, d.createdAt],
        );
        return;
      }
      case 'FeedbackRead':
        await ctx.tx.query(
          `UPDATE ${feedback} SET read_at = $3 WHERE id = $1 AND project_id = $2 AND read_at IS NULL`,
          [event.data.feedbackId, event.data.projectId, event.data.readAt],
        );
        return;
      case 'ProjectDeleted':
        await ctx.tx.query(`DELETE FROM ${feedback} WHERE project_id = $1`, [event.data.projectId]);
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
