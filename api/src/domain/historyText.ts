/**
 * The words of a project's history: what happened, who did it, what it changed, and when. One
 * wording for the owner's history page and for its CSV and PDF exports; pure and import-free
 * beyond the domain, so the API and the web app both import it.
 */
import {
  CHECKLIST_ANSWER_LABELS,
  CHECKLIST_LABELS,
  type ChecklistAnswerValue,
  type ChecklistItem,
} from './checklist.js';
import { statusLabel } from './projectStatus.js';

/** What an event changed, its sealed fields opened (the API's `historyDetails`). */
export interface HistoryDetailsText {
  note?: string | undefined;
  added?: readonly string[] | undefined;
  removed?: readonly string[] | undefined;
  from?: string | undefined;
  to?: string | undefined;
  checklist?: readonly { item: ChecklistItem; answer: ChecklistAnswerValue }[] | undefined;
  recipient?: string | undefined;
  expiresAt?: string | null | undefined;
  pin?: 'set' | 'cleared' | 'unchanged' | undefined;
}

/** One line of a project's history (the API's `historyEntry`). */
export interface HistoryLineText {
  action: string;
  actorKind: string;
  mine: boolean;
  actorName?: string | undefined;
  at: string;
  version?: number | undefined;
  /** Consecutive link openings folded into this line (2 or more); `at` is the last one's. */
  count?: number | undefined;
  details?: HistoryDetailsText | undefined;
}

/** Types whose split words would read oddly. */
const ACTION_LABELS: Record<string, string> = {
  LinkSettingsChanged: 'Link settings changed (expiry, PIN or downloads)',
  LinkRevoked: 'Link withdrawn',
  LinkRotated: 'New link created (old one withdrawn)',
  LinkOpened: 'Link opened',
  LinkPinLocked: 'Link locked after 5 wrong PINs',
  LinkFilesDownloaded: 'Files downloaded through the link',
  ChecklistChosen: 'Checklist items chosen',
  ProjectVersionAdded: 'New version uploaded',
  ProjectSentToDoctor: 'Link sent to a doctor',
};

/** 'ProjectStatusChanged' → 'Project status changed'. */
export function actionLabel(type: string): string {
  const label = ACTION_LABELS[type];
  if (label) return label;
  const words = type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Mar 05, 2025 14:03 UTC'; empty for an invalid time. */
export function historyTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const day = String(d.getUTCDate()).padStart(2, '0');
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `${MONTHS[d.getUTCMonth()]} ${day}, ${d.getUTCFullYear()} ${hh}:${mm} UTC`;
}

/** What happened: the action, or "Opened 12 times, last …" for folded link openings. */
export function historyTitle(line: Pick<HistoryLineText, 'action' | 'count' | 'at'>): string {
  if (line.action === 'LinkOpened' && line.count !== undefined && line.count > 1) {
    return `Opened ${line.count} times, last ${historyTime(line.at)}`;
  }
  return actionLabel(line.action);
}

/**
 * Who did it: `you` for the caller ('You' on the page, the owner's name in an export), else the
 * name (a doctor's as they gave it, a user's for admins), else the kind of actor.
 */
export function historyBy(
  line: Pick<HistoryLineText, 'actorKind' | 'mine' | 'actorName'>,
  you = 'You',
): string {
  if (line.mine) return you;
  if (line.actorName) return line.actorName;
  switch (line.actorKind) {
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
      return line.actorKind;
  }
}

/** The checklist as answered: 'Margins: Acceptable; Occlusion: Needs change'. */
export function checklistText(checklist: NonNullable<HistoryDetailsText['checklist']>): string {
  return checklist
    .map((c) => `${CHECKLIST_LABELS[c.item]}: ${CHECKLIST_ANSWER_LABELS[c.answer]}`)
    .join('; ');
}

/** What the event changed, one statement a line ('Note: …', 'Added: a.stl, b.stl', …). */
export function historyDetailLines(details: HistoryDetailsText | undefined): string[] {
  if (!details) return [];
  const lines: string[] = [];
  if (details.from !== undefined || details.to !== undefined) {
    lines.push(`Status: ${statusLabel(details.from) || '—'} → ${statusLabel(details.to) || '—'}`);
  }
  if (details.note) lines.push(`Note: ${details.note}`);
  if (details.added?.length) lines.push(`Added: ${details.added.join(', ')}`);
  if (details.removed?.length) lines.push(`Removed: ${details.removed.join(', ')}`);
  if (details.checklist?.length) lines.push(`Checklist: ${checklistText(details.checklist)}`);
  if (details.recipient) lines.push(`Sent to: ${details.recipient}`);
  if (details.expiresAt !== undefined) {
    lines.push(
      details.expiresAt === null ? 'Expiry: none' : `Expires: ${historyTime(details.expiresAt)}`,
    );
  }
  if (details.pin === 'set') lines.push('PIN set');
  if (details.pin === 'cleared') lines.push('PIN removed');
  return lines;
}
