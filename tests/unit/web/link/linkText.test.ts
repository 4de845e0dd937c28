import { describe, expect, it } from 'vitest';
import {
  effectiveState,
  endOfLocalDay,
  linkStateText,
  openedSummary,
} from '../../../../web/src/components/link/linkText';

const now = Date.parse('2026-11-26T10:00:00.000Z');

describe('link wording', () => {
  it('says how often and when the link was opened', () => {
    expect(openedSummary({ openCount: 0, lastOpenedAt: null })).toBe('Not opened yet');
    expect(openedSummary({ openCount: 1, lastOpenedAt: '2026-11-26T10:00:00.000Z' })).toMatch(
      /^Opened once, last on 26 Nov 2026, \d\d:\d\d$/,
    );
    expect(openedSummary({ openCount: 3, lastOpenedAt: '2026-11-26T10:00:00.000Z' })).toMatch(
      /^Opened 3 times, last on 26 Nov 2026/,
    );
  });

  it('treats an answer made before the expiry as expired once the date has passed', () => {
    const past = { state: 'active' as const, expiresAt: '2026-11-25T10:00:00.000Z' };
    expect(effectiveState(past, now)).toBe('expired');
    expect(effectiveState({ state: 'active', expiresAt: '2026-11-27T10:00:00.000Z' }, now)).toBe(
      'active',
    );
    expect(effectiveState({ state: 'revoked', expiresAt: null }, now)).toBe('revoked');
    expect(linkStateText({ state: 'revoked', expiresAt: null })).toBe('Withdrawn');
    expect(linkStateText({ state: 'active', expiresAt: null })).toBe('No expiry');
  });

  it('reads a date field as the end of that day, and refuses anything else', () => {
    const end = new Date(endOfLocalDay('2026-12-03')!);
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours()]).toEqual([
      2026, 11, 3, 23,
    ]);
    expect(endOfLocalDay('')).toBeNull();
    expect(endOfLocalDay('03/12/2026')).toBeNull();
  });
});
