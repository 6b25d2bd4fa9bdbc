import { configure, render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import { ALL_PERMISSIONS, type AreaMountProps, type BuildMode, type Notice } from '@plinth/shared-contracts';
import App from '../../App';
import { createFakeApi, ME, PROJECT_REF } from './fake-platform-api';

// The machine running the suite is shared: give screens time to answer, and tests time to finish.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

/** Shows the router's current location, so tests can read where a click led. */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

export interface RenderAreaOptions {
  permissions?: readonly string[];
  buildMode?: BuildMode;
  api?: ReturnType<typeof createFakeApi>;
}

/**
 * Mounts the area the way the host does: project pages under basePath /project/{ref}, organization
 * and account pages under "/", with the real contracts client whose fetch answers like the API.
 */
export function renderArea(url: string, options: RenderAreaOptions = {}) {
  const api = options.api ?? createFakeApi();
  vi.stubGlobal('fetch', api.fetch);
  const inProject = url.startsWith('/project/');
  const basePath = inProject ? `/project/${PROJECT_REF}` : '/';
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const notices: Notice[] = [];
  const props: AreaMountProps = {
    area: 'settings-billing',
    projectRef: inProject ? PROJECT_REF : undefined,
    basePath,
    session: { user: ME },
    permissions: options.permissions ?? ALL_PERMISSIONS,
    apiBase: '/api',
    navigate: () => undefined,
    notify: (n) => notices.push(n),
    theme: 'light',
    buildMode: options.buildMode ?? 'hosted',
    queryClient,
  };
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter basename={basePath} initialEntries={[url]}>
        <App {...props} />
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, api, notices, queryClient };
}
