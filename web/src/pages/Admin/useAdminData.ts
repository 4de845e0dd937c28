import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { ACCESS_DENIED_ADMIN, FAILED_TO_LOAD_ADMIN_DATA } from '../../messages';
import { toast } from '../../stores/useToastStore';
import { adminApi } from '../../api/admin';
import type { AdminProject, AdminStats, AdminUser } from '../../api/contract';

export interface AdminData {
  stats: AdminStats | null;
  users: AdminUser[];
  projects: AdminProject[];
  publicProjects: AdminProject[];
  loading: boolean;
  /** Reloads stats, users, projects and public projects in parallel (spec §7). */
  reload: () => Promise<void>;
}

/** The admin panel's four lists, loaded together; a failure shows 'Failed to load admin data'. */
export function useAdminData(): AdminData {
  const [stats, setStats] = useState<AdminStats | null>(null);
  const [users, setUsers] = useState<AdminUser[]>([]);
  const [projects, setProjects] = useState<AdminProject[]>([]);
  const [publicProjects, setPublicProjects] = useState<AdminProject[]>([]);
  const [loading, setLoading] = useState(true);
  const generation = useRef(0);

  const reload = useCallback(async () => {
    const mine = ++generation.current;
    setLoading(true);
    try {
      const [s, u, p, pp] = await Promise.all([
        adminApi.stats(),
        adminApi.users(),
        adminApi.projects(),
        adminApi.publicProjects(),
      ]);
      if (mine !== generation.current) return;
      setStats(s);
      setUsers(u);
      setProjects(p);
      setPublicProjects(pp);
    } catch (err) {
      if (mine !== generation.current) return;
      toast.error(
        err instanceof ApiError && err.status === 403
          ? ACCESS_DENIED_ADMIN
          : FAILED_TO_LOAD_ADMIN_DATA,
      );
    } finally {
      if (mine === generation.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { stats, users, projects, publicProjects, loading, reload };
}
