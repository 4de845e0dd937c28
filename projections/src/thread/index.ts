import type { ProjectEvent } from '../../../api/src/domain/project.js';
import type { SqlExecutor } from '../../../api/src/db/db.js';
import type { RecordedEvent } from '../../../api/src/store/eventStore.js';
import type { Projection, ProjectionContext } from '../projection.js';
import { evolveThreadItem, THREAD_EVENT_TYPES, threadItemId, type ThreadItem } from './row.js';
import { fromRow, type ThreadItemRow } from './stored.js';

export { THREAD_EVENT_TYPES, evolveThreadItem, type ThreadItem } from './row.js';
export { listThread, openCommentCounts } from './queries.js';

async function load(tx: SqlExecutor, table: string, id: string, projectId: string) {
  const r = await tx.query<ThreadItemRow>(
    `SELECT * FROM ${table} WHERE id = $1 AND project_id = $2`,
    [id, projectId],
  );
  const row = r.rows[0];
  return row ? fromRow(row) : null;
}

async function upsert(tx: SqlExecutor, table: string, t: ThreadItem): Promise<void> {
  await tx.query(
    `INSERT INTO ${table} (id, project_id, kind, parent_id, author_role, author_name,
       author_email, body, anchor, status, changes_requested, created_at, resolved_at, resolved_by,
       created_revision, revision, tool_state, version, checklist)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11, $12, $13, $14, $15, $16,
       $17::jsonb, $18, $19::jsonb)
     ON CONFLICT (project_id, id) DO UPDATE SET changes_requested = EXCLUDED.changes_requested,
       checklist = EXCLUDED.checklist,
       resolved_at = EXCLUDED.resolved_at, resolved_by = EXCLUDED.resolved_by,
       revision = EXCLUDED.revision
     WHERE ${table}.revision < EXCLUDED.revision`,
    [
      t.id,
      t.projectId,
      t.kind,
      t.parentId,
      t.authorRole,
      t.authorName,
      t.authorEmail,
      t.body,
      t.anchor === null ? null : JSON.stringify(t.anchor),
      t.status,
      t.changesRequested,
      t.createdAt,
      t.resolvedAt,
      t.resolvedBy,
      t.createdRevision.toString(),
      t.revision.toString(),
      t.toolState === null ? null : JSON.stringify(t.toolState),
      t.version,
      t.checklist === null ? null : JSON.stringify(t.checklist),
    ],
  );
}

/** The project's latest version as the thread has seen it (1 before any is recorded). */
async function latestVersion(tx: SqlExecutor, table: string, projectId: string): Promise<number> {
  const r = await tx.query<{ version: number }>(
    `SELECT version FROM ${table} WHERE project_id = $1`,
    [projectId],
  );
  return r.rows[0]?.version ?? 1;
}

/**
 * `thread_items`: each project's conversation in stream order, for the doctor's and the owner's
 * viewers and the dashboard (open-comment counts). Each line names the version it was made on
 * (`thread_versions` follows the latest version, for comments recorded before they named one).
 * Deleting a project removes its lines and leaves a tombstone id, so a replay brings nothing back.
 */
export const threadProjection: Projection = {
  name: 'thread',
  // 2: the saved view (`tool_state`) and the version of each line; 3: the checklist.
  version: 3,
  tables: ['thread_items', 'thread_tombstones', 'thread_versions'],
  eventTypes: THREAD_EVENT_TYPES,
  createSql: (table) => [
    `CREATE TABLE ${table('thread_items')} (
      id text NOT NULL,
      project_id uuid NOT NULL,
      kind text NOT NULL,
      parent_id text,
      author_role text,
      author_name text,
      author_email text,
      body text,
      anchor jsonb,
      tool_state jsonb,
      version integer,
      status text,
      changes_requested boolean NOT NULL DEFAULT false,
      checklist jsonb,
      created_at timestamptz NOT NULL,
      resolved_at timestamptz,
      resolved_by text,
      created_revision bigint NOT NULL,
      revision bigint NOT NULL,
      PRIMARY KEY (project_id, id)
    )`,
    `CREATE INDEX ON ${table('thread_items')} (project_id, created_revision)`,
    `CREATE TABLE ${table('thread_tombstones')} (project_id uuid PRIMARY KEY)`,
    `CREATE TABLE ${table('thread_versions')} (project_id uuid PRIMARY KEY, version integer NOT NULL)`,
  ],
  async apply(ctx: ProjectionContext, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as ProjectEvent;
    const items = ctx.table('thread_items');
    const versions = ctx.table('thread_versions');
    if (event.type === 'ProjectVersionAdded') {
      await ctx.tx.query(
        `INSERT INTO ${versions} (project_id, version) VALUES ($1, $2)
         ON CONFLICT (project_id) DO UPDATE SET version = GREATEST(${versions}.version, EXCLUDED.version)`,
        [event.data.projectId, event.data.version],
      );
      return;
    }
    if (event.type === 'ProjectDeleted') {
      await ctx.tx.query(`DELETE FROM ${items} WHERE project_id = $1`, [event.data.projectId]);
      await ctx.tx.query(`DELETE FROM ${versions} WHERE project_id = $1`, [event.data.projectId]);
      await ctx.tx.query(
        `INSERT INTO ${ctx.table('thread_tombstones')} (project_id) VALUES ($1) ON CONFLICT DO NOTHING`,
        [event.data.projectId],
      );
      return;
    }
    const e = { id: recorded.id, revision: recorded.revision, event };
    const id = threadItemId(e);
    if (id === null) return;
    const projectId = (event.data as { projectId: string }).projectId;
    const dead = await ctx.tx.query(
      `SELECT 1 FROM ${ctx.table('thread_tombstones')} WHERE project_id = $1`,
      [projectId],
    );
    if (dead.rows.length > 0) return;
    const before = await load(ctx.tx, items, id, projectId);
    // Only a new line needs the version (an older comment's, or feedback's, is the latest then).
    const version = before ? undefined : await latestVersion(ctx.tx, versions, projectId);
    const after = evolveThreadItem(before, e, version);
    if (after && after !== before) await upsert(ctx.tx, items, after);
  },
};
