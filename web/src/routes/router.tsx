import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RootLayout } from '../layout/RootLayout';
import { NotFoundPage } from '../pages/NotFound/NotFoundPage';
import { LoadingBlock } from '../ui/LoadingBlock';
import { GuestOnly } from './GuestOnly';
import { setNavigator } from '../navigation/navigator';
import { RequireAdmin } from './RequireAdmin';
import { RequireAuth } from './RequireAuth';
import { RouteError } from './RouteError';
import { LEGAL_PATHS } from '../navigation/routeMeta';
import { firstFrameSettled } from '../viewer/boot/firstFrame';

/**
 * The viewer brings three.js: its code loads only when a viewer route is opened. Through the
 * router's `lazy`, so the route renders once, with its code there — a Suspense fallback would be
 * shown first and its replacement held back by React's reveal throttling (up to 300 ms). The
 * entry chunk starts the same import on a viewer link (src/start.ts), as soon as the
 * page's first frame (if any) is on screen (viewer/boot/firstFrame.ts).
 */
const viewer: Pick<RouteObject, 'lazy' | 'hydrateFallbackElement'> = {
  lazy: async () => {
    // On a public link whose first frame the early script draws, once that frame is on screen.
    await firstFrameSettled();
    return { Component: (await import('../pages/Viewer/ViewerPage')).ViewerPage };
  },
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
 * Every other screen loads with its route too: the entry chunk holds the router, the frame and
 * the shared UI, so a doctor's viewer link downloads and compiles none of the lab's screens
 * before its first frame (tests/int/web/viewerScriptBudget.test.ts keeps a budget for it).
 */
type Lazy = Pick<RouteObject, 'lazy' | 'hydrateFallbackElement'>;
const page = (load: () => Promise<{ Component: RouteObject['Component'] }>): Lazy => ({
  lazy: load,
  hydrateFallbackElement: <LoadingBlock />,
});
const login = page(async () => ({
  Component: (await import('../pages/Login/LoginPage')).LoginPage,
}));
const register = page(async () => ({
  Component: (await import('../pages/Register/RegisterPage')).RegisterPage,
}));
const forgotPassword = page(async () => ({
  Component: (await import('../pages/ForgotPassword/ForgotPasswordPage')).ForgotPasswordPage,
}));
const verifyEmail = page(async () => ({
  Component: (await import('../pages/VerifyEmail/VerifyEmailPage')).VerifyEmailPage,
}));
const resetPassword = page(async () => ({
  Component: (await import('../pages/ResetPassword/ResetPasswordPage')).ResetPasswordPage,
}));
const publicUpload = page(async () => ({
  Component: (await import('../pages/PublicUpload/PublicUploadPage')).PublicUploadPage,
}));
const dashboard = page(async () => ({
  Component: (await import('../pages/Dashboard/DashboardPage')).DashboardPage,
}));
const newProject = page(async () => ({
  Component: (await import('../pages/NewProject/NewProjectPage')).NewProjectPage,
}));
const projectHistory = page(async () => ({
  Component: (await import('../pages/ProjectHistory/ProjectHistoryPage')).ProjectHistoryPage,
}));
const settings = page(async () => ({
  Component: (await import('../pages/Settings/SettingsPage')).SettingsPage,
}));
const admin = page(async () => ({
  Component: (await import('../pages/Admin/AdminPage')).AdminPage,
}));

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

/** Every route of the app. */
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
              { path: '/login', ...login },
              { path: '/register', ...register },
              { path: '/forgot-password', ...forgotPassword },
            ],
          },
          { path: '/verify-email', ...verifyEmail },
          // Open to signed-in visitors too: a reset ends every session anyway.
          { path: '/reset-password', ...resetPassword },
          { path: '/public-upload', ...publicUpload },
          {
            element: <RequireAuth />,
            children: [
              { path: '/dashboard', ...dashboard },
              { path: '/projects/new', ...newProject },
              { path: '/projects/:id/history', ...projectHistory },
              { path: '/settings', ...settings },
              {
                element: <RequireAdmin />,
                children: [{ path: '/admin', ...admin }],
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
