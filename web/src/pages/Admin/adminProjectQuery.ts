/**
 * The admin project tables' questions to the server: the table's search, period and
 * sort as the query of `GET /api/admin/projects` and `/api/admin/public-projects`. Pure.
 */
import type { ListSort, ProjectSearchQuery } from '../../api/contract';
import type { DataTableQuery } from '../../ui/DataTable';
import type { SortDirection } from '../../ui/dataTableModel';
import type { SEARCH_MAX_CHARS } from '../../../../api/src/contract/dashboard';

/** The contract's limit, checked against it by the type. */
const SEARCH_MAX: typeof SEARCH_MAX_CHARS = 100;

/** Rows per "Load more". */
export const ADMIN_PAGE_SIZE = 50;

/** The columns the server sorts, each in its one direction, and the sort it asks for. */
const SERVER_SORTS = {
  project: { sort: 'name', direction: 'asc' },
  created: { sort: 'created', direction: 'desc' },
} as const satisfies Record<string, { sort: ListSort; direction: SortDirection }>;

/** Column key → direction, for the table's headers. */
export const ADMIN_SORT_DIRECTIONS: Readonly<Record<string, SortDirection>> = Object.fromEntries(
  Object.entries(SERVER_SORTS).map(([k, v]) => [k, v.direction]),
);

export const ADMIN_INITIAL_QUERY: DataTableQuery = {
  search: '',
  days: null,
  sort: { key: 'created', direction: 'desc' },
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** True when the query narrows the list (the sort does not). */
export function narrows(q: DataTableQuery): boolean {
  return q.search.trim() !== '' || q.days !== null;
}

/** The query string (without `?`) of one page; `now` fixes where "the last N days" start. */
export function adminProjectQuery(
  q: DataTableQuery,
  page: { limit: number; offset: number },
  now: number,
): string {
  const out = new URLSearchParams();
  const set = (k: keyof ProjectSearchQuery, v: string) => out.set(k, v);
  const search = q.search.trim().slice(0, SEARCH_MAX);
  if (search) set('q', search);
  if (q.days !== null) set('from', new Date(now - q.days * DAY_MS).toISOString());
  const key = q.sort?.key;
  const sort =
    key && Object.hasOwn(SERVER_SORTS, key)
      ? SERVER_SORTS[key as keyof typeof SERVER_SORTS]
      : undefined;
  set('sort', sort?.sort ?? 'created');
  set('limit', String(page.limit));
  set('offset', String(page.offset));
  return out.toString();
}
