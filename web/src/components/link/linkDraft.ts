import type { LinkSettingsBody } from '../../../../api/src/contract/links';
import { daysFromNow, endOfLocalDay, PIN_PATTERN, type LinkDetails } from './linkText';

export type Expiry = 'never' | '7' | '30' | '90' | 'date';
export type PinMode = 'keep' | 'set' | 'none';

/** What the owner is choosing in Link settings, before it is saved. */
export interface LinkDraft {
  expiry: Expiry;
  /** The date input's value (YYYY-MM-DD), for `expiry: 'date'`. */
  date: string;
  pinMode: PinMode;
  pin: string;
  /** The doctor may download the files as uploaded. */
  downloadsAllowed: boolean;
}

/** The form as the saved link is: its expiry as a date, its PIN kept, downloads as they are. */
export function linkDraftOf(
  link: Pick<LinkDetails, 'expiresAt' | 'pinSet' | 'downloadsAllowed'>,
): LinkDraft {
  return {
    expiry: link.expiresAt ? 'date' : 'never',
    date: link.expiresAt ? link.expiresAt.slice(0, 10) : '',
    pinMode: link.pinSet ? 'keep' : 'none',
    pin: '',
    downloadsAllowed: link.downloadsAllowed,
  };
}

export interface LinkDraftMessages {
  chooseDate: string;
  inPast: string;
  pinFormat: string;
}

export type LinkDraftCheck =
  { ok: true; body: LinkSettingsBody } | { ok: false; problems: { date?: string; pin?: string } };

/**
 * Checks every field of the draft at once (so each refused field is marked, not only the first)
 * and, when all pass, gives the body of `PUT /api/projects/{id}/link`.
 */
export function linkSettingsProblems(
  draft: LinkDraft,
  now: Date,
  messages: LinkDraftMessages,
): LinkDraftCheck {
  const problems: { date?: string; pin?: string } = {};
  let expiresAt: string | null = null;
  if (draft.expiry === 'date') {
    const end = endOfLocalDay(draft.date);
    if (!end) problems.date = messages.chooseDate;
    else if (Date.parse(end) <= now.getTime()) problems.date = messages.inPast;
    else expiresAt = end;
  } else if (draft.expiry !== 'never') {
    expiresAt = daysFromNow(Number(draft.expiry), now);
  }
  if (draft.pinMode === 'set' && !PIN_PATTERN.test(draft.pin)) problems.pin = messages.pinFormat;
  if (problems.date || problems.pin) return { ok: false, problems };
  const { downloadsAllowed } = draft;
  if (draft.pinMode === 'keep') return { ok: true, body: { expiresAt, downloadsAllowed } };
  return {
    ok: true,
    body: { expiresAt, pin: draft.pinMode === 'set' ? draft.pin : null, downloadsAllowed },
  };
}
