import { commentAsFeedback } from '../../../api/src/domain/comments.js';
import type { ProjectEvent } from '../../../api/src/domain/project.js';
import type { RecordedEvent } from '../../../api/src/store/eventStore.js';
import type { Projection, ProjectionContext } from '../projection.js';

import { evolveProjectRow, modelRowsOf, type ProjectModelRow, type ProjectRow } from './row.js';

export { evolveProjectRow, modelRowsOf, type ProjectModelRow, type ProjectRow } from './row.js';

/**
 * `projects` read model: one row per live project (personal fields still sealed with the
 * project's key — the API opens them), its models, and the unread doctor feedback from which
 * `unread_count` is derived. Deleted projects leave only a tombstone (an id, nothing personal),
 * so a replayed `ProjectCreated` after `ProjectDeleted` resurrects nothing. The row's change per
 * event is the pure `evolveProjectRow` (row.ts); `apply` loads, evolves and writes it.
 */
export const PROJECTS_EVENT_TYPES = [
  'ProjectCreated',
  'ProjectStatusChanged',
  'ProjectApproved',
  'FeedbackGiven',
  'CommentAdded',
  'FeedbackRead',
  'ProjectDeleted',
  'ProjectVersionAdded',
] as const;

async function tombstoned(ctx: ProjectionContext, projectId: string): Promise<boolean> {
  const r = await ctx.tx.query(
    `SELECT 1 FROM ${ctx.table('project_tombstones')} WHERE project_id = $1`,
    [projectId],
  );
  return r.rows.length > 0;
}

async function recountUnread(ctx: ProjectionContext, projectId: string, revision: string) {
  await ctx.tx.query(
    `UPDATE ${ctx.table('projects')} SET
       unread_count = (SELECT count(*) FROM ${ctx.table('project_unread')} WHERE project_id = $1),
       revision = GREATEST(revision, $2::bigint)
     WHERE id = $1`,
    [projectId, revision],
  );
}

async function loadRow(ctx: ProjectionContext, projectId: string): Promise<ProjectRow | null> {
  const r = await ctx.tx.query<ProjectRow>(
    `SELECT id::text AS id, user_id, name, patient_name, laboratory_name, comment, status,
            created_at, updated_at, file_count, storage_bytes::text AS storage_bytes,
            unread_count, last_activity_at, revision::text AS revision
       FROM ${ctx.table('projects')} WHERE id = $1`,
    [projectId],
  );
  return r.rows[0] ?? null;
}

/** Inserts a new row `evolveProjectRow` returned; false when one was there already. */
async function insertRow(ctx: ProjectionContext, row: ProjectRow): Promise<boolean> {
  const inserted = await ctx.tx.query(
    `INSERT INTO ${ctx.table('projects')} (id, user_id, name, patient_name, laboratory_name,
       comment, status, created_at, updated_at, file_count, storage_bytes, unread_count,
       last_activity_at, revision)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     ON CONFLICT (id) DO NOTHING RETURNING id`,
    [
      row.id,
      row.user_id,
      row.name,
      row.patient_name,
      row.laboratory_name,
      row.comment,
      row.status,
      row.created_at,
      row.updated_at,
      row.file_count,
      row.storage_bytes,
      row.unread_count,
      row.last_activity_at,
      row.revision,
    ],
  );
  return inserted.rows.length > 0;
}

async function insertModelRow(ctx: ProjectionContext, m: ProjectModelRow): Promise<void> {
  await ctx.tx.query(
    `INSERT INTO ${ctx.table('project_models')} (project_id, id, position, filename,
       original_name, name, size, type, material, grouped_from, group_size, blob_key, triangles)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     ON CONFLICT DO NOTHING`,
    [
      m.project_id,
      m.id,
      m.position,
      m.filename,
      m.original_name,
      m.name,
      m.size,
      m.type,
      m.material,
      m.grouped_from,
      m.group_size,
      m.blob_key,
      m.triangles,
    ],
  );
}

