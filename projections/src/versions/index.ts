import type { ProjectEvent } from '../../../api/src/domain/project.js';
import type { RecordedEvent } from '../../../api/src/store/eventStore.js';
import type { Projection, ProjectionContext } from '../projection.js';
import { approvalRowOf, versionRowOf, type ProjectVersionRow } from './row.js';

export {
  approvalRowOf,
  versionRowOf,
  type ApprovalFileRow,
  type ProjectApprovalRow,
  type ProjectVersionRow,
} from './row.js';

/**
 * `project_versions`: every version of every live project (v1 from `ProjectCreated`, then each
 * `ProjectVersionAdded`) with its note (sealed) and its models as recorded (names sealed), and
 * `project_approvals`: the latest approval of a project — which version, by whom (sealed), when,
 * the SHA-256 of each file (as stored and as uploaded, sealed) and the checklist as answered. Deleting a project removes both and leaves a tombstone (an id),
 * so a replayed `ProjectCreated` brings nothing back.
 */
export const VERSIONS_EVENT_TYPES = [
  'ProjectCreated',
  'ProjectVersionAdded',
  'ProjectApproved',
  'ProjectDeleted',
] as const;

async function tombstoned(ctx: ProjectionContext, projectId: string): Promise<boolean> {
  const r = await ctx.tx.query(
    `SELECT 1 FROM ${ctx.table('project_version_tombstones')} WHERE project_id = $1`,
    [projectId],
  );
  return r.rows.length > 0;
}

async function insertVersion(ctx: ProjectionContext, row: ProjectVersionRow): Promise<void> {
  if (await tombstoned(ctx, row.project_id)) return;
  await ctx.tx.query(
    `INSERT INTO ${ctx.table('project_versions')} (project_id, n, created_at, note, models)
     VALUES ($1, $2, $3, $4, $5::jsonb) ON CONFLICT DO NOTHING`,
    [row.project_id, row.n, row.created_at, row.note, JSON.stringify(row.models)],
  );
}

export const projectVersionsProjection: Projection = {
  name: 'project_versions',
  // 2: approvals keep their checklist.
  version: 2,
  tables: ['project_versions', 'project_approvals', 'project_version_tombstones'],
  eventTypes: VERSIONS_EVENT_TYPES,
  createSql: (table) => [
    `CREATE TABLE ${table('project_versions')} (
      project_id uuid NOT NULL,
      n integer NOT NULL,
      created_at timestamptz NOT NULL,
      note text,
      models jsonb NOT NULL,
      PRIMARY KEY (project_id, n)
    )`,
    `CREATE TABLE ${table('project_approvals')} (
      project_id uuid PRIMARY KEY,
      version integer,
      approved_at timestamptz NOT NULL,
      approved_by text,
      files jsonb,
      checklist jsonb,
      revision bigint NOT NULL
    )`,
    `CREATE TABLE ${table('project_version_tombstones')} (project_id uuid PRIMARY KEY)`,
  ],
  async apply(ctx, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as ProjectEvent;
    switch (event.type) {
      case 'ProjectCreated':
      case 'ProjectVersionAdded':
        await insertVersion(ctx, versionRowOf(event)!);
        return;
      case 'ProjectApproved': {
        const row = approvalRowOf(event)!;
        if (await tombstoned(ctx, row.project_id)) return;
        await ctx.tx.query(
          `INSERT INTO ${ctx.table('project_approvals')} AS a
             (project_id, version, approved_at, approved_by, files, checklist, revision)
           VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7)
           ON CONFLICT (project_id) DO UPDATE SET version = EXCLUDED.version,
             approved_at = EXCLUDED.approved_at, approved_by = EXCLUDED.approved_by,
             files = EXCLUDED.files, checklist = EXCLUDED.checklist,
             revision = EXCLUDED.revision
           WHERE a.revision < EXCLUDED.revision`,
          [
            row.project_id,
            row.version,
            row.approved_at,
            row.approved_by,
            row.files ? JSON.stringify(row.files) : null,
            row.checklist ? JSON.stringify(row.checklist) : null,
            recorded.revision.toString(),
          ],
        );
        return;
      }
      case 'ProjectDeleted': {
        const id = event.data.projectId;
        await ctx.tx.query(`DELETE FROM ${ctx.table('project_versions')} WHERE project_id = $1`, [
          id,
        ]);
        await ctx.tx.query(`DELETE FROM ${ctx.table('project_approvals')} WHERE project_id = $1`, [
          id,
        ]);
        await ctx.tx.query(
          `INSERT INTO ${ctx.table('project_version_tombstones')} (project_id) VALUES ($1)
           ON CONFLICT DO NOTHING`,
          [id],
        );
        return;
      }
      default:
        return;
    }
  },
};
