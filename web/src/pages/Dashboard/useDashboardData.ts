import { useCallback, useEffect, useState } from 'react';
import { adminApi } from '../../api/admin';
import type { AdminUser, Project, ProjectStats } from '../../api/contract';
import { projectsApi } from '../../api/projects';
import { FAILED_TO_FETCH_PROJECTS } from '../../messages';
import { toast } from '../../stores/useToastStore';

/** What an admin sees of the user whose dashboard they view (?userId=). */
export type ViewedUser = Pick<AdminUser, 'name' | 'email' | 'companyName'>;

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

  const reload = useCallback(async () => {
    try {
      const [list, s] = await Promise.all([
        projectsApi.list(viewedUserId ?? undefined),
        projectsApi.stats(viewedUserId ?? undefined),
      ]);
      setProjects(list);
      setStats(s);
    } catch {
      toast.error(FAILED_TO_FETCH_PROJECTS);
      setProjects([]);
    }
  }, [viewedUserId]);

  useEffect(() => {
    void reload();
  }, [reload]);

  useEffect(() => {
    if (!viewedUserId) return;
    adminApi
      .user(viewedUserId)
      .then((r) => setViewedUser(r.user))
      .catch(() => setViewedUser(null));
  }, [viewedUserId]);

  return { projects, stats, viewedUser: viewedUserId ? viewedUser : null, reload };
}
