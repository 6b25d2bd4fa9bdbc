import { vi } from 'vitest';
import { ALL_PERMISSIONS, type BuildMode, type Notice } from '@plinth/shared-contracts';
import { renderAreaApp } from '@plinth/shared-ui/area/render-area-app';
import App from '../App';
import { createFakeApi, ME, PROJECT_REF } from './fake-platform-api';

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
  const notices: Notice[] = [];
  const basePath = `/project/${PROJECT_REF}`;
  const view = renderAreaApp(App, {
    initialEntry: `${basePath}/${path}`,
    props: {
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
    },
  });
  return { ...view, api, notices };
}

/** Dialogs and panels load their code when first opened: the first open may take a module load. */
export const DIALOG_LOAD = { timeout: 5000 };
