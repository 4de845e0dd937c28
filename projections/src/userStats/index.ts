import { asFeedbackEvent } from '../feedbackEvents.js';
import type { ProjectEvent } from '../../../api/src/domain/project.js';
import type { UserDeleted } from '../../../api/src/domain/user.js';
import type { RecordedEvent } from '../../../api/src/store/eventStore.js';
import type { Projection, ProjectionContext } from '../projection.js';
import { evolveUserStatsProjectRow, type UserStatsProjectRow } from './row.js';

export { evolveUserStatsProjectRow, type UserStatsProjectRow, type UserStatsRow } from './row.js';

/**
 * Per-user dashboard statistics: total, projects per stored status (the API folds them
 * into Approved / Pending / Changes Requested with the one shared `countStatuses`,
 * `api/src/domain/projectStatus.ts`), new comments (unread doctor feedback), storage and file count. Counts are re-derived
 * from the per-project rows after every event, never incremented, so replays and duplicates
 * cannot skew them. A deleted user leaves no row, only a tombstone (an id) that keeps late
 * project events of that user from bringing one back.
 */
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

export const userStatsProjection: Projection = {
  name: 'user_stats',
  // 5: files and bytes of every version, not only the first upload's.
  // 6: bytes as sizes rounded up to whole MiB (exact sizes are sealed).
  version: 6,
  tables: [
    'user_stats',
    'user_stats_projects',
    'user_stats_tombstones',
    'user_stats_deleted_users',
  ],
  eventTypes: [
    'ProjectCreated',
    'ProjectVersionAdded',
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
      model_ids text[] NOT NULL DEFAULT '{}',
      unread text[] NOT NULL DEFAULT '{}'
    )`,
    `CREATE INDEX ON ${table('user_stats_projects')} (user_id)`,
    `CREATE TABLE ${table('user_stats_tombstones')} (project_id uuid PRIMARY KEY)`,
    `CREATE TABLE ${table('user_stats_deleted_users')} (user_id text PRIMARY KEY)`,
  ],
  async apply(ctx, recorded: RecordedEvent) {
    const raw = { type: recorded.type, data: recorded.data } as ProjectEvent | UserDeleted;
    const event = raw.type === 'UserDeleted' ? raw : asFeedbackEvent(raw);
    const per = ctx.table('user_stats_projects');
    if (event.type === 'UserDeleted') {
      // Every project row of the user goes (evolves to null) at once, and so does the total.
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
    const projectId = event.data.projectId;
    if (event.type === 'ProjectCreated') {
      const dead = await ctx.tx.query(
        `SELECT 1 FROM ${ctx.table('user_stats_tombstones')} WHERE project_id = $1`,
        [projectId],
      );
      if (dead.rows.length > 0) return;
    }
    const row = await loadRow(ctx, projectId);
    const next = evolveUserStatsProjectRow(row, event);
    if (next === row) {
      // Nothing changed; a replayed ProjectCreated still refreshes its owner's figures.
      if (row && event.type === 'ProjectCreated') await recompute(ctx, row.user_id);
      return;
    }
    if (next) await upsertRow(ctx, next);
    else if (row) {
      await ctx.tx.query(`DELETE FROM ${per} WHERE project_id = $1`, [projectId]);
    }
    if (event.type === 'ProjectDeleted') {
      await ctx.tx.query(
        `INSERT INTO ${ctx.table('user_stats_tombstones')} (project_id) VALUES ($1) ON CONFLICT DO NOTHING`,
        [projectId],
      );
    }
    const userId = next?.user_id ?? row?.user_id;
    if (userId) await recompute(ctx, userId);
  },
};

async function loadRow(
  ctx: ProjectionContext,
  projectId: string,
): Promise<UserStatsProjectRow | null> {
  const r = await ctx.tx.query<UserStatsProjectRow>(
    `SELECT project_id::text AS project_id, user_id, status, storage_bytes::text AS storage_bytes,
            file_count, model_ids, unread
       FROM ${ctx.table('user_stats_projects')} WHERE project_id = $1`,
    [projectId],
  );
  return r.rows[0] ?? null;
}

/** Writes a row `evolveUserStatsProjectRow` returned. */
async function upsertRow(ctx: ProjectionContext, row: UserStatsProjectRow): Promise<void> {
  await ctx.tx.query(
    `INSERT INTO ${ctx.table('user_stats_projects')}
       (project_id, user_id, status, storage_bytes, file_count, model_ids, unread)
     VALUES ($1, $2, $3, $4, $5, $6::text[], $7::text[])
     ON CONFLICT (project_id) DO UPDATE SET status = EXCLUDED.status, unread = EXCLUDED.unread,
       storage_bytes = EXCLUDED.storage_bytes, file_count = EXCLUDED.file_count,
       model_ids = EXCLUDED.model_ids`,
    [
      row.project_id,
      row.user_id,
      row.status,
      row.storage_bytes,
      row.file_count,
      row.model_ids,
      row.unread,
    ],
  );
}
