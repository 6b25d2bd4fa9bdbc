import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import { ALL_PERMISSIONS, type AreaMountProps, type BuildMode, type Notice } from '@plinth/shared-contracts';
import App from '../../App';
import { createFakeApi, ME, PROJECT_REF } from './fake-platform-api';

/** Shows the router's current location, so tests can read where an action led. */
function LocationProbe() {
  const { pathname } = useLocation();
  return <output data-testid="location">{pathname}</output>;
}

export interface RenderAreaOptions {
  permissions?: readonly string[];
  buildMode?: BuildMode;
  api?: ReturnType<typeof createFakeApi>;
}

/**
 * Mounts the storage area the way the host does: basePath /project/{ref}, the host's QueryClient,
 * the real contracts client over a fetch that answers like the platform API.
 */
export function renderArea(path: string, options: RenderAreaOptions = {}) {
  const api = options.api ?? createFakeApi();
  vi.stubGlobal('fetch', api.fetch);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const notices: Notice[] = [];
  const basePath = `/project/${PROJECT_REF}`;
  const props: AreaMountProps = {
    area: 'storage',
    projectRef: PROJECT_REF,
    basePath,
    session: { user: ME },
    permissions: options.permissions ?? ALL_PERMISSIONS,
    apiBase: '/api',
    navigate: () => undefined,
    notify: (n) => notices.push(n),
    theme: 'dark',
    buildMode: options.buildMode ?? 'hosted',
    queryClient,
  };
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter basename={basePath} initialEntries={[`${basePath}/${path}`]}>
        <App {...props} />
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const location = () => view.getByTestId('location').textContent?.replace(basePath, '') ?? '';
  return { ...view, api, notices, queryClient, location };
}
