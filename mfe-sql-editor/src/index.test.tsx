import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { CONTRACTS_MAJOR, type AreaMountProps } from '@plinth/shared-contracts';
import * as exposed from './index';
import packageJson from '../package.json';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

describe('the sql-editor remote module', () => {
  it('states its area, its package version and the contracts major it was built against', () => {
    expect(exposed.area).toBe('sql-editor');
    expect(exposed.version).toBe(packageJson.version);
    expect(exposed.contractsMajor).toBe(CONTRACTS_MAJOR);
  });

  it('mounts its App into the element the host gives and unmounts it', async () => {
    window.history.pushState(null, '', '/project/demo/sql-editor');
    const domElement = document.createElement('div');
    document.body.append(domElement);
    const props: AreaMountProps = {
      area: 'sql-editor',
      projectRef: 'demo',
      basePath: '/project/demo/sql-editor',
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
