import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RootLayout } from '../layout/RootLayout';
import { AdminPage } from '../pages/Admin/AdminPage';
import { DashboardPage } from '../pages/Dashboard/DashboardPage';
import { LandingPage } from '../pages/Landing/LandingPage';
import { LegalPage } from '../pages/Legal/LegalPage';
import { LoginPage } from '../pages/Login/LoginPage';
import { NewProjectPage } from '../pages/NewProject/NewProjectPage';
import { NotFoundPage } from '../pages/NotFound/NotFoundPage';
import { ProjectHistoryPage } from '../pages/ProjectHistory/ProjectHistoryPage';
import { PublicUploadPage } from '../pages/PublicUpload/PublicUploadPage';
import { RegisterPage } from '../pages/Register/RegisterPage';
import { VerifyEmailPage } from '../pages/VerifyEmail/VerifyEmailPage';
import { LoadingBlock } from '../ui/LoadingBlock';
import { GuestOnly } from './GuestOnly';
import { setNavigator } from './navigator';
import { RequireAdmin } from './RequireAdmin';
import { RequireAuth } from './RequireAuth';
import { RouteError } from './RouteError';
import { LEGAL_PATHS } from './routeMeta';

// The viewer brings three.js: load it only when a viewer route is opened.
const ViewerPage = lazy(() =>
  import('../pages/Viewer/ViewerPage').then((m) => ({ default: m.ViewerPage })),
);

const viewer = (
  <Suspense fallback={<LoadingBlock />}>
    <ViewerPage />
  </Suspense>
);

/** The spec's §2 route table. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        // Errors inside a page keep the header and footer around the error screen.
        errorElement: <RouteError />,
        children: [
          { path: '/', element: <LandingPage /> },
          {
            element: <GuestOnly />,
            children: [
              { path: '/login', element: <LoginPage /> },
              { path: '/register', element: <RegisterPage /> },
            ],
          },
          { path: '/verify-email', element: <VerifyEmailPage /> },
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
          { path: '/viewer/demo', element: viewer },
          { path: '/viewer/:projectId', element: viewer },
          ...LEGAL_PATHS.map((path) => ({ path, element: <LegalPage /> })),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  setNavigator((to) => {
    void router.navigate(to);
  });
  return router;
}
