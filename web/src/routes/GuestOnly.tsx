import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSessionStore } from '../stores/useSessionStore';
import { LoadingBlock } from '../ui/LoadingBlock';
import { redirectTarget } from '../navigation/redirectTarget';

/**
 * /login and /register: signed-in users go on — back to the page that sent them to sign in,
 * else /dashboard. A successful login therefore needs no navigation of its own.
 */
export function GuestOnly() {
  const status = useSessionStore((s) => s.status);
  const location = useLocation();
  if (status === 'loading') return <LoadingBlock />;
  if (status === 'authenticated') return <Navigate to={redirectTarget(location.state)} replace />;
  return <Outlet />;
}
