import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useRouteError, type RouteObject } from 'react-router-dom';
import { SignInLayout } from '../features/sign-in/sign-in-layout';
import { RequireSession } from '../features/session/require-session';
import { FullPageMessage } from './full-page-message';

// Everything behind the sign-in page is split into chunks, so the sign-in page stays light.
const SignInPage = lazy(() => import('../routes/sign-in'));
const SignInMfaPage = lazy(() => import('../routes/sign-in-mfa'));
const SignUpPage = lazy(() => import('../routes/sign-up'));
const SignedInLayout = lazy(() => import('../features/project-layout/signed-in-layout'));
const ProjectsPage = lazy(() => import('../routes/projects'));
const SupportNewPage = lazy(() => import('../routes/support-new'));
const OrgAreaPage = lazy(() => import('../routes/org-area'));
const ProjectLayout = lazy(() => import('../features/project-layout/project-layout'));
const ProjectHomePage = lazy(() => import('../routes/project-home'));
const ProjectBuildingPage = lazy(() => import('../routes/project-building'));
const EdgeFunctionsPage = lazy(() => import('../routes/edge-functions'));
const ProjectAreaPage = lazy(() => import('../routes/project-area'));
const NotFoundPage = lazy(() => import('../routes/not-found'));

function RootBoundary() {
  return (
    <Suspense fallback={<FullPageMessage title="Loading…" busy />}>
      <Outlet />
    </Suspense>
  );
}

function RouteError() {
  const error = useRouteError() as Error | undefined;
  return (
    <FullPageMessage
      title="Something went wrong"
      detail={error?.message ?? 'This page could not be shown.'}
      action={{ label: 'Reload the page', onClick: () => window.location.reload() }}
    />
  );
}

/** The shell's route tree; the browser router in production and memory routers in tests use the same one. */
export const shellRoutes: RouteObject[] = [
  {
    element: <RootBoundary />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <Navigate to="/projects" replace /> },
      {
        element: <SignInLayout />,
        children: [
          { path: '/sign-in', element: <SignInPage /> },
          { path: '/sign-in-mfa', element: <SignInMfaPage /> },
          { path: '/sign-up', element: <SignUpPage /> },
        ],
      },
      {
        element: <RequireSession />,
        children: [
          {
            element: <SignedInLayout />,
            children: [
              { path: '/projects', element: <ProjectsPage /> },
              { path: '/support/new', element: <SupportNewPage /> },
              { path: '/org/:slug/*', element: <OrgAreaPage /> },
              { path: '/account/*', element: <OrgAreaPage /> },
            ],
          },
          {
            path: '/project/:ref',
            element: <ProjectLayout />,
            children: [
              { index: true, element: <ProjectHomePage /> },
              { path: 'building', element: <ProjectBuildingPage /> },
              { path: 'functions/*', element: <EdgeFunctionsPage /> },
              { path: '*', element: <ProjectAreaPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
