/**
 * Project status as the viewer shows it (spec §4, architecture §12): stored values are pending,
 * pending_review, pending_revision and approved; the spec's `rejected` is pending_revision.
 */

export type BadgeTone = 'success' | 'warning' | 'info';

/** Viewer labels: pending 'Pending Review', approved 'Approved', rejected 'Changes Requested', others raw. */
export function statusLabel(status: string | null | undefined): string {
  switch (status) {
    case 'pending':
      return 'Pending Review';
    case 'approved':
      return 'Approved';
    case 'rejected':
    case 'pending_revision':
      return 'Changes Requested';
    default:
      return status ?? '';
  }
}

/** Status colours: approved green, pending_revision (rejected) yellow, anything else blue. */
export function statusTone(status: string | null | undefined): BadgeTone {
  if (status === 'approved') return 'success';
  if (status === 'pending_revision' || status === 'rejected') return 'warning';
  return 'info';
}

export function isApproved(status: string | null | undefined): boolean {
  return status === 'approved';
}
