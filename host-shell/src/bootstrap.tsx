import { createRoot } from 'react-dom/client';
import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
// Only the manifest reader: the area machinery loads with the first area page.
import { loadEnvironment } from './federation/environment';
import { createShellApi, type ShellApi } from './app/api';
import { createShellQueryClient } from './app/query-client';
import { ShellProviders } from './app/providers';
import { preloadPagesFor, ShellRoutes } from './app/routes';
import { FullPageMessage } from './app/full-page-message';
import { applyTheme, installThemeStyles, readStoredTheme } from '@plinth/shared-ui/theme';
import { sessionQuery } from './session/use-session';
import { loadBootstrap, projectRefOf, seedSession } from './session/early-bootstrap';
import type { Environment } from './federation/environment';
import { manifestsOf, placeArea, type AreaManifests } from './areas/area-table';

/**
 * Work the address the console opens on will need, started at once instead of one step after
 * another as the pages render: the console's bootstrap (session, organizations, projects and the
 * opened project: one call, usually already started by the page), the page chunks of the address,
 * and the remote of the area it shows (fetched, not mounted; the area's page mounts it when the
 * project is ready). Resolves when the pages are here and the query cache holds what the bootstrap
 * answered, so the first render neither suspends on its pages nor asks for that data again.
 */
function startEarly(pathname: string, environment: Promise<Environment>, api: ShellApi, queryClient: QueryClient): Promise<unknown> {
  const areas: Promise<AreaManifests> = environment.then(manifestsOf);
  const pages = preloadPagesFor(pathname, areas);
  const ref = projectRefOf(pathname);
  const projectPrefetch = ref ? import('./app/project-prefetch') : null;
  const seeded = Promise.all([loadBootstrap(api.http, pathname), projectPrefetch?.catch(() => null)]).then(([bootstrap, prefetch]) => {
    if (!bootstrap) {
      // Without the bootstrap the pages ask for each part; the session first, now.
      void queryClient.prefetchQuery(sessionQuery(api.auth));
      return;
    }
    seedSession(queryClient, bootstrap);
    if (bootstrap.project && prefetch && bootstrap.project.project.ref === ref) prefetch.seedProjectPage(queryClient, bootstrap.project);
  });
  if (ref && projectPrefetch) {
    void Promise.all([projectPrefetch, seeded])
      .then(([{ prefetchProjectPage }]) => prefetchProjectPage(queryClient, api, ref, pathname, areas))
      // The page asks again and reports what failed.
      .catch(() => undefined);
  }
  // The remote of the area the address shows, as the environment's manifests place it.
  void areas
    .then((known) => {
      const placement = placeArea(pathname, known);
      if (!placement) return undefined;
      // The area page's first calls: the console document's inline script started them with the
      // page (deploy/src/shell-page.ts), and AreaRegion starts them when it opens the area.
      return Promise.all([environment, import('./federation/remotes')]).then(([env, { areaLoaderFor }]) => areaLoaderFor(env).load(placement.area));
    })
    // The area's page reports a failure when it asks for the area itself.
    .catch(() => undefined);
  return Promise.all([pages, seeded]);
}

/** Starts the console: reads the environment manifest, then renders the shell's router. */
async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element to render the console into');
  const root = createRoot(container);
  // The tokens before the first paint, so the start screen (and a failure to start) wear the theme.
  installThemeStyles();
  applyTheme(readStoredTheme());
  root.render(<FullPageMessage title="Starting Plinth" busy />);
  const api = createShellApi();
  const queryClient = createShellQueryClient();
  const environmentLoad = loadEnvironment();
  const pagesReady = startEarly(window.location.pathname, environmentLoad, api, queryClient);
  try {
    const environment = await environmentLoad;
    await pagesReady;
    root.render(
      <ShellProviders api={api} queryClient={queryClient} buildMode={environment.buildMode} areas={manifestsOf(environment)}>
        <BrowserRouter>
          <ShellRoutes />
        </BrowserRouter>
      </ShellProviders>,
    );
  } catch (err) {
    root.render(
      <FullPageMessage
        title="The console could not start"
        detail={`Reading the environment manifest failed: ${(err as Error).message}`}
        action={{ label: 'Try again', onClick: () => window.location.reload() }}
      />,
    );
  }
}

void start();
