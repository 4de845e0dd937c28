/** Wording of the link's state and view log, shared by the dashboard card and the viewers. */
import type { LinkSummary, LinkView } from '../../../../api/src/contract/links';

export type { LinkDetails, LinkSummary, LinkView } from '../../../../api/src/contract/links';

export const LINK_EXPIRED_TITLE = 'This link has expired';
export const LINK_REVOKED_TITLE = 'This link was withdrawn by the sender';
export const OPENING_RECORDED_NOTE =
  'Opening this link is recorded for the sender (time and type of device, no address).';

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
const date = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** "Opened 3 times, last on 26 Nov 2026, 10:40" or "Not opened yet". */
export function openedSummary(link: Pick<LinkSummary, 'openCount' | 'lastOpenedAt'>): string {
  if (link.openCount === 0 || !link.lastOpenedAt) return 'Not opened yet';
  const times = link.openCount === 1 ? 'once' : `${link.openCount} times`;
  return `Opened ${times}, last on ${dateTime(link.lastOpenedAt)}`;
}

/**
 * The state now: an answer made before the expiry (a cached one, or a page left open) still says
 * `active`, so the expiry date decides as well.
 */
export function effectiveState(
  link: Pick<LinkSummary, 'state' | 'expiresAt'>,
  now = Date.now(),
): LinkSummary['state'] {
  if (link.state === 'active' && link.expiresAt && Date.parse(link.expiresAt) <= now) {
    return 'expired';
  }
  return link.state;
}

/** "Expires 3 Dec 2026", "Expired 1 Dec 2026", "Withdrawn", "No expiry". */
export function linkStateText(link: Pick<LinkSummary, 'state' | 'expiresAt'>): string {
  const state = effectiveState(link);
  if (state === 'revoked') return 'Withdrawn';
  if (state === 'expired') return link.expiresAt ? `Expired ${date(link.expiresAt)}` : 'Expired';
  return link.expiresAt ? `Expires ${date(link.expiresAt)}` : 'No expiry';
}

export function viewLine(v: LinkView): { when: string; device: string } {
  const device = v.device.charAt(0).toUpperCase() + v.device.slice(1);
  return { when: dateTime(v.openedAt), device: `${device} · ${v.browser}` };
}

/** The instant `days` days from now. */
export const daysFromNow = (days: number, now = new Date()): string =>
  new Date(now.getTime() + days * 24 * 60 * 60_000).toISOString();

/** A date input's value (YYYY-MM-DD) as the end of that day in the browser's time zone. */
export function endOfLocalDay(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export const PIN_PATTERN = /^\d{6,12}$/;
