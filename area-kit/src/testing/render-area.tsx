// Tests only: renders an area's App the way the host mounts it, against the fake platform API or the real one.
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ALL_PERMISSIONS, type AreaLinkResolver, type AreaManifest, type AreaMountProps, type BuildMode, type Notice, type ThemeName } from '@plinth/shared-contracts';
import { AreaProvider } from '../area-context';
import type { AreaApp } from '../types';
import { createFakeApi, type AreaTestApi } from './fake-api';
import { ME, PROJECT_REF } from './fixtures';

/** Shows the router's current address, so tests can read where an action led. */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

/**
 * link() as the host gives it, for tests: a link the area's manifest declares leads to
 * "/linked/<area>/<target>" with the params as the query (what the host resolves it to is the
 * host's tests' business); a name the manifest does not declare throws.
 */
export function testLinkResolver(manifest: Pick<AreaManifest, 'id' | 'links'>): AreaLinkResolver {
  return (name, params = {}) => {
    const declared = manifest.links?.[name];
    if (!declared) throw new Error(`The ${manifest.id} area's manifest declares no link "${name}"`);
    const query = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)])).toString();
    return `/linked/${declared.area}/${declared.target}${query ? `?${query}` : ''}`;
  };
}

export interface RenderAreaOptions {
  /** The area's manifest (its id names the area; its links feed link()). */
  manifest: Pick<AreaManifest, 'id' | 'links'>;
  /**
   * Where the page opens: a path below the project ("storage/buckets/avatars"), or an address
   * from the root ("/org/acme/general", "/project/<PROJECT_REF>/settings/api").
   */
  at: string;
  /** The platform API: the fake (default: an empty one) or the real one (`useRealApi` of `@plinth/area-kit/testing/real-api`). */
  api?: AreaTestApi;
  permissions?: readonly string[];
  buildMode?: BuildMode;
  theme?: ThemeName;
}

/**
 * Renders `App` with what the host and the kit give it: a QueryClient without retries (also the
 * mount props' queryClient), a MemoryRouter on the base path (/project/<ref> for project pages, /
 * otherwise; the ref is the API's project, PROJECT_REF for the fake), `useArea()` over the API's clients, notices and host navigations kept
 * for the test, and a location probe: `location()` is the address below the base path.
 */
export function renderArea(App: AreaApp, { manifest, at, api = createFakeApi(), permissions = ALL_PERMISSIONS, buildMode = 'hosted', theme = 'dark' }: RenderAreaOptions) {
  // jsdom does no layout: give virtual lists the height a browser would, so their rows render.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.hasAttribute('data-virtual-list') ? 672 : 0;
  });
  const projectRef = api.projectRef ?? PROJECT_REF;
  const url = at.startsWith('/') ? at : `/project/${projectRef}/${at}`;
  const inProject = url.startsWith('/project/');
  const basePath = inProject ? `/project/${projectRef}` : '/';
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const notices: Notice[] = [];
  const navigations: string[] = [];
  const props: AreaMountProps = {
    area: manifest.id,
    projectRef: inProject ? projectRef : undefined,
    basePath,
    session: { user: api.user ?? ME },
    permissions,
    apiBase: '/api',
    navigate: (to) => void navigations.push(to),
    notify: (notice) => void notices.push(notice),
    link: testLinkResolver(manifest),
    theme,
    buildMode,
    queryClient,
  };
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter basename={basePath} initialEntries={[url]}>
        <AreaProvider props={props} api={api.clients}>
          <App {...props} />
        </AreaProvider>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  // The router's location is already below its basename.
  const location = () => view.getByTestId('location').textContent ?? '';
  return { ...view, api, queryClient, notices, navigations, location };
}
