import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSessionStore } from '../stores/useSessionStore';
import { LoadingBlock } from '../ui/LoadingBlock';

/**
 * Protected routes: 'Loading...' while the session resolves, then unauthenticated visitors go
 * to /login with the origin in `state.from`, so signing in brings them back.
 */
export function RequireAuth() {
  const status = useSessionStore((s) => s.status);
  const location = useLocation();
  if (status === 'loading') return <LoadingBlock />;
  if (status === 'unauthenticated') {
    return <Navigate to="/login" replace state={{ from: location }} />;
  }
  return <Outlet />;
}