export const projectsProjection: Projection = {
  name: 'projects',
  // 4: a model's size and triangle count as recorded (sealed, or clear text of older events);
  // storage sums sizes rounded up to whole MiB.
  version: 4,
  tables: ['projects', 'project_models', 'project_unread', 'project_tombstones'],
  eventTypes: PROJECTS_EVENT_TYPES,
  createSql: (table) => [
    `CREATE TABLE ${table('projects')} (
      id uuid PRIMARY KEY,
      user_id text NOT NULL,
      name text NOT NULL,
      patient_name text NOT NULL,
      laboratory_name text NOT NULL,
      comment text,
      status text NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      file_count integer NOT NULL,
      storage_bytes bigint NOT NULL,
      unread_count integer NOT NULL DEFAULT 0,
      last_activity_at timestamptz NOT NULL,
      revision bigint NOT NULL
    )`,
    `CREATE INDEX ON ${table('projects')} (user_id, created_at DESC)`,
    `CREATE INDEX ON ${table('projects')} (user_id, last_activity_at DESC)`,
    `CREATE TABLE ${table('project_models')} (
      project_id uuid NOT NULL,
      id uuid NOT NULL,
      position integer NOT NULL,
      filename text NOT NULL,
      original_name text NOT NULL,
      name text NOT NULL,
      size text NOT NULL,
      type text NOT NULL,
      material text NOT NULL,
      grouped_from text,
      group_size integer,
      blob_key text NOT NULL,
      triangles text NOT NULL,
      PRIMARY KEY (project_id, id)
    )`,
    `CREATE UNIQUE INDEX ON ${table('project_models')} (project_id, filename)`,
    `CREATE TABLE ${table('project_unread')} (
      project_id uuid NOT NULL,
      feedback_id text NOT NULL,
      PRIMARY KEY (project_id, feedback_id)
    )`,
    `CREATE TABLE ${table('project_tombstones')} (project_id uuid PRIMARY KEY)`,
  ],
  async apply(ctx, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as ProjectEvent;
    const rev = recorded.revision.toString();
    const projects = ctx.table('projects');
    switch (event.type) {
      case 'ProjectCreated': {
        if (await tombstoned(ctx, event.data.projectId)) return;
        const row = await loadRow(ctx, event.data.projectId);
        const next = evolveProjectRow(row, event, recorded.revision);
        if (!next || next === row) return;
        if (!(await insertRow(ctx, next))) return;
        for (const m of modelRowsOf(event)) await insertModelRow(ctx, m);
        return;
      }
      case 'ProjectVersionAdded': {
        // The latest version's models replace the row's; earlier ones live in `project_versions`.
        const row = await loadRow(ctx, event.data.projectId);
        const next = evolveProjectRow(row, event, recorded.revision);
        if (!next || next === row) return;
        await ctx.tx.query(
          `UPDATE ${projects} SET file_count = $2, storage_bytes = $3, updated_at = $4, revision = $5,
             last_activity_at = $6
           WHERE id = $1 AND revision < $5::bigint`,
          [
            next.id,
            next.file_count,
            next.storage_bytes,
            next.updated_at,
            next.revision,
            next.last_activity_at,
          ],
        );
        await ctx.tx.query(`DELETE FROM ${ctx.table('project_models')} WHERE project_id = $1`, [
          next.id,
        ]);
        for (const m of modelRowsOf(event)) await insertModelRow(ctx, m);
        return;
      }
      case 'ProjectStatusChanged':
      case 'ProjectApproved': {
        const row = await loadRow(ctx, event.data.projectId);
        const next = evolveProjectRow(row, event, recorded.revision);
        if (!next || next === row) return;
        await ctx.tx.query(
          `UPDATE ${projects} SET status = $2, updated_at = $3, revision = $4, last_activity_at = $5
           WHERE id = $1 AND revision < $4::bigint`,
          [next.id, next.status, next.updated_at, next.revision, next.last_activity_at],
        );
        return;
      }
      case 'FeedbackGiven':
      case 'CommentAdded': {
        const d = event.type === 'CommentAdded' ? commentAsFeedback(event.data) : event.data;
        // Comments and replies both count as activity; only the doctor's wait to be read.
        await ctx.tx.query(
          `UPDATE ${projects} SET last_activity_at = GREATEST(last_activity_at, $2::timestamptz)
           WHERE id = $1`,
          [d.projectId, d.createdAt],
        );
        if (d.feedbackType !== 'doctor_feedback') return;
        if (await tombstoned(ctx, d.projectId)) return;
        await ctx.tx.query(
          `INSERT INTO ${ctx.table('project_unread')} (project_id, feedback_id) VALUES ($1, $2)
           ON CONFLICT DO NOTHING`,
          [d.projectId, d.feedbackId],
        );
        await recountUnread(ctx, d.projectId, rev);
        return;
      }
      case 'FeedbackRead': {
        await ctx.tx.query(
          `DELETE FROM ${ctx.table('project_unread')} WHERE project_id = $1 AND feedback_id = $2`,
          [event.data.projectId, event.data.feedbackId],
        );
        await recountUnread(ctx, event.data.projectId, rev);
        return;
      }
      case 'ProjectDeleted': {
        const id = event.data.projectId;
        await ctx.tx.query(`DELETE FROM ${ctx.table('project_models')} WHERE project_id = $1`, [
          id,
        ]);
        await ctx.tx.query(`DELETE FROM ${ctx.table('project_unread')} WHERE project_id = $1`, [
          id,
        ]);
        await ctx.tx.query(`DELETE FROM ${projects} WHERE id = $1`, [id]);
        await ctx.tx.query(
          `INSERT INTO ${ctx.table('project_tombstones')} (project_id) VALUES ($1) ON CONFLICT DO NOTHING`,
          [id],
        );
        return;
      }
      default:
        return;
    }
  },
};
