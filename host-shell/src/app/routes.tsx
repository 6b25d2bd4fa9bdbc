import { Component, createElement, lazy, Suspense, type ComponentType, useState, type ErrorInfo, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { SignInLayout } from '../features/sign-in/sign-in-layout';
import { RequireSession } from '../features/session/require-session';
import { FullPageMessage } from './full-page-message';

type PageModule = { default: ComponentType };

/**
 * A page in its own chunk. preload() starts fetching it; once fetched it renders at once instead of
 * suspending (React holds a revealed Suspense boundary back for up to 300 ms, so a page that
 * suspends after its chunk is already here still shows late).
 */
function page(load: () => Promise<PageModule>) {
  let loaded: ComponentType | null = null;
  let pending: Promise<void> | null = null;
  const preload = () => {
    pending ??= load().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(() => preload().then(() => ({ default: loaded as ComponentType })));
  function Page() {
    // Decided once per mount, so a page that started suspended is not swapped (and remounted) later.
    const [ready] = useState(() => loaded);
    return ready ? createElement(ready) : <Lazy />;
  }
  return Object.assign(Page, { preload });
}

// Everything behind the sign-in page is split into chunks, so the sign-in page stays light.
const SignInPage = page(() => import('../routes/sign-in'));
const SignInMfaPage = page(() => import('../routes/sign-in-mfa'));
const SignUpPage = page(() => import('../routes/sign-up'));
const SignedInLayout = page(() => import('../features/project-layout/signed-in-layout'));
const ProjectsPage = page(() => import('../routes/projects'));
const SupportNewPage = page(() => import('../routes/support-new'));
const OrgAreaPage = page(() => import('../routes/org-area'));
const ProjectLayout = page(() => import('../features/project-layout/project-layout'));
const ProjectHomePage = page(() => import('../routes/project-home'));
const ProjectBuildingPage = page(() => import('../routes/project-building'));
const EdgeFunctionsPage = page(() => import('../routes/edge-functions'));
const ProjectAreaPage = page(() => import('../routes/project-area'));
const NotFoundPage = page(() => import('../routes/not-found'));

/**
 * Starts fetching the pages an address will render, before the session and project are known.
 * Resolves once they are here or have failed (a failed fetch is reported when the page renders).
 */
export function preloadPagesFor(pathname: string): Promise<void> {
  const parts = pathname.split('/').filter(Boolean);
  const pages: Array<{ preload: () => Promise<void> }> = [];
  if (parts[0] === 'sign-in') pages.push(parts.length === 1 ? SignInPage : NotFoundPage);
  else if (parts[0] === 'sign-in-mfa') pages.push(SignInMfaPage);
  else if (parts[0] === 'sign-up') pages.push(SignUpPage);
  else if (parts[0] === 'projects' || parts.length === 0) pages.push(SignedInLayout, ProjectsPage);
  else if (parts[0] === 'org' || parts[0] === 'account') pages.push(SignedInLayout, OrgAreaPage);
  else if (parts[0] === 'project' && parts[1]) {
    pages.push(ProjectLayout);
    if (!parts[2]) pages.push(ProjectHomePage);
    else if (parts[2] === 'building') pages.push(ProjectBuildingPage);
    else if (parts[2] === 'functions') pages.push(EdgeFunctionsPage);
    else pages.push(ProjectAreaPage);
  }
  return Promise.allSettled(pages.map((target) => target.preload())).then(() => undefined);
}

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
