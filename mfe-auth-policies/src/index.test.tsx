import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { CONTRACTS_MAJOR, type AreaMountProps } from '@plinth/shared-contracts';
import * as exposed from './index';
import packageJson from '../package.json';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

describe('the auth-policies remote module', () => {
  it('states its area, its package version and the contracts major it was built against', () => {
    expect(exposed.area).toBe('auth-policies');
    expect(exposed.version).toBe(packageJson.version);
    expect(exposed.contractsMajor).toBe(CONTRACTS_MAJOR);
  });

  it('mounts its App into the element the host gives and unmounts it', async () => {
    window.history.pushState(null, '', '/project/demo/auth-policies');
    const domElement = document.createElement('div');
    document.body.append(domElement);
    const props: AreaMountProps = {
      area: 'auth-policies',
      projectRef: 'demo',
      basePath: '/project/demo/auth-policies',
      session: { user: { id: 'u1', email: 'ada@example.com', username: 'ada' } },
      permissions: [],
      apiBase: '/api',
      navigate: () => undefined,
      notify: () => undefined,
      theme: 'dark',
      buildMode: 'hosted',
      queryClient: new QueryClient(),
      domElement,
    };
    await exposed.bootstrap(props);
    await exposed.mount(props);
    await waitFor(() => expect(domElement.innerHTML).not.toBe(''));
    await exposed.unmount(props);
    expect(domElement.innerHTML).toBe('');
  });
});
