/** Where a sign-in should lead: back to the guarded page the visitor came from, else /dashboard. */
export function redirectTarget(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (!from || typeof from !== 'object') return '/dashboard';
  const { pathname, search, hash } = from as {
    pathname?: unknown;
    search?: unknown;
    hash?: unknown;
  };
  // Only same-app paths; never back to the sign-in pages themselves.
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//')) {
    return '/dashboard';
  }
  if (pathname === '/login' || pathname === '/register') return '/dashboard';
  return (
    pathname + (typeof search === 'string' ? search : '') + (typeof hash === 'string' ? hash : '')
  );
}
