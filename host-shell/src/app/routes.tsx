import { Component, createElement, lazy, Suspense, type ComponentType, useMemo, useState, type ErrorInfo, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { RequireSession } from '../session/require-session';
import { FullPageMessage } from './full-page-message';
import { useAreas } from './shell-settings';
import { rootSegmentsOf, type AreaManifests } from '../areas/area-table';

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
// The two-panel frame of the sign-in pages: fetched with them, never on a signed-in page.
const SignInLayout = page(() => import('../features/sign-in/sign-in-layout').then((m) => ({ default: m.SignInLayout })));
const SignInPage = page(() => import('../routes/sign-in'));
const SignInMfaPage = page(() => import('../routes/sign-in-mfa'));
const SignUpPage = page(() => import('../routes/sign-up'));
const SignedInLayout = page(() => import('../routes/signed-in-layout'));
const ProjectsPage = page(() => import('../routes/projects'));
const SupportNewPage = page(() => import('../routes/support-new'));
const OrgAreaPage = page(() => import('../routes/org-area'));
const ProjectLayout = page(() => import('../routes/project-layout'));
const ProjectHomePage = page(() => import('../routes/project-home'));
const ProjectBuildingPage = page(() => import('../routes/project-building'));
const EdgeFunctionsPage = page(() => import('../routes/edge-functions'));
const ProjectAreaPage = page(() => import('../routes/project-area'));
const NotFoundPage = page(() => import('../routes/not-found'));
const TermsPage = page(() => import('../routes/terms'));
const PrivacyPage = page(() => import('../routes/privacy'));

type Preloadable = { preload: () => Promise<void> };

/**
 * Fetches a page the user is likely to open next, a while after the first one is up and once the
 * browser has nothing else to do: never part of the first page's load.
 */
function whenIdle(target: Preloadable): void {
  const start = () => void target.preload().catch(() => undefined);
  const idle = () => (typeof window !== 'undefined' && 'requestIdleCallback' in window ? window.requestIdleCallback(start, { timeout: 3000 }) : start());
  setTimeout(idle, 2000);
}

/**
 * Starts fetching the pages an address will render, before the session and project are known.
 * The shell's own pages start at once; an address at the root that is not the shell's waits for
 * the environment's areas, which say whether one of them owns it. Resolves once the pages are here
 * or have failed (a failed fetch is reported when the page renders).
 */
export function preloadPagesFor(pathname: string, areas: Promise<AreaManifests>): Promise<void> {
  const parts = pathname.split('/').filter(Boolean);
  const load = (pages: Preloadable[]) => Promise.allSettled(pages.map((target) => target.preload())).then(() => undefined);
  if (parts[0] === 'sign-in') return load(parts.length === 1 ? [SignInLayout, SignInPage] : [NotFoundPage]).then(() => whenIdle(SignUpPage));
  if (parts[0] === 'sign-in-mfa') return load([SignInLayout, SignInMfaPage]);
  if (parts[0] === 'sign-up') return load([SignInLayout, SignUpPage]).then(() => whenIdle(SignInPage));
  if (parts[0] === 'terms') return load([TermsPage]);
  if (parts[0] === 'privacy') return load([PrivacyPage]);
  if (parts[0] === 'projects' || parts.length === 0) return load([SignedInLayout, ProjectsPage]);
  if (parts[0] === 'support') return load([SignedInLayout, SupportNewPage]);
  if (parts[0] === 'project' && parts[1]) {
    const inside = !parts[2] ? ProjectHomePage : parts[2] === 'building' ? ProjectBuildingPage : parts[2] === 'functions' ? EdgeFunctionsPage : ProjectAreaPage;
    return load([ProjectLayout, inside]);
  }
  return areas.then(
    (known) => load(rootSegmentsOf(known).includes(parts[0]) ? [SignedInLayout, OrgAreaPage] : [NotFoundPage]),
    () => undefined,
  );
}

function RootBoundary() {
  return (
    <Suspense fallback={<FullPageMessage title="Loading" busy />}>
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

/** The shell's route tree; `rootSegments` are the root segments areas own ("org", "account"). */
export function shellRoutes(rootSegments: readonly string[]): RouteObject[] {
  return [
    {
      element: <RootBoundary />,
      children: [
        { path: '/', element: <Navigate to="/projects" replace /> },
        { path: '/terms', element: <TermsPage /> },
        { path: '/privacy', element: <PrivacyPage /> },
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
                ...rootSegments.map((segment) => ({ path: `/${segment}/*`, element: <OrgAreaPage /> })),
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
}

/**
 * The shell's pages, under whichever router is around them: the browser router in production, a
 * memory router in tests.
 */
export function ShellRoutes() {
  const { pathname } = useLocation();
  const areas = useAreas();
  const rootSegments = useMemo(() => rootSegmentsOf(areas), [areas]);
  const routes = useMemo(() => shellRoutes(rootSegments), [rootSegments]);
  const page = useRoutes(routes);
  return <RouteErrorBoundary pathname={pathname}>{page}</RouteErrorBoundary>;
}
