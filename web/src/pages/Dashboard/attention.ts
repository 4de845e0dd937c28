/**
 * "Needs attention": what each item says and where it leads, and the last visit the
 * approvals are counted from. Pure except the two small localStorage helpers at the end.
 */
import type { AttentionItem, AttentionKind } from '../../api/contract';

/** Where an item leads: a page of the app, or the project's link settings on the dashboard. */
export type AttentionTarget = { kind: 'page'; to: string } | { kind: 'link-settings' };

const viewer = (projectId: string, panel?: 'thread') =>
  `/viewer/${encodeURIComponent(projectId)}${panel ? `?panel=${panel}` : ''}`;

/**
 * New comments and changes requested open the owner's viewer with the conversation open; an
 * approval opens the viewer (its Project Info says which version, by whom); a link about to
 * close opens its settings.
 */
export function attentionTarget(item: AttentionItem): AttentionTarget {
  switch (item.kind) {
    case 'new_comments':
    case 'changes_requested':
      return { kind: 'page', to: viewer(item.projectId, 'thread') };
    case 'approved':
      return { kind: 'page', to: viewer(item.projectId) };
    case 'link_expiring':
      return { kind: 'link-settings' };
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** "closes today", "closes tomorrow", "closes in 5 days" (from `now`). */
function closesText(at: string, now: number): string {
  const days = Math.ceil((Date.parse(at) - now) / DAY_MS);
  if (days <= 0) return 'closes today';
  if (days === 1) return 'closes tomorrow';
  return `closes in ${days} days`;
}

/** The item's line under the project name. */
export function attentionText(item: AttentionItem, now: number): string {
  switch (item.kind) {
    case 'new_comments':
      return item.count === 1 ? '1 new comment' : `${item.count} new comments`;
    case 'changes_requested':
      return 'Changes requested';
    case 'link_expiring':
      return `Link ${closesText(item.at, now)}`;
    case 'approved':
      return 'Approved';
  }
}

/** Most pressing first: the doctor waits on changes and comments; links close; approvals inform. */
const ORDER: Record<AttentionKind, number> = {
  changes_requested: 0,
  new_comments: 1,
  link_expiring: 2,
  approved: 3,
};

/** Items by urgency, then newest first (a closing link: soonest first). */
export function sortAttention(items: readonly AttentionItem[]): AttentionItem[] {
  return [...items].sort((a, b) => {
    const byKind = ORDER[a.kind] - ORDER[b.kind];
    if (byKind !== 0) return byKind;
    const t = Date.parse(b.at) - Date.parse(a.at);
    return a.kind === 'link_expiring' ? -t : t;
  });
}

const LAST_VISIT_KEY = 'cusp.dashboard.lastVisit';

/** The previous visit of this browser to its own dashboard (ISO instant), or null. */
export function readLastVisit(
  storage: Storage | undefined = globalThis.localStorage,
): string | null {
  try {
    const v = storage?.getItem(LAST_VISIT_KEY) ?? null;
    return v && Number.isFinite(Date.parse(v)) ? new Date(v).toISOString() : null;
  } catch {
    return null;
  }
}

export function writeLastVisit(
  at: string,
  storage: Storage | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(LAST_VISIT_KEY, at);
  } catch {
    // storage full or denied: the next visit shows approvals since the server's default
  }
}
