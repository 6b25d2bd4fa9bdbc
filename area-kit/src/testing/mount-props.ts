import { QueryClient } from '@tanstack/react-query';
import type { AreaMountProps } from '@plinth/shared-contracts';

/** The props a host gives an area's lifecycles, signed in as a test user on a hosted build; overrides win. */
export function hostMountProps(domElement: HTMLElement, overrides: Partial<AreaMountProps> = {}): AreaMountProps {
  return {
    area: 'storage',
    projectRef: 'abc',
    basePath: '/project/abc/storage',
    session: { user: { id: 'u1', email: 'ada@example.com', username: 'ada' } },
    permissions: [],
    apiBase: '/api',
    navigate: () => undefined,
    notify: () => undefined,
    link: () => null,
    theme: 'dark',
    buildMode: 'hosted',
    queryClient: new QueryClient(),
    domElement,
    ...overrides,
  };
}
