import { ALL_PERMISSIONS, type BuildMode } from '@plinth/shared-contracts';
import { renderAreaApp } from '@plinth/shared-ui/area/render-area-app';
import App from '../App';

export const PROJECT_REF = 'abcdefghijklmnop';

/** Mounts the area the way the host does: basePath /project/{ref} and the host's query cache. */
export function renderArea(path: string, options: { buildMode?: BuildMode; permissions?: readonly string[] } = {}) {
  const basePath = `/project/${PROJECT_REF}`;
  return renderAreaApp(App, {
    initialEntry: `${basePath}/${path}`,
    props: {
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
    },
  });
}
