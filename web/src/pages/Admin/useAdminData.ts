import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { ACCESS_DENIED_ADMIN, FAILED_TO_LOAD_ADMIN_DATA } from '../../messages';
import { toast } from '../../stores/useToastStore';
import { adminApi } from '../../api/admin';
import type { AdminStats, AdminUser } from '../../api/contract';

export interface AdminData {
  stats: AdminStats | null;
  users: AdminUser[];
  loading: boolean;
  /** Reloads stats and users in parallel (the project tables load their own pages). */
  reload: () => Promise<void>;
}

/**
 * The admin panel's stats and users, loaded together; a failure shows 'Failed to load admin
 * data'. The project tables are searched and paged by the server (`useAdminProjectList`).
 */
export function useAdminData(): AdminData {
  const [stats, setStats] = useState<AdminStats | null>(null);
  const [users, setUsers] = useState<AdminUser[]>([]);
  const [loading, setLoading] = useState(true);
  const generation = useRef(0);

  const reload = useCallback(async () => {
    const mine = ++generation.current;
    setLoading(true);
    try {
      const [s, u] = await Promise.all([adminApi.stats(), adminApi.users()]);
      if (mine !== generation.current) return;
      setStats(s);
      setUsers(u);
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

  return { stats, users, loading, reload };
}
