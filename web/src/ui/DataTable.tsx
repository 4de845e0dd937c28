import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode, UIEvent } from 'react';
import { Button } from './Button';
import { Icon } from './Icon';
import { Spinner } from './Spinner';
import { cx } from './classNames';
import {
  filterByDays,
  nextSort,
  pruneSelection,
  searchRows,
  showingText,
  sortRows,
  toggleAll,
  toggleOne,
  visibleWindow,
  type SortDirection,
  type SortState,
  type SortValue,
} from './dataTableModel';
import './dataTable.css';

export interface DataTableColumn<T> {
  /** Stable key; also the sort key. */
  key: string;
  /** Header text. */
  header: string;
  /** Cell content. */
  render: (row: T) => ReactNode;
  /** Value to sort by; without it the column is not sortable. */
  sortValue?: (row: T) => SortValue;
  /** Extra class on the header and cells (widths, alignment). */
  className?: string;
}

/** What the table asks of a server-side list (search, period, sort); the server pages the rows. */
export interface DataTableQuery {
  search: string;
  days: number | null;
  sort: SortState | null;
}

/**
 * A list searched, filtered, sorted and paged by the server: the table shows `rows`
 * as they come and reports each change of its controls through `onQuery`.
 */
export interface DataTableServer {
  onQuery: (query: DataTableQuery) => void;
  /** Rows matching the query in all (the answer's X-Total-Count); null while unknown. */
  total: number | null;
  /** The one direction the server sorts each sortable column in (key → direction). */
  sorts: Readonly<Record<string, SortDirection>>;
  onLoadMore: () => void;
  loadingMore: boolean;
}

export interface DataTableProps<T extends object> {
  /** Accessible name of the table. */
  label: string;
  rows: readonly T[];
  columns: readonly DataTableColumn<T>[];
  /** Unique id of a row (selection, React keys). */
  rowId: (row: T) => string;
  /** Shows a spinner instead of the rows while the first load runs. */
  loading?: boolean;
  /** Text when no row matches (spec: 'No users found', …). */
  emptyMessage: string;
  searchPlaceholder?: string;
  /** The row's date for the date filter; with `dateFilterDays` shows the filter. */
  dateOf?: (row: T) => string | number | Date | null | undefined;
  /** Offered periods in days besides 'All time' (admin: 7, 30, 90). */
  dateFilterDays?: readonly number[];
  /** Browser confirmation text for deleting these rows; required for the delete button. */
  deleteConfirmation?: (rows: T[]) => string;
  /** Deletes the rows after the confirmation; the selection is cleared afterwards. */
  onDeleteSelected?: (rows: T[]) => Promise<unknown> | void;
  /** Initial sort. */
  initialSort?: SortState;
  /** Fixed row height in px; rows are virtualised above `virtualizeAbove`. */
  rowHeight?: number;
  virtualizeAbove?: number;
  /** Height of the scrolling body in px when virtualised. */
  viewportHeight?: number;
  /** Search, filter, sort and paging done by the server; without it all happens here. */
  server?: DataTableServer;
  /** Test hook for the root. */
  'data-testid'?: string;
}

/** Typing settles this long before a server-side list is asked again. */
const SERVER_SEARCH_DEBOUNCE_MS = 300;

const DEFAULT_ROW_HEIGHT = 60;

/**
 * The one table of the admin panel: search over every field,
 * optional date filter, sortable columns, row selection with select-all, 'Delete Selected (n)'
 * behind a browser confirmation, footer counts, empty message and spinner. Large lists render
 * only the rows in view, so 10,000 rows filter as you type.
 */
