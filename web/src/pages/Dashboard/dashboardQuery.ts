/**
 * The dashboard's filters as the address bar holds them and as the list call sends
 * them: pure, so the round trip URL ↔ filters ↔ API query is unit-tested.
 *
 * The address keeps what a person chose (`?q=…&status=…&needs=answer&from=…&to=…&sort=…`, the
 * admin's `userId` kept beside them); the list call adds the page (`limit`, `offset`).
 */
import type { ListSort, ProjectSearchQuery } from '../../api/contract';
import type { ProjectStatus } from '../../../../api/src/domain/project';
import type { SEARCH_MAX_CHARS } from '../../../../api/src/contract/dashboard';

/** The contract's limit, checked against it by the type. */
const SEARCH_MAX: typeof SEARCH_MAX_CHARS = 100;

/** Projects per "Load more". */
export const DASHBOARD_PAGE_SIZE = 24;

export interface DashboardFilters {
  /** As typed (the call sends it trimmed). */
  q: string;
  /** A key of `STATUS_CHOICES`, or '' for every status. */
  status: StatusChoice | '';
  needsAnswer: boolean;
  /** Calendar days `YYYY-MM-DD`, or ''. */
  from: string;
  to: string;
  sort: ListSort;
}

/** The status filter as people read statuses: one choice, its stored values. */
export const STATUS_CHOICES = {
  pending: { label: 'Pending Review', statuses: ['pending', 'pending_review'] },
  changes: { label: 'Changes Requested', statuses: ['pending_revision'] },
  approved: { label: 'Approved', statuses: ['approved'] },
} as const satisfies Record<string, { label: string; statuses: readonly ProjectStatus[] }>;
export type StatusChoice = keyof typeof STATUS_CHOICES;

/** The sort menu; the dashboard opens on the last activity. */
export const SORT_LABELS: Record<ListSort, string> = {
  activity: 'Last activity',
  created: 'Newest',
  name: 'Name (A–Z)',
};
export const DEFAULT_SORT: ListSort = 'activity';

export const EMPTY_FILTERS: DashboardFilters = {
  q: '',
  status: '',
  needsAnswer: false,
  from: '',
  to: '',
  sort: DEFAULT_SORT,
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const isSort = (v: string | null): v is ListSort => v !== null && Object.hasOwn(SORT_LABELS, v);
const isChoice = (v: string | null): v is StatusChoice =>
  v !== null && Object.hasOwn(STATUS_CHOICES, v);

/** The status choice whose stored values are exactly `param` (`pending,pending_review`). */
function choiceOf(param: string | null): StatusChoice | '' {
  if (!param) return '';
  if (isChoice(param)) return param;
  const asked = param.split(',').filter(Boolean).sort().join(',');
  for (const [key, c] of Object.entries(STATUS_CHOICES)) {
    if ([...c.statuses].sort().join(',') === asked && isChoice(key)) return key;
  }
  return '';
}

const day = (v: string | null): string => (v && DAY.test(v) ? v : '');

/** Filters from the address (anything unknown or malformed is left out). */
export function filtersFromParams(params: URLSearchParams): DashboardFilters {
  const sort = params.get('sort');
  return {
    q: (params.get('q') ?? '').slice(0, SEARCH_MAX),
    status: choiceOf(params.get('status')),
    needsAnswer: params.get('needs') === 'answer',
    from: day(params.get('from')),
    to: day(params.get('to')),
    sort: isSort(sort) ? sort : DEFAULT_SORT,
  };
}

type QueryParam = keyof ProjectSearchQuery;

/** The filters as query parameters (defaults left out), in a stable order. */
function filterEntries(f: DashboardFilters): [QueryParam, string][] {
  const out: [QueryParam, string][] = [];
  const q = f.q.trim();
  if (q) out.push(['q', q]);
  if (f.status) out.push(['status', STATUS_CHOICES[f.status].statuses.join(',')]);
  if (f.needsAnswer) out.push(['needs', 'answer']);
  if (f.from) out.push(['from', f.from]);
  if (f.to) out.push(['to', f.to]);
  return out;
}

/**
 * The address for `filters`, keeping the other parameters of `current` (an admin's `userId`).
 * The default sort stays out of the address; the search stays as typed.
 */
export function filtersToParams(
  filters: DashboardFilters,
  current: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of ['q', 'status', 'needs', 'from', 'to', 'sort']) next.delete(key);
  const q = filters.q.slice(0, SEARCH_MAX);
  if (q.trim()) next.set('q', q);
  for (const [k, v] of filterEntries(filters)) if (k !== 'q') next.set(k, v);
  if (filters.sort !== DEFAULT_SORT) next.set('sort', filters.sort);
  return next;
}

/** True when any filter narrows the list (the sort does not). */
export function hasFilters(f: DashboardFilters): boolean {
  return filterEntries(f).length > 0;
}

/** The query string of one page of `GET /api/projects` (without the `?`). */
export function listQuery(
  filters: DashboardFilters,
  page: { limit: number; offset: number; userId?: string | null },
): string {
  const q = new URLSearchParams();
  if (page.userId) q.set('userId' satisfies QueryParam, page.userId);
  for (const [k, v] of filterEntries(filters)) q.set(k, v);
  q.set('sort' satisfies QueryParam, filters.sort);
  q.set('limit' satisfies QueryParam, String(page.limit));
  q.set('offset' satisfies QueryParam, String(page.offset));
  return q.toString();
}

/** Two filter states ask the server the same question. */
export function sameQuery(a: DashboardFilters, b: DashboardFilters): boolean {
  return listQuery(a, { limit: 1, offset: 0 }) === listQuery(b, { limit: 1, offset: 0 });
}
