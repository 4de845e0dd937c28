import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RootLayout } from '../layout/RootLayout';
import { AdminPage } from '../pages/Admin/AdminPage';
import { DashboardPage } from '../pages/Dashboard/DashboardPage';
import { ForgotPasswordPage } from '../pages/ForgotPassword/ForgotPasswordPage';
import { LoginPage } from '../pages/Login/LoginPage';
import { NewProjectPage } from '../pages/NewProject/NewProjectPage';
import { NotFoundPage } from '../pages/NotFound/NotFoundPage';
import { ProjectHistoryPage } from '../pages/ProjectHistory/ProjectHistoryPage';
import { PublicUploadPage } from '../pages/PublicUpload/PublicUploadPage';
import { RegisterPage } from '../pages/Register/RegisterPage';
import { ResetPasswordPage } from '../pages/ResetPassword/ResetPasswordPage';
import { VerifyEmailPage } from '../pages/VerifyEmail/VerifyEmailPage';
import { LoadingBlock } from '../ui/LoadingBlock';
import { GuestOnly } from './GuestOnly';
import { setNavigator } from './navigator';
import { RequireAdmin } from './RequireAdmin';
import { RequireAuth } from './RequireAuth';
import { RouteError } from './RouteError';
import { LEGAL_PATHS } from './routeMeta';

/**
 * The viewer brings three.js: its code loads only when a viewer route is opened. Through the
 * router's `lazy`, so the route renders once, with its code there — a Suspense fallback would be
 * shown first and its replacement held back by React's reveal throttling (up to 300 ms). The
 * entry chunk starts the same import on a viewer link (viewer/boot/start.ts).
 */
const viewer: Pick<RouteObject, 'lazy' | 'hydrateFallbackElement'> = {
  lazy: async () => ({ Component: (await import('../pages/Viewer/ViewerPage')).ViewerPage }),
  hydrateFallbackElement: <LoadingBlock />,
};

/**
 * The landing and legal pages are long and carry style sheets no other screen uses: loaded with
 * their route, so the signed-in app never downloads them and they never style another page.
 */
const landing: Pick<RouteObject, 'lazy' | 'hydrateFallbackElement'> = {
  lazy: async () => ({ Component: (await import('../pages/Landing/LandingPage')).LandingPage }),
  hydrateFallbackElement: <LoadingBlock />,
};
const legal: Pick<RouteObject, 'lazy' | 'hydrateFallbackElement'> = {
  lazy: async () => ({ Component: (await import('../pages/Legal/LegalPage')).LegalPage }),
  hydrateFallbackElement: <LoadingBlock />,
};

/**
 * Paths are case-sensitive, as the server's routes and the share tokens in them are:
 * `/Viewer/<token>` is the 404 page, not a viewer that opens the project.
 */
function caseSensitive(table: RouteObject[]): RouteObject[] {
  return table.map((r) =>
    r.index
      ? { ...r, caseSensitive: true }
      : {
          ...r,
          caseSensitive: true,
          ...(r.children ? { children: caseSensitive(r.children) } : {}),
        },
  );
}

/** The spec's §2 route table, plus forgot and reset password. */
export const routes: RouteObject[] = caseSensitive([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        // Errors inside a page keep the header and footer around the error screen.
        errorElement: <RouteError />,
        children: [
          { path: '/', ...landing },
          {
            element: <GuestOnly />,
            children: [
              { path: '/login', element: <LoginPage /> },
              { path: '/register', element: <RegisterPage /> },
              { path: '/forgot-password', element: <ForgotPasswordPage /> },
            ],
          },
          { path: '/verify-email', element: <VerifyEmailPage /> },
          // Open to signed-in visitors too: a reset ends every session anyway.
          { path: '/reset-password', element: <ResetPasswordPage /> },
          { path: '/public-upload', element: <PublicUploadPage /> },
          {
            element: <RequireAuth />,
            children: [
              { path: '/dashboard', element: <DashboardPage /> },
              { path: '/projects/new', element: <NewProjectPage /> },
              { path: '/projects/:id/history', element: <ProjectHistoryPage /> },
              {
                element: <RequireAdmin />,
                children: [{ path: '/admin', element: <AdminPage /> }],
              },
            ],
          },
          { path: '/viewer/demo', ...viewer },
          { path: '/viewer/:projectId', ...viewer },
          ...LEGAL_PATHS.map((path) => ({ path, ...legal })),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  setNavigator((to) => {
    void router.navigate(to);
  });
  return router;
}