export function DataTable<T extends object>({
  label,
  rows,
  columns,
  rowId,
  loading = false,
  emptyMessage,
  searchPlaceholder = 'Search...',
  dateOf,
  dateFilterDays,
  deleteConfirmation,
  onDeleteSelected,
  initialSort,
  rowHeight = DEFAULT_ROW_HEIGHT,
  virtualizeAbove = 100,
  viewportHeight = 640,
  server,
  'data-testid': testId,
}: DataTableProps<T>) {
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [days, setDays] = useState<number | null>(null);
  const [sort, setSort] = useState<SortState | null>(initialSort ?? null);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [deleting, setDeleting] = useState(false);
  const [scrollTop, setScrollTop] = useState(0);
  const scrollRef = useRef<HTMLDivElement>(null);

  const selectable = Boolean(onDeleteSelected && deleteConfirmation);
  const showDateFilter = Boolean(dateOf && dateFilterDays && dateFilterDays.length > 0);

  // Sorting runs only when the rows or the sort change; typing filters the sorted rows, which
  // keeps their order, so a keystroke costs one pass of substring checks.
  const sorted = useMemo(() => {
    if (server) return rows;
    const col = sort ? columns.find((c) => c.key === sort.key) : undefined;
    return sort && col?.sortValue ? sortRows(rows, col.sortValue, sort.direction) : rows;
  }, [rows, sort, columns, server]);

  const visible = useMemo(() => {
    if (server) return sorted.slice();
    const out = searchRows(sorted, deferredQuery);
    return dateOf && days !== null ? filterByDays(out, days, dateOf) : out;
  }, [sorted, deferredQuery, dateOf, days, server]);

  // Server-side: the search once typing settles; the period and the sort at once.
  const onQuery = server?.onQuery;
  const [search, setSearch] = useState('');
  useEffect(() => {
    if (!onQuery) return;
    const t = setTimeout(() => setSearch(query), SERVER_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [query, onQuery]);
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!onQuery) return;
    const next = { search: search.trim(), days, sort };
    const key = JSON.stringify(next);
    if (asked.current === null) {
      asked.current = key;
      return;
    }
    if (key === asked.current) return;
    asked.current = key;
    onQuery(next);
  }, [search, days, sort, onQuery]);
  const sortable = (c: DataTableColumn<T>) =>
    server ? Object.hasOwn(server.sorts, c.key) : Boolean(c.sortValue);
  const clickSort = (key: string) =>
    setSort((s) => {
      if (!server) return nextSort(s, key);
      return { key, direction: server.sorts[key] ?? 'asc' };
    });

  const visibleIds = useMemo(() => visible.map(rowId), [visible, rowId]);

  // Rows that disappeared (deleted, reloaded) leave the selection.
  useEffect(() => {
    setSelected((s) => (s.size === 0 ? s : pruneSelection(s, rows.map(rowId))));
  }, [rows, rowId]);

  const selectedRows = useMemo(
    () => visible.filter((_r, i) => selected.has(visibleIds[i]!)),
    [visible, visibleIds, selected],
  );
  const allSelected = visible.length > 0 && selectedRows.length === visible.length;
  const someSelected = selectedRows.length > 0 && !allSelected;

  const selectAllRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAllRef.current) selectAllRef.current.indeterminate = someSelected;
  }, [someSelected]);

  const virtual = visible.length > virtualizeAbove;
  const window_ = virtual
    ? visibleWindow(visible.length, scrollTop, viewportHeight, rowHeight)
    : { start: 0, end: visible.length };

  // A new filter starts at the top of the list.
  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
    setScrollTop(0);
  }, [deferredQuery, days, sort]);

  const onScroll = useCallback(
    (e: UIEvent<HTMLDivElement>) => {
      if (virtual) setScrollTop(e.currentTarget.scrollTop);
    },
    [virtual],
  );

  const deleteSelected = async () => {
    if (!onDeleteSelected || !deleteConfirmation || selectedRows.length === 0) return;
    if (!window.confirm(deleteConfirmation(selectedRows))) return;
    setDeleting(true);
    try {
      await onDeleteSelected(selectedRows);
      setSelected(new Set());
    } finally {
      setDeleting(false);
    }
  };

  const colCount = columns.length + (selectable ? 1 : 0);

  return (
    <div className="data-table" data-testid={testId}>
      <div className="data-table__toolbar">
        <label className="data-table__search">
          <span className="visually-hidden">Search</span>
          <input
            type="search"
            value={query}
            placeholder={searchPlaceholder}
            onChange={(e) => setQuery(e.target.value)}
            aria-label={`Search ${label}`}
          />
        </label>
        {showDateFilter ? (
          <label className="data-table__date">
            <span className="visually-hidden">Date filter</span>
            <select
              aria-label="Date filter"
              value={days === null ? 'all' : String(days)}
              onChange={(e) => setDays(e.target.value === 'all' ? null : Number(e.target.value))}
            >
              <option value="all">All time</option>
              {dateFilterDays!.map((d) => (
                <option key={d} value={String(d)}>
                  Last {d} days
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {loading && rows.length > 0 ? <Spinner size="sm" label="Refreshing" /> : null}
        {selectable && selectedRows.length > 0 ? (
          <Button
            variant="danger"
            size="sm"
            icon="x"
            loading={deleting}
            onClick={() => void deleteSelected()}
            className="data-table__delete"
          >
            Delete Selected ({selectedRows.length})
          </Button>
        ) : null}
      </div>

      <div
        ref={scrollRef}
        className={cx('data-table__scroll', virtual && 'data-table__scroll--virtual')}
        style={virtual ? { maxHeight: viewportHeight } : undefined}
        onScroll={onScroll}
      >
        <table className="data-table__table" aria-label={label} aria-rowcount={visible.length + 1}>
          <thead>
            <tr>
              {selectable ? (
                <th className="data-table__check" scope="col">
                  <input
                    ref={selectAllRef}
                    type="checkbox"
                    aria-label="Select all"
                    checked={allSelected}
                    disabled={visible.length === 0}
                    onChange={() => setSelected((s) => toggleAll(s, visibleIds))}
                  />
                </th>
              ) : null}
              {columns.map((c) => {
                const active = sort?.key === c.key;
                const ariaSort = active
                  ? sort.direction === 'asc'
                    ? 'ascending'
                    : 'descending'
                  : undefined;
                return (
                  <th key={c.key} scope="col" className={c.className} aria-sort={ariaSort}>
                    {sortable(c) ? (
                      <button
                        type="button"
                        className={cx('data-table__sort', active && 'data-table__sort--active')}
                        onClick={() => clickSort(c.key)}
                      >
                        {c.header}
                        <span
                          className={cx(
                            'data-table__sort-icon',
                            active && sort.direction === 'desc' && 'data-table__sort-icon--desc',
                          )}
                          aria-hidden="true"
                        >
                          <Icon name="chevron-down" size="sm" />
                        </span>
                      </button>
                    ) : (
                      c.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {loading && rows.length === 0 ? (
              <tr>
                <td colSpan={colCount} className="data-table__state">
                  <Spinner size="lg" label="Loading" />
                </td>
              </tr>
            ) : visible.length === 0 ? (
              <tr>
                <td colSpan={colCount} className="data-table__state">
                  {emptyMessage}
                </td>
              </tr>
            ) : (
              <>
                {window_.start > 0 ? (
                  <tr aria-hidden="true" style={{ height: window_.start * rowHeight }}>
                    <td colSpan={colCount} />
                  </tr>
                ) : null}
                {visible.slice(window_.start, window_.end).map((row, i) => {
                  const id = visibleIds[window_.start + i]!;
                  const isSelected = selected.has(id);
                  return (
                    <tr
                      key={id}
                      data-row-id={id}
                      aria-rowindex={window_.start + i + 2}
                      aria-selected={selectable ? isSelected : undefined}
                      className={cx(isSelected && 'data-table__row--selected')}
                      style={virtual ? { height: rowHeight } : undefined}
                    >
                      {selectable ? (
                        <td className="data-table__check">
                          <input
                            type="checkbox"
                            aria-label="Select row"
                            checked={isSelected}
                            onChange={() => setSelected((s) => toggleOne(s, id))}
                          />
                        </td>
                      ) : null}
                      {columns.map((c) => (
                        <td key={c.key} className={c.className}>
                          {c.render(row)}
                        </td>
                      ))}
                    </tr>
                  );
                })}
                {window_.end < visible.length ? (
                  <tr
                    aria-hidden="true"
                    style={{ height: (visible.length - window_.end) * rowHeight }}
                  >
                    <td colSpan={colCount} />
                  </tr>
                ) : null}
              </>
            )}
          </tbody>
        </table>
      </div>

      <div className="data-table__footer">
        <span data-testid="data-table-showing">
          {showingText(visible.length, server ? (server.total ?? rows.length) : rows.length)}
        </span>
        {server && server.total !== null && rows.length < server.total ? (
          <Button size="sm" loading={server.loadingMore} onClick={server.onLoadMore}>
            Load more
          </Button>
        ) : null}
        {selectable ? (
          <span data-testid="data-table-selected">{selectedRows.length} selected</span>
        ) : null}
      </div>
    </div>
  );
}
