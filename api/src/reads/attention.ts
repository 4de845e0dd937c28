/**
 * "Needs attention": new doctor comments, changes requested, links closing within
 * `LINK_EXPIRING_DAYS`, and approvals since the client's last visit (without one: within the
 * same number of days). Each kind lists at most `PER_KIND` projects, the most pressing first.
 */
import { openWith } from '../crypto/keyRing.js';
import {
  LINK_EXPIRING_DAYS,
  type AttentionAnswer,
  type AttentionItem,
  type AttentionKind,
} from '../contract/dashboard.js';
import type { AppDeps } from '../deps.js';
import { projectSubject } from '../domain/project.js';
import { CHANGES_REQUESTED_STATUSES } from '../domain/projectStatus.js';
import {
  approvalRowsSince,
  expiringLinkRows,
  statusRows,
  unreadCommentRows,
  type AttentionRow,
} from '../../../projections/src/projects/attentionQueries.js';

const PER_KIND = 50;
const DAY_MS = 86_400_000;

export async function attentionOf(
  deps: AppDeps,
  userId: string,
  since: string | undefined,
): Promise<AttentionAnswer> {
  const now = deps.now();
  const window = LINK_EXPIRING_DAYS * DAY_MS;
  const [comments, changes, links, approvals] = await Promise.all([
    unreadCommentRows(deps.db, userId, PER_KIND),
    statusRows(deps.db, userId, CHANGES_REQUESTED_STATUSES, PER_KIND),
    expiringLinkRows(deps.db, userId, now, new Date(now.getTime() + window), PER_KIND),
    approvalRowsSince(
      deps.db,
      userId,
      since ? new Date(since) : new Date(now.getTime() - window),
      PER_KIND,
    ),
  ]);
  const byKind: [AttentionKind, AttentionRow[]][] = [
    ['new_comments', comments],
    ['changes_requested', changes],
    ['link_expiring', links],
    ['approved', approvals],
  ];
  const ids = [...new Set(byKind.flatMap(([, rows]) => rows.map((r) => r.id)))];
  const keys = await deps.keys.existingKeys(ids.map(projectSubject));
  const items: AttentionItem[] = [];
  for (const [kind, rows] of byKind) {
    for (const row of rows) {
      const subject = projectSubject(row.id);
      const dk = keys.get(subject);
      // Shredded but its deletion not projected yet: gone.
      if (!dk) continue;
      items.push({
        kind,
        projectId: row.id,
        projectName: openWith(dk.key, subject, 'name', row.name),
        count: Number(row.count),
        at: new Date(row.at).toISOString(),
      });
    }
  }
  return { items };
}
