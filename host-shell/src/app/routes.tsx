import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
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

interface RouteErrorBoundaryProps {
  pathname: string;
  children: ReactNode;
}
interface RouteErrorBoundaryState {
  error: Error | null;
  pathname: string;
}

/** A page that throws while rendering shows what broke; moving to another address clears it. */
class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  state: RouteErrorBoundaryState = { error: null, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<RouteErrorBoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: RouteErrorBoundaryProps, state: RouteErrorBoundaryState): Partial<RouteErrorBoundaryState> | null {
    return props.pathname === state.pathname ? null : { error: null, pathname: props.pathname };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('A console page failed while rendering', error, info.componentStack);
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <FullPageMessage
        title="Something went wrong"
        detail={error.message || 'This page could not be shown.'}
        action={{ label: 'Reload the page', onClick: () => window.location.reload() }}
      />
    );
  }
}

/** The shell's route tree. */
export const shellRoutes: RouteObject[] = [
  {
    element: <RootBoundary />,
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

/**
 * The shell's pages, under whichever router is around them: the browser router in production, a
 * memory router in tests.
 */
export function ShellRoutes() {
  const { pathname } = useLocation();
  const page = useRoutes(shellRoutes);
  return <RouteErrorBoundary pathname={pathname}>{page}</RouteErrorBoundary>;
}
