// The checks every area's src/index.test.tsx runs against its remote module ("./area").
import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { CONTRACTS_MAJOR, type AreaManifest } from '@plinth/shared-contracts';
import type { AreaRemoteModule } from '../types';
import { hostMountProps } from './mount-props';

export interface DescribeAreaModuleOptions {
  manifest: Pick<AreaManifest, 'id'>;
  /** The area's src/index module. */
  exposed: AreaRemoteModule;
  /** The area's package.json version. */
  packageVersion: string;
}

/** Defines "the <area> remote module" suite: identity stamp, then mount into and unmount from the host's element. */
export function describeAreaModule({ manifest, exposed, packageVersion }: DescribeAreaModuleOptions): void {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  const area = manifest.id;

  describe(`the ${area} remote module`, () => {
    it('states its area (its manifest id), its package version and the contracts major it was built against', () => {
      expect(exposed.area).toBe(area);
      expect(exposed.version).toBe(packageVersion);
      expect(exposed.contractsMajor).toBe(CONTRACTS_MAJOR);
    });

    it('mounts its App into the element the host gives and unmounts it', async () => {
      window.history.pushState(null, '', `/project/demo/${area}`);
      const domElement = document.createElement('div');
      document.body.append(domElement);
      const props = hostMountProps(domElement, { area, projectRef: 'demo', basePath: '/project/demo' });
      await exposed.bootstrap(props);
      await exposed.mount(props);
      await waitFor(() => expect(domElement.innerHTML).not.toBe(''));
      await exposed.unmount(props);
      expect(domElement.innerHTML).toBe('');
    });
  });
}
