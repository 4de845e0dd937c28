import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { ACCESS_DENIED_ADMIN } from '../messages';
import { useSessionStore } from '../stores/useSessionStore';
import { toast } from '../stores/useToastStore';

/** /admin: a signed-in non-admin is told so (`messages.ts`) and goes to /dashboard. */
export function RequireAdmin() {
  const isAdmin = useSessionStore((s) => s.user?.role === 'admin');
  useEffect(() => {
    if (!isAdmin) toast.error(ACCESS_DENIED_ADMIN);
  }, [isAdmin]);
  if (!isAdmin) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
