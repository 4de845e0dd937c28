import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../../../../api/src/contract/audit';
import {
  actorLabel,
  appendHistory,
  backLink,
} from '../../../../../web/src/pages/ProjectHistory/historyLabels';

describe('history actor label', () => {
  it("names the technician for an admin reading the technician's project, not 'You'", () => {
    expect(actorLabel({ actorKind: 'user', mine: false, actorName: 'Tina Technician' })).toBe(
      'Tina Technician',
    );
  });

  it("says 'You' for the caller's own actions", () => {
    expect(actorLabel({ actorKind: 'user', mine: true })).toBe('You');
    expect(actorLabel({ actorKind: 'admin', mine: true, actorName: 'Ada Admin' })).toBe('You');
  });

  it('names a doctor as they named themselves', () => {
    expect(actorLabel({ actorKind: 'link', mine: false, actorName: 'Dr Ana Núñez' })).toBe(
      'Dr Ana Núñez',
    );
  });

  it('falls back to the kind of actor when no name is known', () => {
    expect(actorLabel({ actorKind: 'user', mine: false })).toBe('User');
    expect(actorLabel({ actorKind: 'admin', mine: false })).toBe('Administrator');
    expect(actorLabel({ actorKind: 'link', mine: false })).toBe('Doctor (public link)');
    expect(actorLabel({ actorKind: 'system', mine: false })).toBe('System');
    expect(actorLabel({ actorKind: 'anonymous', mine: false })).toBe('Anonymous');
  });
});

describe('history back link', () => {
  it('returns to the page the history was opened from, query included', () => {
    expect(backLink({ from: { pathname: '/dashboard', search: '?userId=abc' } })).toEqual({
      to: '/dashboard?userId=abc',
      label: 'Back to Dashboard',
    });
    expect(backLink({ from: { pathname: '/admin', search: '?tab=audit' } })).toEqual({
      to: '/admin?tab=audit',
      label: 'Back to Admin',
    });
    expect(backLink({ from: { pathname: '/viewer/x' } })).toEqual({
      to: '/viewer/x',
      label: 'Back',
    });
  });

  it('goes to the dashboard when opened directly or from outside the app', () => {
    expect(backLink(null)).toEqual({ to: '/dashboard', label: 'Back to Dashboard' });
    expect(backLink({ from: { pathname: '//evil.example' } }).to).toBe('/dashboard');
  });
});

describe('history pages put together', () => {
  const line = (n: number, action: string, extra: Partial<HistoryEntry> = {}): HistoryEntry => ({
    eventId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    action,
    actorKind: 'link',
    mine: false,
    at: `2026-12-07T09:${String(n).padStart(2, '0')}:00.000Z`,
    ...extra,
  });

  it('continues a run of link openings cut by the end of a page as one line', () => {
    const first = [
      line(1, 'ProjectCreated'),
      line(3, 'LinkOpened', { count: 2, firstAt: line(2, '').at }),
    ];
    const next = [line(4, 'LinkOpened'), line(5, 'CommentAdded')];
    const all = appendHistory(first, next);
    expect(all.map((l) => l.action)).toEqual(['ProjectCreated', 'LinkOpened', 'CommentAdded']);
    expect(all[1]).toMatchObject({ count: 3, firstAt: line(2, '').at, at: line(4, '').at });
  });

  it('keeps lines apart when the pages meet elsewhere', () => {
    const all = appendHistory([line(1, 'LinkOpened')], [line(2, 'CommentAdded')]);
    expect(all).toHaveLength(2);
    expect(appendHistory([], [line(1, 'LinkOpened')])).toHaveLength(1);
  });
});
