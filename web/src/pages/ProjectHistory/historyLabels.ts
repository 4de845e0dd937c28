import { redirectTarget } from '../../navigation/redirectTarget';
import type { HistoryEntry } from '../../api/contract';

/** Who did it: 'You' for the caller, else the acting user's name (admins get it), else the kind. */
export function actorLabel(entry: Pick<HistoryEntry, 'actorKind' | 'mine' | 'actorName'>): string {
  if (entry.mine) return 'You';
  if (entry.actorName) return entry.actorName;
  switch (entry.actorKind) {
    case 'link':
      return 'Doctor (public link)';
    case 'anonymous':
      return 'Anonymous';
    case 'admin':
      return 'Administrator';
    case 'system':
      return 'System';
    case 'user':
      return 'User';
    default:
      return entry.actorKind;
  }
}

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
