/**
 * Project status as the viewer shows it: the shared reading of a status —
 * `pending` and `pending_review` are 'Pending Review', `pending_revision` (the spec's `rejected`)
 * is 'Changes Requested'.
 */
export { statusLabel, statusTone } from '../../../../api/src/domain/projectStatus';

export function isApproved(status: string | null | undefined): boolean {
  return status === 'approved';
}
