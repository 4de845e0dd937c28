/**
 * What a project status means to people: which count it falls in, its label
 * and its badge colour. One definition for the dashboard, the admin panel and the viewer; pure and
 * import-free, so the API and the web app both import it.
 *
 * - *Pending*: waiting for the doctor (`pending`, `pending_review`).
 * - *Changes requested* (admin: *Needs Revision*): `pending_revision`, and the spec's legacy
 *   `rejected`, which is the same state.
 */

/** The stored statuses that mean "changes requested" (the spec's legacy `rejected` included). */
export const CHANGES_REQUESTED_STATUSES: readonly string[] = ['pending_revision', 'rejected'];

export type StatusBucket = 'approved' | 'pending' | 'changesRequested' | 'other';

export function statusBucket(status: string): StatusBucket {
  switch (status) {
    case 'approved':
      return 'approved';
    case 'pending':
    case 'pending_review':
      return 'pending';
    case 'pending_revision':
    case 'rejected':
      return 'changesRequested';
    default:
      return 'other';
  }
}

export interface StatusCounts {
  total: number;
  approved: number;
  pending: number;
  changesRequested: number;
}

/** Folds per-status project counts (e.g. a `GROUP BY status`) into the counts people see. */
export function countStatuses(perStatus: Readonly<Record<string, number>>): StatusCounts {
  const out: StatusCounts = { total: 0, approved: 0, pending: 0, changesRequested: 0 };
  for (const [status, n] of Object.entries(perStatus)) {
    out.total += n;
    const bucket = statusBucket(status);
    if (bucket !== 'other') out[bucket] += n;
  }
  return out;
}

/** The badge label: never the raw stored value. */
export function statusLabel(status: string | null | undefined): string {
  if (!status) return '';
  switch (statusBucket(status)) {
    case 'approved':
      return 'Approved';
    case 'pending':
      return 'Pending Review';
    case 'changesRequested':
      return 'Changes Requested';
    case 'other':
      return status.replace(/_/g, ' ');
  }
}

export type StatusTone = 'success' | 'warning' | 'info';

/** Badge colours: approved green, changes requested yellow, anything else blue. */
export function statusTone(status: string | null | undefined): StatusTone {
  const bucket = statusBucket(status ?? '');
  return bucket === 'approved' ? 'success' : bucket === 'changesRequested' ? 'warning' : 'info';
}

/**
 * "Needs my answer": unread doctor comments, or changes requested — a new version
 * moves `pending_revision` back to review, so a changes-requested status is still unanswered.
 */
export function needsAnswer(status: string, unreadCount: number): boolean {
  return unreadCount > 0 || statusBucket(status) === 'changesRequested';
}
