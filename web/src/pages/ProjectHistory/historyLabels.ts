import { historyBy } from '../../../../api/src/domain/historyText';
import { redirectTarget } from '../../navigation/redirectTarget';
import type { HistoryEntry } from '../../api/contract';

/** Who did it: 'You' for the caller, else the name (a doctor's as given), else the kind. */
export const actorLabel = (entry: Pick<HistoryEntry, 'actorKind' | 'mine' | 'actorName'>): string =>
  historyBy(entry);

/**
 * The lines loaded so far and the next page's: a run of link openings cut by the page's end
 * continues as one line (each page folds only its own).
 */
export function appendHistory(
  loaded: readonly HistoryEntry[],
  next: readonly HistoryEntry[],
): HistoryEntry[] {
  const last = loaded[loaded.length - 1];
  const first = next[0];
  if (!last || !first || last.action !== 'LinkOpened' || first.action !== 'LinkOpened') {
    return [...loaded, ...next];
  }
  const joined: HistoryEntry = {
    ...first,
    count: (last.count ?? 1) + (first.count ?? 1),
    firstAt: last.firstAt ?? last.at,
  };
  return [...loaded.slice(0, -1), joined, ...next.slice(1)];
}

/** The export's file name: the project's id, never its name (often a patient's). */
export const historyFileName = (projectId: string, ext: 'csv' | 'pdf'): string =>
  `cusp-history-${projectId}.${ext}`;

/**
 * The page's Back button: to the page the history was opened from (the history link passes it as
 * `state.from`), else /dashboard; labelled after where it leads.
 */
export function backLink(state: unknown): { to: string; label: string } {
  const to = redirectTarget(state);
  const path = to.split(/[?#]/)[0];
  if (path === '/dashboard') return { to, label: 'Back to Dashboard' };
  if (path === '/admin') return { to, label: 'Back to Admin' };
  return { to, label: 'Back' };
}
