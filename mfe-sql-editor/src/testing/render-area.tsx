import { configure } from '@testing-library/react';
import { vi } from 'vitest';
import { ALL_PERMISSIONS, type BuildMode, type Notice } from '@plinth/shared-contracts';
import { renderAreaApp, testLinkResolver } from '@plinth/shared-ui/area/render-area-app';
import manifest from '../../area.manifest';
import App from '../App';
import { createFakeApi, ME, PROJECT_REF } from './fake-platform-api';

// The machine running the suite is shared: give screens time to answer, and tests time to finish.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

export interface RenderAreaOptions {
  permissions?: readonly string[];
  buildMode?: BuildMode;
  api?: ReturnType<typeof createFakeApi>;
}

/**
 * Mounts the area the way the host does: basePath /project/{ref}, the host's QueryClient, the real
 * contracts client whose fetch answers like the platform API.
 */
export function renderArea(path: string, options: RenderAreaOptions = {}) {
  // jsdom does no layout: give virtual lists the height a browser would, so their rows render.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.hasAttribute('data-virtual-list') ? 672 : 0;
  });
  const api = options.api ?? createFakeApi();
  vi.stubGlobal('fetch', api.fetch);
  const notices: Notice[] = [];
  const hostNavigations: string[] = [];
  const basePath = `/project/${PROJECT_REF}`;
  const view = renderAreaApp(App, {
    initialEntry: `${basePath}/${path}`,
    probeSearch: true,
    props: {
      area: 'sql-editor',
      projectRef: PROJECT_REF,
      basePath,
      session: { user: ME },
      permissions: options.permissions ?? ALL_PERMISSIONS,
      apiBase: '/api',
      navigate: (to) => hostNavigations.push(to),
      notify: (n) => notices.push(n),
      link: testLinkResolver(manifest),
      theme: 'dark',
      buildMode: options.buildMode ?? 'hosted',
    },
  });
  return { ...view, api, notices, hostNavigations };
}
