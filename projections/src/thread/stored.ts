import type { ThreadItem } from './row.js';

/** The stored form of a line (snake_case, jsonb anchor and saved view, bigint revisions as text). */
export interface ThreadItemRow {
  id: string;
  project_id: string;
  kind: ThreadItem['kind'];
  parent_id: string | null;
  author_role: ThreadItem['authorRole'];
  author_name: string | null;
  author_email: string | null;
  body: string | null;
  anchor: ThreadItem['anchor'] | string | null;
  tool_state: ThreadItem['toolState'] | string | null;
  version: number | null;
  status: string | null;
  changes_requested: boolean;
  checklist: ThreadItem['checklist'] | string | null;
  created_at: Date | string;
  resolved_at: Date | string | null;
  resolved_by: ThreadItem['resolvedBy'];
  created_revision: string | number;
  revision: string | number;
}

const iso = (v: Date | string): string => new Date(v).toISOString();

/**
 * The saved view of a row: an object (clear, older comments) or a string (sealed). A driver that
 * hands jsonb over as text gives `{…}` or `"…"`; one that parses it gives the sealed text bare.
 */
function storedToolState(v: ThreadItemRow['tool_state']): ThreadItem['toolState'] {
  if (typeof v !== 'string') return v;
  return v.startsWith('{') || v.startsWith('"') ? (JSON.parse(v) as ThreadItem['toolState']) : v;
}

export function fromRow(r: ThreadItemRow): ThreadItem {
  return {
    id: r.id,
    projectId: r.project_id,
    kind: r.kind,
    parentId: r.parent_id,
    authorRole: r.author_role,
    authorName: r.author_name,
    authorEmail: r.author_email,
    body: r.body,
    anchor:
      typeof r.anchor === 'string' ? (JSON.parse(r.anchor) as ThreadItem['anchor']) : r.anchor,
    toolState: storedToolState(r.tool_state),
    version: r.version,
    status: r.status,
    changesRequested: r.changes_requested,
    checklist:
      typeof r.checklist === 'string'
        ? (JSON.parse(r.checklist) as ThreadItem['checklist'])
        : r.checklist,
    createdAt: iso(r.created_at),
    resolvedAt: r.resolved_at === null ? null : iso(r.resolved_at),
    resolvedBy: r.resolved_by,
    createdRevision: BigInt(r.created_revision),
    revision: BigInt(r.revision),
  };
}
