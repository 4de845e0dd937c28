/**
 * The snapshot's file name: the project's name and the local date and time, never the patient's
 * name (a file name travels into downloads folders, mails and chat uploads). Pure.
 */

/** Longest project part kept (characters). */
const MAX_NAME = 60;

const pad = (n: number) => String(n).padStart(2, '0');

export function snapshotFileName(projectName: string | undefined, at: Date): string {
  const slug = (projectName ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_NAME)
    .replace(/-+$/g, '');
  const stamp =
    `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}` +
    `-${pad(at.getHours())}${pad(at.getMinutes())}`;
  return `cusp-${slug || 'view'}-${stamp}.png`;
}
