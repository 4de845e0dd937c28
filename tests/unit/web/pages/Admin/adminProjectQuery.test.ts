import { describe, expect, it } from 'vitest';
import { projectSearchQuery } from '../../../../../api/src/contract/dashboard';
import {
  ADMIN_INITIAL_QUERY,
  adminProjectQuery,
  narrows,
} from '../../../../../web/src/pages/Admin/adminProjectQuery';

const NOW = Date.parse('2026-11-27T12:00:00.000Z');
const parsed = (qs: string) =>
  projectSearchQuery.parse(Object.fromEntries(new URLSearchParams(qs)));

describe('admin project tables ask the server', () => {
  it('the opening question: newest first, first page, no filter', () => {
    expect(parsed(adminProjectQuery(ADMIN_INITIAL_QUERY, { limit: 50, offset: 0 }, NOW))).toEqual({
      sort: 'created',
      limit: 50,
      offset: 0,
    });
    expect(narrows(ADMIN_INITIAL_QUERY)).toBe(false);
  });

  it('search, the last N days from now and the name sort, accepted by the contract', () => {
    const q = {
      search: '  pat BETA ',
      days: 7,
      sort: { key: 'project', direction: 'asc' as const },
    };
    expect(parsed(adminProjectQuery(q, { limit: 50, offset: 100 }, NOW))).toEqual({
      q: 'pat BETA',
      from: '2026-11-20T12:00:00.000Z',
      sort: 'name',
      limit: 50,
      offset: 100,
    });
    expect(narrows(q)).toBe(true);
  });

  it('a column the server cannot sort by falls back to newest first; a long search is cut to the limit', () => {
    const q = {
      search: 'x'.repeat(150),
      days: null,
      sort: { key: 'status', direction: 'asc' as const },
    };
    const p = parsed(adminProjectQuery(q, { limit: 1, offset: 0 }, NOW));
    expect(p.sort).toBe('created');
    expect(p.q).toHaveLength(100);
  });
});
