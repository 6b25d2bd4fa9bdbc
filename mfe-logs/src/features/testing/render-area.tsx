import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ALL_PERMISSIONS, type AreaMountProps, type BuildMode } from '@plinth/shared-contracts';
import App from '../../App';

export const PROJECT_REF = 'abcdefghijklmnop';

function LocationProbe() {
  const { pathname } = useLocation();
  return <output data-testid="location">{pathname}</output>;
}

/** Mounts the area the way the host does: basePath /project/{ref} and the host's query cache. */
export function renderArea(path: string, options: { buildMode?: BuildMode; permissions?: readonly string[] } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const basePath = `/project/${PROJECT_REF}`;
  const props: AreaMountProps = {
    area: 'logs',
    projectRef: PROJECT_REF,
    basePath,
    session: { user: { id: 'u1', email: 'me@example.com', username: 'me' } },
    permissions: options.permissions ?? ALL_PERMISSIONS,
    apiBase: '/api',
    navigate: () => undefined,
    notify: () => undefined,
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
  return { ...view, location };
}
