/**
 * Test helpers: the shell's real route tree and providers over a fetch that answers like the
 * platform API (status codes, JSON bodies and error shapes of CONVENTIONS.md).
 */
import { act, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router-dom';
import { CONTRACTS_MAJOR, type AreaModule, type AreaMountProps, type AreaName, type BuildMode, type Organization, type Project, type Session } from '@plinth/shared-contracts';
import { AreaLoaderProvider, type AreaLoader } from '../federation';
import { createShellApi } from './api';
import { ShellProviders } from './providers';
import { ShellRoutes } from './routes';
import type { AreaManifests } from '../areas/area-table';
import { CONSOLE_AREAS } from '../areas/testing/console-areas';
import { useConnectionStore } from '../features/status-gate/connection-store';
import { clearAccountDraft } from '../features/sign-in/account-draft';

const ANSWER = Symbol('api answer');
export interface ApiAnswer {
  [ANSWER]: true;
  status: number;
  body?: unknown;
}
/** An answer with a status other than 200 (a plain value answers 200 with that body). */
export function reply(status: number, body?: unknown): ApiAnswer {
  return { [ANSWER]: true, status, body };
}
export type ApiHandler = (request: { method: string; path: string; body: unknown; query: URLSearchParams }) => ApiAnswer | unknown;

export interface FakeApi {
  fetch: typeof fetch;
  /** Every call made, as "METHOD /path" (without the /api prefix and query). */
  calls: string[];
  count: (call: string) => number;
  /** Replace or add an answer while the test runs. */
  on: (call: string, handler: ApiHandler | unknown) => void;
}

const isAnswer = (value: unknown): value is ApiAnswer => !!value && typeof value === 'object' && ANSWER in value;

/** A fetch answering "METHOD /path" keys; unknown calls answer 404 like the API does. */
export function fakeApi(routes: Record<string, ApiHandler | unknown>): FakeApi {
  const table = new Map(Object.entries(routes));
  const calls: string[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://console.test');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api/, '');
    const key = `${method} ${path}`;
    calls.push(key);
    if (init?.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    const entry = table.get(key);
    if (entry === undefined) return new Response(JSON.stringify({ message: `No route ${key}` }), { status: 404, headers: { 'content-type': 'application/json' } });
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const result = typeof entry === 'function' ? (entry as ApiHandler)({ method, path, body, query: url.searchParams }) : entry;
    const answer = isAnswer(result) ? result : reply(200, result);
    const status = answer.status;
    return new Response(status === 204 ? null : JSON.stringify(answer.body ?? {}), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return {
    fetch: fetchImpl,
    calls,
    count: (call) => calls.filter((c) => c === call).length,
    on: (call, handler) => void table.set(call, handler),
  };
}

export const USER = { id: 'u1', email: 'ada@example.com', username: 'ada' };
export const SIGNED_IN: Session = { user: USER, aal: { currentLevel: 'aal1', nextLevel: 'aal1' } };
export const SIGNED_OUT: Session = { user: null, aal: null };
export const REF = 'abcdefghijklmnopqrst';

export function makeOrganization(overrides: Partial<Organization> = {}): Organization {
  return { id: 1, name: 'Acme', slug: 'acme', subscription_id: null, plan: { id: 'free', name: 'Free' }, ...overrides };
}

export function makeProject(overrides: Partial<Project> = {}): Project {
  return {
    id: 1,
    ref: REF,
    name: 'Orders',
    status: 'ACTIVE_HEALTHY',
    postgrestStatus: 'ONLINE',
    connectionString: null,
    subscription_id: null,
    restUrl: `http://console.test/api/projects/${REF}/api/rest`,
    kpsVersion: '3.9.0',
    is_branch_enabled: false,
    parent_project_ref: null,
    organization_id: 1,
    organization_slug: 'acme',
    inserted_at: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

const metric = { usage: 0, limit: null, exceeded: false };

/** The calls every signed-in project page makes, answering for one healthy project owned by the user. */
export function projectApi(project: Project, extra: Record<string, ApiHandler | unknown> = {}, role = 'Owner'): FakeApi {
  return fakeApi({
    'GET /auth/session': SIGNED_IN,
    'GET /platform/organizations': [makeOrganization()],
    'GET /platform/projects': [project],
    [`GET /platform/projects/${project.ref}`]: project,
    'GET /platform/organizations/acme/members': [{ user_id: USER.id, username: 'ada', primary_email: USER.email, role }],
    'GET /platform/projects-resource-warnings': [],
    'GET /platform/organizations/acme/usage': { organization: 'acme', plan: 'free', usage_billing_enabled: false, db_size: metric, storage_size: metric, db_egress: metric, projects: [] },
    [`GET /platform/projects/${project.ref}/usage`]: { project: project.ref, db_size: metric, storage_size: metric, db_egress: metric },
    [`GET /projects/${project.ref}/live`]: { status: 'ONLINE', ref: project.ref },
    ...extra,
  });
}

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } });
}

/** Areas as small as the mount contract allows: each writes what it was mounted with into its element. */
export function testAreaLoader(): AreaLoader & { mounts: AreaMountProps[] } {
  const mounts: AreaMountProps[] = [];
  const moduleOf = (area: AreaName): AreaModule => ({
    contractsMajor: CONTRACTS_MAJOR,
    area,
    version: '0.0.0-test',
    bootstrap: async () => undefined,
    mount: async (props) => {
      mounts.push(props);
      if (props.domElement) props.domElement.innerHTML = `<p>${area} area at ${props.basePath}</p>`;
    },
    unmount: async (props) => {
      if (props.domElement) props.domElement.innerHTML = '';
    },
    update: async () => undefined,
  });
  return { mounts, load: async (area) => moduleOf(area), reset: () => undefined };
}

/** What a test reads and drives of the shell's router: where it is, and navigation (including -1/1). */
export interface TestRouter {
  readonly state: { location: Location };
  navigate: (to: string | number) => Promise<void>;
}

function RouterProbe({ into }: { into: { location: Location | null; navigate: NavigateFunction | null } }) {
  into.location = useLocation();
  into.navigate = useNavigate();
  return null;
}

/** Renders the whole shell at a path, as the browser would after a navigation; `areas`: the environment's (default: the console's five). */
export function renderShell(
  path: string,
  api: FakeApi,
  options: { buildMode?: BuildMode; areaLoader?: AreaLoader; areas?: AreaManifests; /** A cache seeded as the shell's start seeds it. */ queryClient?: QueryClient } = {},
) {
  const probe: { location: Location | null; navigate: NavigateFunction | null } = { location: null, navigate: null };
  const router: TestRouter = {
    get state() {
      if (!probe.location) throw new Error('The shell has not rendered its router yet');
      return { location: probe.location };
    },
    navigate: async (to) => {
      if (!probe.navigate) throw new Error('The shell has not rendered its router yet');
      await (typeof to === 'number' ? probe.navigate(to) : probe.navigate(to));
    },
  };
  clearAccountDraft(); // what a previous test typed into a sign-in form
  const queryClient = options.queryClient ?? testQueryClient();
  const areaLoader = options.areaLoader ?? testAreaLoader();
  const view = render(
    <AreaLoaderProvider loader={areaLoader}>
      <ShellProviders api={createShellApi(api.fetch)} queryClient={queryClient} buildMode={options.buildMode ?? 'hosted'} areas={options.areas ?? CONSOLE_AREAS}>
        <MemoryRouter initialEntries={[path]}>
          <RouterProbe into={probe} />
          <ShellRoutes />
        </MemoryRouter>
      </ShellProviders>
    </AreaLoaderProvider>,
  );
  return { ...view, router, queryClient };
}

/** Waits for an area to show its content and for the props update that follows its mount to finish. */
export async function findArea(text: string): Promise<HTMLElement> {
  const element = await screen.findByText(text);
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  return element;
}

/** Projects whose API already answered in this browser session: the connecting screen stays away. */
export function markProjectsConnected(...refs: string[]) {
  useConnectionStore.setState({ connected: Object.fromEntries(refs.map((ref) => [ref, true as const])) });
}
