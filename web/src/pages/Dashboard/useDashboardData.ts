import { useCallback, useEffect, useRef, useState } from 'react';
import type { LIST_PAGE_MAX } from '../../../../api/src/contract/dashboard';
import { adminApi } from '../../api/admin';
import type { AdminUser, AttentionItem, Project, ProjectStats } from '../../api/contract';
import { projectsApi } from '../../api/projects';
import { FAILED_TO_FETCH_PROJECTS } from '../../messages';
import { toast } from '../../stores/useToastStore';
import { readLastVisit, writeLastVisit } from './attention';
import { DASHBOARD_PAGE_SIZE, listQuery, type DashboardFilters } from './dashboardQuery';

/** What an admin sees of the user whose dashboard they view (?userId=). */
export type ViewedUser = Pick<AdminUser, 'name' | 'email' | 'companyName'>;

/** The contract's page limit, checked against it by the type. */
const PAGE_MAX: typeof LIST_PAGE_MAX = 100;

export interface DashboardData {
  /** Null while the first page of these filters loads. */
  projects: Project[] | null;
  /** Projects matching the filters in all (null: the server gave the whole list at once). */
  total: number | null;
  loadingMore: boolean;
  stats: ProjectStats | null;
  /** "Needs attention" (own dashboard only); null while it loads. */
  attention: AttentionItem[] | null;
  /** The viewed user (admins with ?userId=), else null. */
  viewedUser: ViewedUser | null;
  /** The next page ("Load more"). */
  loadMore: () => Promise<void>;
  /** Loads what is shown again (after a delete, a comment read, a new version). */
  reload: () => Promise<void>;
}

const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

/**
 * The dashboard's data: one page after another of the signed-in user's projects (or, admins, of
 * `viewedUserId`'s) matching `filters`, the stats, what needs attention since the last visit,
 * and the viewed user's details. A newer question cancels an older one still running.
 */
export function useDashboardData(
  viewedUserId: string | null,
  filters: DashboardFilters,
): DashboardData {
  const [projects, setProjects] = useState<Project[] | null>(null);
  const [total, setTotal] = useState<number | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [stats, setStats] = useState<ProjectStats | null>(null);
  const [attention, setAttention] = useState<AttentionItem[] | null>(null);
  const [viewedUser, setViewedUser] = useState<ViewedUser | null>(null);
  const listAbort = useRef<AbortController | null>(null);
  const shown = useRef(0);
  // The previous visit, read once per page load (the visit itself is written right after).
  const [since] = useState(() => (viewedUserId ? null : readLastVisit()));

  useEffect(() => {
    if (!viewedUserId) writeLastVisit(new Date().toISOString());
  }, [viewedUserId]);

  /** Rows [0, count) of the list for the current filters, replacing what is shown. */
  const loadFirst = useCallback(
    async (count: number) => {
      listAbort.current?.abort();
      const abort = new AbortController();
      listAbort.current = abort;
      const limit = Math.min(Math.max(count, DASHBOARD_PAGE_SIZE), PAGE_MAX);
      try {
        const page = await projectsApi.search(
          listQuery(filters, { limit, offset: 0, userId: viewedUserId }),
          abort.signal,
        );
        if (abort.signal.aborted) return;
        shown.current = page.items.length;
        setProjects(page.items);
        setTotal(page.total);
      } catch (err) {
        if (isAbort(err) || abort.signal.aborted) return;
        toast.error(FAILED_TO_FETCH_PROJECTS);
        setProjects([]);
        setTotal(0);
      }
    },
    [filters, viewedUserId],
  );

  const loadSide = useCallback(async () => {
    const [s, a] = await Promise.allSettled([
      projectsApi.stats(viewedUserId ?? undefined),
      viewedUserId ? Promise.resolve(null) : projectsApi.attention(since),
    ]);
    if (s.status === 'fulfilled') setStats(s.value);
    // A failed attention call hides the strip rather than claim nothing waits.
    setAttention(a.status === 'fulfilled' && a.value ? a.value.items : null);
  }, [viewedUserId, since]);

  // A new question starts again at its first page.
  useEffect(() => {
    setProjects(null);
    setTotal(null);
    void loadFirst(DASHBOARD_PAGE_SIZE);
    return () => listAbort.current?.abort();
  }, [loadFirst]);

  useEffect(() => {
    void loadSide();
  }, [loadSide]);

  const loadMore = useCallback(async () => {
    const abort = listAbort.current ?? new AbortController();
    setLoadingMore(true);
    try {
      const page = await projectsApi.search(
        listQuery(filters, {
          limit: DASHBOARD_PAGE_SIZE,
          offset: shown.current,
          userId: viewedUserId,
        }),
        abort.signal,
      );
      if (abort.signal.aborted) return;
      shown.current += page.items.length;
      setProjects((list) => {
        const have = new Set((list ?? []).map((p) => p.id));
        return [...(list ?? []), ...page.items.filter((p) => !have.has(p.id))];
      });
      setTotal(page.total);
    } catch (err) {
      if (!isAbort(err)) toast.error(FAILED_TO_FETCH_PROJECTS);
    } finally {
      setLoadingMore(false);
    }
  }, [filters, viewedUserId]);

  const reload = useCallback(async () => {
    await Promise.all([loadFirst(shown.current), loadSide()]);
  }, [loadFirst, loadSide]);

  useEffect(() => {
    if (!viewedUserId) return;
    adminApi
      .user(viewedUserId)
      .then((r) => setViewedUser(r.user))
      .catch(() => setViewedUser(null));
  }, [viewedUserId]);

  return {
    projects,
    total,
    loadingMore,
    stats,
    attention,
    viewedUser: viewedUserId ? viewedUser : null,
    loadMore,
    reload,
  };
}
