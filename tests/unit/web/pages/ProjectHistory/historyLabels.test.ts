import { describe, expect, it } from 'vitest';
import { actorLabel, backLink } from '../../../../../web/src/pages/ProjectHistory/historyLabels';

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
