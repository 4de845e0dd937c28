/** Header badge labels. */
export type PageLabel =
  | 'Home'
  | 'Dashboard'
  | 'New Project'
  | 'Quick Upload'
  | '3D Demo'
  | '3D Viewer'
  | 'Admin Panel'
  | 'Settings'
  | 'Sign In'
  | 'Register'
  | 'Legal'
  | 'Page';

export const LEGAL_PATHS = ['/terms', '/privacy', '/cookies', '/gdpr'] as const;
export type LegalPath = (typeof LEGAL_PATHS)[number];

function normalise(pathname: string): string {
  const p = pathname.replace(/\/+$/, '');
  return p === '' ? '/' : p;
}

export function isLegalPath(pathname: string): pathname is LegalPath {
  return (LEGAL_PATHS as readonly string[]).includes(normalise(pathname));
}

/** True for /viewer and everything below it. */
export function isViewerPath(pathname: string): boolean {
  return /^\/viewer(\/|$)/.test(normalise(pathname));
}

/** The footer appears on every page except /viewer paths. */
export function showsFooter(pathname: string): boolean {
  return !isViewerPath(pathname);
}

/** The landing header appears only on /. */
export function isLandingPath(pathname: string): boolean {
  return normalise(pathname) === '/';
}

/** The header badge for a path; anything unknown (including 404s) is 'Page'. */
export function labelForPath(pathname: string): PageLabel {
  const p = normalise(pathname);
  switch (p) {
    case '/':
      return 'Home';
    case '/dashboard':
      return 'Dashboard';
    case '/projects/new':
      return 'New Project';
    case '/public-upload':
      return 'Quick Upload';
    case '/viewer/demo':
      return '3D Demo';
    case '/admin':
      return 'Admin Panel';
    case '/settings':
      return 'Settings';
    case '/login':
    case '/forgot-password':
    case '/reset-password':
      return 'Sign In';
    case '/register':
      return 'Register';
  }
  if (isLegalPath(p)) return 'Legal';
  if (/^\/viewer\/[^/]+$/.test(p)) return '3D Viewer';
  return 'Page';
}

/** A public project link: ids starting with pub_. */
export function isPublicProjectId(id: string): boolean {
  return id.startsWith('pub_');
}
