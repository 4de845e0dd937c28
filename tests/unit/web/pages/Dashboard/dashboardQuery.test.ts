import { describe, expect, it } from 'vitest';
import { projectSearchQuery } from '../../../../../api/src/contract/dashboard';
import {
  EMPTY_FILTERS,
  filtersFromParams,
  filtersToParams,
  hasFilters,
  listQuery,
  STATUS_CHOICES,
  type DashboardFilters,
} from '../../../../../web/src/pages/Dashboard/dashboardQuery';

const full: DashboardFilters = {
  q: '  Müller crown ',
  status: 'pending',
  needsAnswer: true,
  from: '2026-11-01',
  to: '2026-11-27',
  sort: 'name',
};

const parsedQuery = (qs: string) =>
  projectSearchQuery.parse(Object.fromEntries(new URLSearchParams(qs)));

describe('dashboard filters in the address', () => {
  it('an address without filters reads as no filter, sorted by last activity', () => {
    expect(filtersFromParams(new URLSearchParams(''))).toEqual(EMPTY_FILTERS);
    expect(EMPTY_FILTERS.sort).toBe('activity');
    expect(hasFilters(EMPTY_FILTERS)).toBe(false);
  });

  it('filters survive the round trip through the address', () => {
    const params = filtersToParams(full);
    expect(filtersFromParams(params)).toEqual(full);
    expect(params.get('status')).toBe('pending,pending_review');
    expect(params.get('needs')).toBe('answer');
  });

  it('keeps the admin’s userId and leaves the default sort and blank search out', () => {
    const params = filtersToParams(
      { ...EMPTY_FILTERS, q: '   ' },
      new URLSearchParams('userId=u1&q=old&sort=name'),
    );
    expect(params.toString()).toBe('userId=u1');
  });

  it('drops unknown statuses, sorts, malformed days and overlong searches', () => {
    const f = filtersFromParams(
      new URLSearchParams(
        `status=deleted&sort=size&from=yesterday&to=2026-13&needs=yes&q=${'a'.repeat(150)}`,
      ),
    );
    expect(f).toEqual({ ...EMPTY_FILTERS, q: 'a'.repeat(100) });
  });

  it('reads a status list in any order as its choice', () => {
    expect(filtersFromParams(new URLSearchParams('status=pending_review,pending')).status).toBe(
      'pending',
    );
    expect(filtersFromParams(new URLSearchParams('status=approved')).status).toBe('approved');
  });

  it('a search alone, a status alone or a date alone counts as filtered; the sort does not', () => {
    expect(hasFilters({ ...EMPTY_FILTERS, q: 'x' })).toBe(true);
    expect(hasFilters({ ...EMPTY_FILTERS, status: 'approved' })).toBe(true);
    expect(hasFilters({ ...EMPTY_FILTERS, to: '2026-01-01' })).toBe(true);
    expect(hasFilters({ ...EMPTY_FILTERS, sort: 'name' })).toBe(false);
  });
});

describe('the list call’s query', () => {
  it('is accepted by the contract’s projectSearchQuery, with the page and the trimmed search', () => {
    const q = parsedQuery(listQuery(full, { limit: 24, offset: 48, userId: null }));
    expect(q).toEqual({
      q: 'Müller crown',
      status: ['pending', 'pending_review'],
      needs: 'answer',
      from: '2026-11-01',
      to: '2026-11-27',
      sort: 'name',
      limit: 24,
      offset: 48,
    });
  });

  it('every status choice is a valid status list for the contract', () => {
    for (const key of Object.keys(STATUS_CHOICES) as (keyof typeof STATUS_CHOICES)[]) {
      const q = parsedQuery(listQuery({ ...EMPTY_FILTERS, status: key }, { limit: 1, offset: 0 }));
      expect(q.status).toEqual([...STATUS_CHOICES[key].statuses]);
    }
  });

  it('names the viewed user for an admin, and always the sort', () => {
    const id = '7a0d1e4c-8f7b-4f51-9d1e-6a4b0c2d3e4f';
    const q = parsedQuery(listQuery(EMPTY_FILTERS, { limit: 24, offset: 0, userId: id }));
    expect(q).toEqual({ userId: id, sort: 'activity', limit: 24, offset: 0 });
  });
});
