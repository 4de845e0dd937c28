import { useCallback, useEffect, useRef, useState } from 'react';
import { adminApi } from '../../api/admin';
import { ApiError } from '../../api/client';
import type { AdminProject } from '../../api/contract';
import { ACCESS_DENIED_ADMIN, FAILED_TO_LOAD_ADMIN_DATA } from '../../messages';
import { toast } from '../../stores/useToastStore';
import type { DataTableQuery, DataTableServer } from '../../ui/DataTable';
import {
  ADMIN_INITIAL_QUERY,
  ADMIN_PAGE_SIZE,
  ADMIN_SORT_DIRECTIONS,
  adminProjectQuery,
  narrows,
} from './adminProjectQuery';

export interface AdminProjectList {
  rows: AdminProject[];
  loading: boolean;
  /** The whole list's count, whatever the search (the tab's label); null while unknown. */
  count: number | null;
  /** What the table needs to ask the server. */
  server: DataTableServer;
  /** The rows shown, asked again (after a delete). */
  reload: () => Promise<void>;
}

const PAGE_MAX = 100;
const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

/**
 * One admin project table searched, sorted and paged by the server: the first page
 * of each question, "Load more" after it, and the unfiltered count for the tab.
 */
export function useAdminProjectList(kind: 'projects' | 'public'): AdminProjectList {
  const [query, setQuery] = useState<DataTableQuery>(ADMIN_INITIAL_QUERY);
  const [rows, setRows] = useState<AdminProject[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [count, setCount] = useState<number | null>(null);
  const [loading, setLoading] = useState(true);
  const [loadingMore, setLoadingMore] = useState(false);
  const abortRef = useRef<AbortController | null>(null);
  const shown = useRef(0);

  const load = useCallback(
    async (q: DataTableQuery, size: number) => {
      abortRef.current?.abort();
      const abort = new AbortController();
      abortRef.current = abort;
      setLoading(true);
      const now = Date.now();
      const limit = Math.min(Math.max(size, ADMIN_PAGE_SIZE), PAGE_MAX);
      try {
        const [page, all] = await Promise.all([
          adminApi.projectPage(kind, adminProjectQuery(q, { limit, offset: 0 }, now), abort.signal),
          narrows(q)
            ? adminApi.projectPage(
                kind,
                adminProjectQuery(ADMIN_INITIAL_QUERY, { limit: 1, offset: 0 }, now),
                abort.signal,
              )
            : null,
        ]);
        if (abort.signal.aborted) return;
        shown.current = page.items.length;
        setRows(page.items);
        setTotal(page.total);
        setCount(all ? all.total : page.total);
      } catch (err) {
        if (isAbort(err) || abort.signal.aborted) return;
        toast.error(
          err instanceof ApiError && err.status === 403
            ? ACCESS_DENIED_ADMIN
            : FAILED_TO_LOAD_ADMIN_DATA,
        );
      } finally {
        if (abortRef.current === abort) setLoading(false);
      }
    },
    [kind],
  );

  useEffect(() => {
    void load(query, ADMIN_PAGE_SIZE);
    return () => abortRef.current?.abort();
  }, [load, query]);

  const onLoadMore = useCallback(() => {
    const signal = abortRef.current?.signal;
    setLoadingMore(true);
    adminApi
      .projectPage(
        kind,
        adminProjectQuery(query, { limit: ADMIN_PAGE_SIZE, offset: shown.current }, Date.now()),
        signal,
      )
      .then((page) => {
        if (signal?.aborted) return;
        shown.current += page.items.length;
        setRows((list) => {
          const have = new Set(list.map((p) => p.id));
          return [...list, ...page.items.filter((p) => !have.has(p.id))];
        });
        setTotal(page.total);
      })
      .catch((err: unknown) => {
        if (!isAbort(err)) toast.error(FAILED_TO_LOAD_ADMIN_DATA);
      })
      .finally(() => setLoadingMore(false));
  }, [kind, query]);

  const reload = useCallback(() => load(query, shown.current), [load, query]);

  return {
    rows,
    loading,
    count,
    server: { onQuery: setQuery, total, sorts: ADMIN_SORT_DIRECTIONS, onLoadMore, loadingMore },
    reload,
  };
}
