import { describe, expect, it } from 'vitest';
import {
  compareValues,
  filterByDays,
  nextSort,
  pruneSelection,
  searchRows,
  showingText,
  sortRows,
  toggleAll,
  toggleOne,
  visibleWindow,
} from '../../../../web/src/ui/dataTableModel';

const rows = [
  {
    id: 'a',
    name: 'Crown Upper',
    user: { name: 'Ann Lee', companyName: 'Smile Lab' },
    n: 3,
    at: '2025-03-01T00:00:00Z',
  },
  {
    id: 'b',
    name: 'bridge lower',
    user: { name: 'Bob', companyName: 'ACME Dental' },
    n: 10,
    at: '2025-02-01T00:00:00Z',
  },
  { id: 'c', name: 'Implant', user: null, n: 2, at: '' },
];

describe('searchRows', () => {
  it('matches any field, nested ones too, case-insensitively', () => {
    expect(searchRows(rows, 'CROWN').map((r) => r.id)).toEqual(['a']);
    expect(searchRows(rows, 'acme').map((r) => r.id)).toEqual(['b']);
    expect(searchRows(rows, '10').map((r) => r.id)).toEqual(['b']);
    expect(searchRows(rows, '  ').map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(searchRows(rows, 'nothing')).toEqual([]);
  });
});

describe('filterByDays', () => {
  const now = Date.parse('2025-03-10T00:00:00Z');
  it('keeps rows within the last N days and drops undated rows', () => {
    expect(filterByDays(rows, 30, (r) => r.at, now).map((r) => r.id)).toEqual(['a']);
    expect(filterByDays(rows, 90, (r) => r.at, now).map((r) => r.id)).toEqual(['a', 'b']);
  });
  it('keeps everything for All time', () => {
    expect(filterByDays(rows, null, (r) => r.at, now)).toHaveLength(3);
  });
});

describe('sorting', () => {
  it('sorts strings case-insensitively, numbers numerically, both directions', () => {
    expect(sortRows(rows, (r) => r.name, 'asc').map((r) => r.id)).toEqual(['b', 'a', 'c']);
    expect(sortRows(rows, (r) => r.n, 'asc').map((r) => r.id)).toEqual(['c', 'a', 'b']);
    expect(sortRows(rows, (r) => r.n, 'desc').map((r) => r.id)).toEqual(['b', 'a', 'c']);
  });
  it('keeps empty values last in both directions', () => {
    expect(sortRows(rows, (r) => r.at, 'asc').map((r) => r.id)).toEqual(['b', 'a', 'c']);
    expect(sortRows(rows, (r) => r.at, 'desc').map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });
  it('toggles the direction on the same column and starts ascending on a new one', () => {
    expect(nextSort(null, 'name')).toEqual({ key: 'name', direction: 'asc' });
    expect(nextSort({ key: 'name', direction: 'asc' }, 'name')).toEqual({
      key: 'name',
      direction: 'desc',
    });
    expect(nextSort({ key: 'name', direction: 'desc' }, 'name')).toEqual({
      key: 'name',
      direction: 'asc',
    });
    expect(nextSort({ key: 'name', direction: 'desc' }, 'n')).toEqual({
      key: 'n',
      direction: 'asc',
    });
  });
  it('compares numerically inside strings', () => {
    expect(compareValues('Case 2', 'Case 10')).toBeLessThan(0);
  });
});

describe('selection', () => {
  it('select-all selects every visible row, then clears them', () => {
    const all = toggleAll(new Set(), ['a', 'b']);
    expect([...all]).toEqual(['a', 'b']);
    expect([...toggleAll(all, ['a', 'b'])]).toEqual([]);
    expect([...toggleAll(new Set(['a']), ['a', 'b'])].sort()).toEqual(['a', 'b']);
  });
  it('toggles one row and prunes rows that went away', () => {
    expect([...toggleOne(new Set(['a']), 'b')]).toEqual(['a', 'b']);
    expect([...toggleOne(new Set(['a']), 'a')]).toEqual([]);
    expect([...pruneSelection(new Set(['a', 'x']), ['a', 'b'])]).toEqual(['a']);
  });
});

describe('footer and virtual window', () => {
  it("reads 'Showing X of Y items'", () => {
    expect(showingText(2, 10)).toBe('Showing 2 of 10 items');
  });
  it('renders only the rows in view plus overscan', () => {
    expect(visibleWindow(10_000, 0, 600, 60, 5)).toEqual({ start: 0, end: 15 });
    expect(visibleWindow(10_000, 6000, 600, 60, 5)).toEqual({ start: 95, end: 115 });
    expect(visibleWindow(20, 6000, 600, 60, 5)).toEqual({ start: 95, end: 95 });
  });
});
