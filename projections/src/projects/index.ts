import type { ModelRecord, ProjectEvent } from '../../../api/src/domain/project.js';
import type { RecordedEvent } from '../../../api/src/store/eventStore.js';
import type { Projection, ProjectionContext } from '../projection.js';

/**
 * `projects` read model: one row per live project (personal fields still sealed with the
 * project's key — the API opens them), its models, and the unread doctor feedback from which
 * `unread_count` is derived. Deleted projects leave only a tombstone (an id, nothing personal),
 * so a replayed `ProjectCreated` after `ProjectDeleted` resurrects nothing.
 */
export const PROJECTS_EVENT_TYPES = [
  'ProjectCreated',
  'ProjectStatusChanged',
  'ProjectApproved',
  'FeedbackGiven',
  'FeedbackRead',
  'ProjectDeleted',
  'ProjectVersionAdded',
] as const;

export interface ProjectRow {
  id: string;
  user_id: string;
  name: string;
  patient_name: string;
  laboratory_name: string;
  comment: string | null;
  status: string;
  created_at: Date | string;
  updated_at: Date | string;
  file_count: number;
  storage_bytes: string;
  unread_count: number;
  revision: string;
}

export interface ProjectModelRow {
  project_id: string;
  id: string;
  position: number;
  filename: string;
  original_name: string;
  name: string;
  size: string;
  type: string;
  material: string;
  grouped_from: string | null;
  group_size: number | null;
  blob_key: string;
  triangles: number;
}

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

async function insertModels(
  ctx: ProjectionContext,
  projectId: string,
  models: readonly ModelRecord[],
): Promise<void> {
  for (const [i, m] of models.entries()) {
    await ctx.tx.query(
      `INSERT INTO ${ctx.table('project_models')} (project_id, id, position, filename,
         original_name, name, size, type, material, grouped_from, group_size, blob_key, triangles)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT DO NOTHING`,
      [
        projectId,
        m.id,
        i,
        m.filename,
        m.originalName,
        m.name,
        m.size,
        m.type,
        m.material,
        m.groupedFrom,
        m.groupSize,
        m.blobKey,
        m.triangles,
      ],
    );
  }
}

export const projectsProjection: Projection = {
  name: 'projects',
  version: 2,
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
      revision bigint NOT NULL
    )`,
    `CREATE INDEX ON ${table('projects')} (user_id, created_at DESC)`,
    `CREATE TABLE ${table('project_models')} (
      project_id uuid NOT NULL,
      id uuid NOT NULL,
      position integer NOT NULL,
      filename text NOT NULL,
      original_name text NOT NULL,
      name text NOT NULL,
      size bigint NOT NULL,
      type text NOT NULL,
      material text NOT NULL,
      grouped_from text,
      group_size integer,
      blob_key text NOT NULL,
      triangles integer NOT NULL,
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
        const d = event.data;
        if (await tombstoned(ctx, d.projectId)) return;
        const storage = d.models.reduce((s, m) => s + m.size, 0);
        const inserted = await ctx.tx.query(
          `INSERT INTO ${projects} (id, user_id, name, patient_name, laboratory_name, comment, status,
             created_at, updated_at, file_count, storage_bytes, revision)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10, $11)
           ON CONFLICT (id) DO NOTHING RETURNING id`,
          [
            d.projectId,
            d.userId,
            d.name,
            d.patientName,
            d.laboratoryName,
            d.comment,
            d.status,
            d.createdAt,
            d.models.length,
            storage,
            rev,
          ],
        );
        if (inserted.rows.length === 0) return;
        await insertModels(ctx, d.projectId, d.models);
        return;
      }
      case 'ProjectVersionAdded': {
        // The latest version's models replace the row's; earlier versions live in `project_versions`.
        // Every version's files stay stored, so storage grows by the new files only.
        const d = event.data;
        const added = new Set(d.added);
        const storage = d.models.filter((m) => added.has(m.id)).reduce((s, m) => s + m.size, 0);
        const updated = await ctx.tx.query(
          `UPDATE ${projects} SET file_count = $2, storage_bytes = storage_bytes + $3, updated_at = $4,
             revision = $5
           WHERE id = $1 AND revision < $5::bigint RETURNING id`,
          [d.projectId, d.models.length, storage, d.createdAt, rev],
        );
        if (updated.rows.length === 0) return;
        await ctx.tx.query(`DELETE FROM ${ctx.table('project_models')} WHERE project_id = $1`, [
          d.projectId,
        ]);
        await insertModels(ctx, d.projectId, d.models);
        return;
      }
      case 'ProjectStatusChanged':
      case 'ProjectApproved': {
        const status = event.type === 'ProjectApproved' ? 'approved' : event.data.status;
        const at = event.type === 'ProjectApproved' ? event.data.approvedAt : event.data.changedAt;
        await ctx.tx.query(
          `UPDATE ${projects} SET status = $2, updated_at = $3, revision = $4
           WHERE id = $1 AND revision < $4::bigint`,
          [event.data.projectId, status, at, rev],
        );
        return;
      }
      case 'FeedbackGiven': {
        if (event.data.feedbackType !== 'doctor_feedback') return;
        if (await tombstoned(ctx, event.data.projectId)) return;
        await ctx.tx.query(
          `INSERT INTO ${ctx.table('project_unread')} (project_id, feedback_id) VALUES ($1, $2)
           ON CONFLICT DO NOTHING`,
          [event.data.projectId, event.data.feedbackId],
        );
        await recountUnread(ctx, event.data.projectId, rev);
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
