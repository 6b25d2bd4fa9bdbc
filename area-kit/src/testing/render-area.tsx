// Tests only: renders an area's App the way the host mounts it, inside a memory router.
// Not part of the `./area` barrel (it imports Testing Library).
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AreaLinkResolver, AreaManifest, AreaMountProps } from '@plinth/shared-contracts';
import type { AreaApp } from './types';

/** Shows the router's current location, so tests can read where an action led. */
function LocationProbe({ withSearch }: { withSearch: boolean }) {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{withSearch ? `${pathname}${search}` : pathname}</output>;
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

export interface RenderAreaAppOptions {
  /** The mount props; queryClient and domElement are filled in here, link when left out (no links). */
  props: Omit<AreaMountProps, 'queryClient' | 'domElement' | 'link'> & { link?: AreaLinkResolver };
  /** The URL the memory router starts on (under props.basePath). */
  initialEntry: string;
  /** Whether the location probe shows the query string after the path. */
  probeSearch?: boolean;
}

/**
 * Renders `App` with the host's pieces: a QueryClient without retries (also passed as the mount
 * props' queryClient), a MemoryRouter on props.basePath and a location probe (data-testid="location").
 */
export function renderAreaApp(App: AreaApp, { props, initialEntry, probeSearch = false }: RenderAreaAppOptions) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { basePath } = props;
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter basename={basePath} initialEntries={[initialEntry]}>
        <App link={testLinkResolver({ id: props.area })} {...props} queryClient={queryClient} />
        <LocationProbe withSearch={probeSearch} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  /** The probe's location with the base path taken off. */
  const location = () => view.getByTestId('location').textContent?.replace(basePath, '') ?? '';
  return { ...view, queryClient, location };
}
