import { commentAsFeedback } from '../../../api/src/domain/comments.js';
import type { ProjectEvent } from '../../../api/src/domain/project.js';
import type { UserDeleted } from '../../../api/src/domain/user.js';
import type { RecordedEvent } from '../../../api/src/store/eventStore.js';
import type { Projection, ProjectionContext } from '../projection.js';

/**
 * Per-user dashboard statistics (spec §9): total, projects per stored status (the API folds them
 * into Approved / Pending / Changes Requested with the one shared `countStatuses`, architecture
 * §12), new comments (unread doctor feedback), storage and file count. Counts are re-derived
 * from the per-project rows after every event, never incremented, so replays and duplicates
 * cannot skew them. A deleted user leaves no row, only a tombstone (an id) that keeps late
 * project events of that user from bringing one back.
 */
export interface UserStatsRow {
  user_id: string;
  total: number;
  /** Live projects per stored status, e.g. `{ "pending": 2, "approved": 1 }`. */
  by_status: Record<string, number>;
  new_comments: number;
  storage_bytes: string;
  file_count: number;
}

async function recompute(ctx: ProjectionContext, userId: string): Promise<void> {
  const per = ctx.table('user_stats_projects');
  const deleted = ctx.table('user_stats_deleted_users');
  await ctx.tx.query(
    `INSERT INTO ${ctx.table('user_stats')} AS s
       (user_id, total, by_status, new_comments, storage_bytes, file_count)
     SELECT $1,
       count(*),
       (SELECT COALESCE(jsonb_object_agg(status, n), '{}'::jsonb)
          FROM (SELECT status, count(*)::int AS n FROM ${per} WHERE user_id = $1 GROUP BY status) g),
       COALESCE(sum(cardinality(unread)), 0),
       COALESCE(sum(storage_bytes), 0),
       COALESCE(sum(file_count), 0)
     FROM ${per} WHERE user_id = $1
     HAVING NOT EXISTS (SELECT 1 FROM ${deleted} WHERE user_id = $1)
     ON CONFLICT (user_id) DO UPDATE SET total = EXCLUDED.total, by_status = EXCLUDED.by_status,
       new_comments = EXCLUDED.new_comments,
       storage_bytes = EXCLUDED.storage_bytes, file_count = EXCLUDED.file_count`,
    [userId],
  );
}

async function ownerOf(ctx: ProjectionContext, projectId: string): Promise<string | undefined> {
  const r = await ctx.tx.query<{ user_id: string }>(
    `SELECT user_id FROM ${ctx.table('user_stats_projects')} WHERE project_id = $1`,
    [projectId],
  );
  return r.rows[0]?.user_id;
}

export const userStatsProjection: Projection = {
  name: 'user_stats',
  version: 4,
  tables: [
    'user_stats',
    'user_stats_projects',
    'user_stats_tombstones',
    'user_stats_deleted_users',
  ],
  eventTypes: [
    'ProjectCreated',
    'ProjectStatusChanged',
    'ProjectApproved',
    'FeedbackGiven',
    'CommentAdded',
    'FeedbackRead',
    'ProjectDeleted',
    'UserDeleted',
  ],
  createSql: (table) => [
    `CREATE TABLE ${table('user_stats')} (
      user_id text PRIMARY KEY,
      total integer NOT NULL,
      by_status jsonb NOT NULL,
      new_comments integer NOT NULL,
      storage_bytes bigint NOT NULL,
      file_count integer NOT NULL
    )`,
    `CREATE TABLE ${table('user_stats_projects')} (
      project_id uuid PRIMARY KEY,
      user_id text NOT NULL,
      status text NOT NULL,
      storage_bytes bigint NOT NULL,
      file_count integer NOT NULL,
      unread text[] NOT NULL DEFAULT '{}'
    )`,
    `CREATE INDEX ON ${table('user_stats_projects')} (user_id)`,
    `CREATE TABLE ${table('user_stats_tombstones')} (project_id uuid PRIMARY KEY)`,
    `CREATE TABLE ${table('user_stats_deleted_users')} (user_id text PRIMARY KEY)`,
  ],
  async apply(ctx, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as ProjectEvent | UserDeleted;
    const per = ctx.table('user_stats_projects');
    let userId: string | undefined;
    switch (event.type) {
      case 'ProjectCreated': {
        const d = event.data;
        const dead = await ctx.tx.query(
          `SELECT 1 FROM ${ctx.table('user_stats_tombstones')} WHERE project_id = $1`,
          [d.projectId],
        );
        if (dead.rows.length > 0) return;
        await ctx.tx.query(
          `INSERT INTO ${per} (project_id, user_id, status, storage_bytes, file_count)
           VALUES ($1, $2, $3, $4, $5) ON CONFLICT (project_id) DO NOTHING`,
          [
            d.projectId,
            d.userId,
            d.status,
            d.models.reduce((s, m) => s + m.size, 0),
            d.models.length,
          ],
        );
        userId = d.userId;
        break;
      }
      case 'ProjectStatusChanged':
      case 'ProjectApproved': {
        const status = event.type === 'ProjectApproved' ? 'approved' : event.data.status;
        await ctx.tx.query(`UPDATE ${per} SET status = $2 WHERE project_id = $1`, [
          event.data.projectId,
          status,
        ]);
        userId = await ownerOf(ctx, event.data.projectId);
        break;
      }
      case 'FeedbackGiven':
      case 'CommentAdded': {
        const d = event.type === 'CommentAdded' ? commentAsFeedback(event.data) : event.data;
        if (d.feedbackType !== 'doctor_feedback') return;
        await ctx.tx.query(
          `UPDATE ${per} SET unread = array_append(unread, $2)
           WHERE project_id = $1 AND NOT ($2 = ANY(unread))`,
          [d.projectId, d.feedbackId],
        );
        userId = await ownerOf(ctx, d.projectId);
        break;
      }
      case 'FeedbackRead':
        await ctx.tx.query(
          `UPDATE ${per} SET unread = array_remove(unread, $2) WHERE project_id = $1`,
          [event.data.projectId, event.data.feedbackId],
        );
        userId = await ownerOf(ctx, event.data.projectId);
        break;
      case 'ProjectDeleted':
        userId = await ownerOf(ctx, event.data.projectId);
        await ctx.tx.query(`DELETE FROM ${per} WHERE project_id = $1`, [event.data.projectId]);
        await ctx.tx.query(
          `INSERT INTO ${ctx.table('user_stats_tombstones')} (project_id) VALUES ($1) ON CONFLICT DO NOTHING`,
          [event.data.projectId],
        );
        break;
      case 'UserDeleted': {
        const id = event.data.userId;
        await ctx.tx.query(
          `INSERT INTO ${ctx.table('user_stats_deleted_users')} (user_id) VALUES ($1)
           ON CONFLICT DO NOTHING`,
          [id],
        );
        await ctx.tx.query(`DELETE FROM ${ctx.table('user_stats')} WHERE user_id = $1`, [id]);
        await ctx.tx.query(`DELETE FROM ${per} WHERE user_id = $1`, [id]);
        return;
      }
      default:
        return;
    }
    if (userId) await recompute(ctx, userId);
  },
};
