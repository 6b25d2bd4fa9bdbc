// Standalone page of an area: mounts it alone with test props, against the real platform API
// (its session check goes through the dev server's proxy to /api). Open /?project=<ref> to pick a project.
import type { AreaModule, AreaMountProps, Notice } from '@plinth/shared-contracts';

const API_BASE = '/api';

/** What an area's src/index.ts exports that the standalone page needs. */
export type StandaloneAreaModule = Pick<AreaModule, 'area' | 'bootstrap' | 'mount'>;

function showMessage(element: HTMLElement, text: string) {
  element.textContent = text;
}

async function startStandalone(loadArea: () => Promise<StandaloneAreaModule>) {
  const element = document.getElementById('root');
  if (!element) throw new Error('standalone.html has no #root element');
  const [areaModule, contracts] = await Promise.all([loadArea(), import('@plinth/shared-contracts')]);
  const auth = contracts.createAuthClient(contracts.createHttp({ baseUrl: API_BASE }));
  const session = await auth.getSession().catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    showMessage(element, `The platform API did not answer the session check (${reason}). Start it (pnpm --filter @plinth/platform-api start) and reload.`);
    return null;
  });
  if (!session) return;
  if (!session.user) {
    showMessage(element, 'Not signed in. Sign in to the console on this origin (or through the API) and reload.');
    return;
  }
  const params = new URLSearchParams(window.location.search);
  const props: AreaMountProps = {
    area: areaModule.area,
    projectRef: params.get('project') ?? undefined,
    basePath: '/',
    session: { user: session.user },
    permissions: contracts.ALL_PERMISSIONS,
    apiBase: API_BASE,
    navigate: (to, options) => (options?.replace ? window.location.replace(to) : window.location.assign(to)),
    notify: (notice: Notice) => console.info(`[${notice.kind}] ${notice.message}`),
    // Alone, the area has no environment to resolve links into other areas.
    link: () => null,
    theme: document.documentElement.getAttribute('data-theme') === 'light' ? 'light' : 'dark',
    buildMode: params.get('mode') === 'self-hosted' ? 'self-hosted' : 'hosted',
    queryClient: undefined,
    domElement: element,
  };
  await areaModule.bootstrap(props);
  await areaModule.mount(props);
}

/**
 * Starts an area's standalone page (each mfe-*'s src/standalone.tsx). `loadArea` imports the
 * area's src/index lazily, so the page shows the API check before the area's code arrives.
 */
export function mountStandaloneArea(loadArea: () => Promise<StandaloneAreaModule>): void {
  startStandalone(loadArea).catch((error: unknown) => {
    const element = document.getElementById('root');
    if (element) showMessage(element, `The area failed to start: ${error instanceof Error ? error.message : String(error)}`);
  });
}
