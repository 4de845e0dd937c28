import type { SqlExecutor } from '../../../api/src/db/db.js';
import { isLinkEvent } from '../../../api/src/domain/projectLink.js';
import { LINK_EVENT_TYPES } from '../../../api/src/domain/projectLink.js';
import type { RecordedEvent } from '../../../api/src/store/eventStore.js';
import type { Projection, ProjectionContext } from '../projection.js';
import { evolveLinkRow, type LinkRow } from './row.js';

export { evolveLinkRow, type LinkRow } from './row.js';

/**
 * The public link's read model: settings and view summary per project (`project_link_state`),
 * every logged opening (`project_link_views`) and tokens replaced by a rotation
 * (`project_link_retired_tokens`, so an old link answers "withdrawn" rather than "not found").
 * A deleted project leaves nothing here.
 */
export const projectLinksProjection: Projection = {
  name: 'project_links_state',
  version: 2,
  tables: ['project_link_state', 'project_link_views', 'project_link_retired_tokens'],
  eventTypes: [...LINK_EVENT_TYPES, 'ProjectDeleted'],
  createSql: (table) => [
    `CREATE TABLE ${table('project_link_state')} (
      project_id uuid PRIMARY KEY,
      expires_at timestamptz,
      pin_hash text,
      pin_set_at timestamptz,
      downloads_allowed boolean NOT NULL,
      revoked_token_hash text,
      open_count integer NOT NULL,
      last_opened_at timestamptz,
      locked_until timestamptz,
      revision bigint NOT NULL
    )`,
    `CREATE TABLE ${table('project_link_views')} (
      event_id uuid PRIMARY KEY,
      project_id uuid NOT NULL,
      opened_at timestamptz NOT NULL,
      device text NOT NULL,
      browser text NOT NULL
    )`,
    `CREATE INDEX ON ${table('project_link_views')} (project_id, opened_at)`,
    `CREATE TABLE ${table('project_link_retired_tokens')} (
      token_hash bytea PRIMARY KEY,
      project_id uuid NOT NULL
    )`,
    `CREATE INDEX ON ${table('project_link_retired_tokens')} (project_id)`,
  ],
  async apply(ctx, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data };
    if (event.type === 'ProjectDeleted') {
      const { projectId } = recorded.data as { projectId: string };
      for (const t of ['project_link_state', 'project_link_views', 'project_link_retired_tokens']) {
        await ctx.tx.query(`DELETE FROM ${ctx.table(t)} WHERE project_id = $1`, [projectId]);
      }
      return;
    }
    if (!isLinkEvent(event)) return;
    const projectId = event.data.projectId;
    const current = await readRow(ctx.tx, ctx.table('project_link_state'), projectId);
    const next = evolveLinkRow(current, event, Number(recorded.revision));
    if (next === current) return;
    await upsertRow(ctx, next);
    if (event.type === 'LinkOpened') {
      await ctx.tx.query(
        `INSERT INTO ${ctx.table('project_link_views')} (event_id, project_id, opened_at, device, browser)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (event_id) DO NOTHING`,
        [recorded.id, projectId, event.data.openedAt, event.data.device, event.data.browser],
      );
    }
    if (event.type === 'LinkRotated') {
      await ctx.tx.query(
        `INSERT INTO ${ctx.table('project_link_retired_tokens')} (token_hash, project_id)
         VALUES ($1, $2) ON CONFLICT (token_hash) DO NOTHING`,
        [Buffer.from(event.data.previousTokenHash, 'hex'), projectId],
      );
    }
  },
};

export interface DbRow {
  project_id: string;
  expires_at: Date | string | null;
  pin_hash: string | null;
  pin_set_at: Date | string | null;
  downloads_allowed: boolean;
  revoked_token_hash: string | null;
  open_count: number;
  last_opened_at: Date | string | null;
  locked_until: Date | string | null;
  revision: string | number;
}

export const iso = (v: Date | string | null): string | null =>
  v === null ? null : new Date(v).toISOString();

export function fromDb(r: DbRow): LinkRow {
  return {
    projectId: r.project_id,
    expiresAt: iso(r.expires_at),
    pinHash: r.pin_hash,
    pinSetAt: iso(r.pin_set_at),
    downloadsAllowed: r.downloads_allowed,
    revokedTokenHash: r.revoked_token_hash,
    openCount: r.open_count,
    lastOpenedAt: iso(r.last_opened_at),
    lockedUntil: iso(r.locked_until),
    revision: Number(r.revision),
  };
}

export async function readRow(
  db: SqlExecutor,
  table: string,
  projectId: string,
): Promise<LinkRow | null> {
  const r = await db.query<DbRow>(`SELECT * FROM ${table} WHERE project_id = $1`, [projectId]);
  return r.rows[0] ? fromDb(r.rows[0]) : null;
}

async function upsertRow(ctx: ProjectionContext, row: LinkRow): Promise<void> {
  await ctx.tx.query(
    `INSERT INTO ${ctx.table('project_link_state')}
       (project_id, expires_at, pin_hash, pin_set_at, downloads_allowed, revoked_token_hash,
        open_count, last_opened_at, locked_until, revision)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (project_id) DO UPDATE SET
       expires_at = EXCLUDED.expires_at, pin_hash = EXCLUDED.pin_hash,
       pin_set_at = EXCLUDED.pin_set_at, downloads_allowed = EXCLUDED.downloads_allowed,
       revoked_token_hash = EXCLUDED.revoked_token_hash,
       open_count = EXCLUDED.open_count, last_opened_at = EXCLUDED.last_opened_at,
       locked_until = EXCLUDED.locked_until, revision = EXCLUDED.revision`,
    [
      row.projectId,
      row.expiresAt,
      row.pinHash,
      row.pinSetAt,
      row.downloadsAllowed,
      row.revokedTokenHash,
      row.openCount,
      row.lastOpenedAt,
      row.lockedUntil,
      row.revision,
    ],
  );
}
