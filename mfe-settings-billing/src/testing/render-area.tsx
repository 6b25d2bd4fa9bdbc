import { configure } from '@testing-library/react';
import { vi } from 'vitest';
import { ALL_PERMISSIONS, type BuildMode, type Notice } from '@plinth/shared-contracts';
import { renderAreaApp } from '@plinth/shared-ui/area/render-area-app';
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
 * Mounts the area the way the host does: project pages under basePath /project/{ref}, organization
 * and account pages under "/", with the real contracts client whose fetch answers like the API.
 */
export function renderArea(url: string, options: RenderAreaOptions = {}) {
  const api = options.api ?? createFakeApi();
  vi.stubGlobal('fetch', api.fetch);
  const inProject = url.startsWith('/project/');
  const basePath = inProject ? `/project/${PROJECT_REF}` : '/';
  const notices: Notice[] = [];
  const view = renderAreaApp(App, {
    initialEntry: url,
    probeSearch: true,
    props: {
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
    },
  });
  return { ...view, api, notices };
}
