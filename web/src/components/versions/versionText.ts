import type { ProjectApproval } from '../../api/contract';
import { formatDate } from '../project/format';

/** The words the dashboard and the viewer use for versions and a version-bound approval. */

export const versionLabel = (n: number): string => `v${n}`;

/** "Approved v2 by Dr Rivera on Nov 26, 2026" (without a name: "Approved v2 on …"). */
export function approvalLine(a: ProjectApproval): string {
  const by = a.by ? ` by ${a.by}` : '';
  return `Approved ${versionLabel(a.version)}${by} on ${formatDate(a.at)}`;
}

/** Said once a newer version than the approved one exists; null while the approval is current. */
export function outdatedApprovalLine(a: ProjectApproval | null, latest: number): string | null {
  if (!a || a.version >= latest) return null;
  return `The approval was for ${versionLabel(a.version)}; ${versionLabel(latest)} awaits review`;
}

/** The approval stands: it is of the latest version and the project is still approved. */
export function isCurrentApproval(
  a: ProjectApproval | null,
  latest: number,
  status: string,
): boolean {
  return !!a && a.version === latest && status === 'approved';
}

/** One version in the switcher: "v2 · Nov 26, 2026 · Distal contour reshaped". */
export function versionOption(v: { n: number; createdAt: string; note: string | null }): string {
  const note = v.note ? ` · ${v.note.length > 60 ? `${v.note.slice(0, 59)}…` : v.note}` : '';
  return `${versionLabel(v.n)} · ${formatDate(v.createdAt)}${note}`;
}

/** The owner's toast after an upload: the version, and whom the new version was mailed to. */
export function versionUploadedLine(a: { version: number; doctorsNotified: number }): string {
  const told =
    a.doctorsNotified === 0
      ? ''
      : a.doctorsNotified === 1
        ? '; 1 doctor was told by e-mail'
        : `; ${a.doctorsNotified} doctors were told by e-mail`;
  return `Version ${versionLabel(a.version)} uploaded${told}`;
}
