import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api/client';
import type { Project, ProjectStats } from '../../components/project/types';
import { FAILED_TO_FETCH_PROJECTS } from '../../messages';
import { toast } from '../../stores/useToastStore';

/** What an admin sees of the user whose dashboard they view (?userId=). */
export interface ViewedUser {
  name?: string;
  email?: string;
  companyName?: string;
}

export interface DashboardData {
  /** Null while the first load runs. */
  projects: Project[] | null;
  stats: ProjectStats | null;
  /** The viewed user (admins with ?userId=), else null. */
  viewedUser: ViewedUser | null;
  /** Loads the projects and the stats again (after a delete or a comment read). */
  reload: () => Promise<void>;
}

/**
 * The dashboard's data: the projects and stats of the signed-in user, or (admins) of
 * `viewedUserId`, and that user's details.
 */
export function useDashboardData(viewedUserId: string | null): DashboardData {
  const [projects, setProjects] = useState<Project[] | null>(null);
  const [stats, setStats] = useState<ProjectStats | null>(null);
  const [viewedUser, setViewedUser] = useState<ViewedUser | null>(null);
  const query = viewedUserId ? `?userId=${encodeURIComponent(viewedUserId)}` : '';

  const reload = useCallback(async () => {
    try {
      const [list, s] = await Promise.all([
        api.get<Project[]>(`/projects${query}`),
        api.get<ProjectStats>(`/projects/stats${query}`),
      ]);
      setProjects(list);
      setStats(s);
    } catch {
      toast.error(FAILED_TO_FETCH_PROJECTS);
      setProjects([]);
    }
  }, [query]);

  useEffect(() => {
    void reload();
  }, [reload]);

  useEffect(() => {
    if (!viewedUserId) return;
    api
      .get<ViewedUser | { user: ViewedUser }>(`/admin/users/${encodeURIComponent(viewedUserId)}`)
      .then((u) => setViewedUser('user' in u ? u.user : u))
      .catch(() => setViewedUser(null));
  }, [viewedUserId]);

  return { projects, stats, viewedUser: viewedUserId ? viewedUser : null, reload };
}
