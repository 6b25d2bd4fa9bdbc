import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FEATURE_FLAG_DEFAULTS, ROLE_PERMISSIONS, type Bootstrap } from '@plinth/shared-contracts';
import { createShellApi } from '../app/api';
import { createShellQueryClient } from '../app/query-client';
import { fakeApi, findArea, makeOrganization, reply, makeProject, projectApi, REF, renderShell, SIGNED_IN, SIGNED_OUT, testAreaLoader, USER, type FakeApi } from '../app/test-harness';
import { prefetchProjectPage, seedProjectPage } from '../app/project-prefetch';
import { useConnectionStore } from '../features/status-gate/connection-store';
import { CONSOLE_AREAS } from '../areas/testing/console-areas';
import { loadBootstrap, projectRefOf, seedSession, takeEarlyBootstrap } from './early-bootstrap';

// A cold page of the console asks once for what every page needs (GET /platform/bootstrap, started
// by the page's inline script): the frame then makes none of the calls it used to make one after
// another (session, then organizations and projects, then the project's members, flags, status and
// API check) and asks for the banner's usage and warnings only once the page's content is there.

const early = globalThis as unknown as { __plinthBootstrap?: Promise<unknown> };
afterEach(() => {
  delete early.__plinthBootstrap;
  useConnectionStore.setState({ connected: {} });
});

function bootstrapOf(project = makeProject(), role: 'Owner' | 'Read-only' = 'Owner'): Bootstrap {
  return {
    session: SIGNED_IN,
    organizations: [makeOrganization()],
    projects: [project],
    project: {
      project,
      status: { status: project.status },
      reachable: project.status === 'ACTIVE_HEALTHY',
      role,
      permissions: [...ROLE_PERMISSIONS[role]],
      members: [{ user_id: USER.id, username: 'ada', primary_email: USER.email, role }],
      featureFlags: { flags: FEATURE_FLAG_DEFAULTS, organization: 'acme', overridden: [] },
    },
  };
}

/** What bootstrap.tsx does before its first render: take the answer, seed the cache, start the project page's prefetch. */
async function startShell(api: FakeApi, path: string) {
  // The shell's own cache (its freshness rules decide what the pages ask again).
  const queryClient = createShellQueryClient();
  const shell = createShellApi(api.fetch);
  const bootstrap = await loadBootstrap(shell.http, path);
  if (bootstrap) {
    seedSession(queryClient, bootstrap);
    if (bootstrap.project) seedProjectPage(queryClient, bootstrap.project);
  }
  const ref = projectRefOf(path);
  if (ref) await prefetchProjectPage(queryClient, shell, ref, path, CONSOLE_AREAS).catch(() => undefined);
  return { queryClient, bootstrap };
}

/** The calls the frame made one wave after another before the bootstrap. */
const FRAME_CALLS = [
  'GET /auth/session',
  'GET /platform/organizations',
  'GET /platform/projects',
  `GET /platform/projects/${REF}`,
  'GET /platform/organizations/acme/members',
  'GET /platform/feature-flags',
  `GET /platform/projects/${REF}/status`,
  `GET /projects/${REF}/live`,
];

describe('a cold page with the bootstrap answer', () => {
  it("shows the storage area of the address with no session, organization, project, membership, flags, status or API-check call; the banner's calls come after the area", async () => {
    const api = projectApi(makeProject(), { 'GET /platform/feature-flags': { flags: FEATURE_FLAG_DEFAULTS, organization: 'acme', overridden: [] } });
    early.__plinthBootstrap = Promise.resolve(bootstrapOf());
    const path = `/project/${REF}/storage/buckets`;
    const { queryClient } = await startShell(api, path);
    const loader = testAreaLoader();
    // what had been asked when the area mounted
    const callsAtMount: string[][] = [];
    const load = loader.load;
    loader.load = async (area) => {
      const module = (await load(area)) as { mount: (props: unknown) => Promise<void> };
      return { ...module, mount: async (props: unknown) => (callsAtMount.push([...api.calls]), module.mount(props)) };
    };
    renderShell(path, api, { queryClient, areaLoader: loader });

    expect(await findArea(`storage area at /project/${REF}`)).toBeTruthy();
    expect(callsAtMount[0]).not.toContain('GET /platform/projects-resource-warnings');
    expect(callsAtMount[0]).not.toContain('GET /platform/organizations/acme/usage');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toContain('Orders');
    // what the area is handed came from the bootstrap too
    expect(loader.mounts.at(-1)).toMatchObject({ projectRef: REF, permissions: ROLE_PERMISSIONS.Owner, session: { user: { email: USER.email } } });
    expect(api.calls.filter((call) => FRAME_CALLS.includes(call))).toEqual([]);
    // the usage and resource warnings that decorate the frame are asked for once the area is there
    await waitFor(() => expect(api.calls).toContain('GET /platform/projects-resource-warnings'));
    expect(api.calls).toContain('GET /platform/organizations/acme/usage');
    expect(api.calls.filter((call) => FRAME_CALLS.includes(call))).toEqual([]);
  });

  it('gives a read-only member the permissions of the role the bootstrap named, without asking for the members', async () => {
    const api = projectApi(makeProject(), {}, 'Read-only');
    early.__plinthBootstrap = Promise.resolve(bootstrapOf(makeProject(), 'Read-only'));
    const path = `/project/${REF}/storage/buckets`;
    const { queryClient } = await startShell(api, path);
    const loader = testAreaLoader();
    renderShell(path, api, { queryClient, areaLoader: loader });
    await findArea(`storage area at /project/${REF}`);
    expect(loader.mounts.at(-1)?.permissions).toEqual(ROLE_PERMISSIONS['Read-only']);
    expect(api.count('GET /platform/organizations/acme/members')).toBe(0);
  });

  it('sends a signed-out visitor to sign in without asking for the session again', async () => {
    const api = fakeApi({});
    early.__plinthBootstrap = Promise.resolve({ session: SIGNED_OUT, organizations: null, projects: null, project: null });
    const path = `/project/${REF}/storage/buckets`;
    const { queryClient } = await startShell(api, path);
    renderShell(path, api, { queryClient });
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it("opens another organization's ref with only that project's own call, which answers not found", async () => {
    const api = projectApi(makeProject(), { [`GET /platform/projects/${REF}`]: reply(404, { message: `Project not found: ${REF}`, code: 'PROJECT_NOT_FOUND' }) });
    early.__plinthBootstrap = Promise.resolve({ ...bootstrapOf(), projects: [], project: null });
    const path = `/project/${REF}/storage/buckets`;
    const { queryClient } = await startShell(api, path);
    renderShell(path, api, { queryClient });
    expect(await screen.findByText(`Project not found: ${REF}`)).toBeTruthy();
    expect(api.calls.filter((call) => FRAME_CALLS.includes(call)).every((call) => call === `GET /platform/projects/${REF}`)).toBe(true);
    expect(api.count('GET /auth/session')).toBe(0);
  });
});

describe('taking the bootstrap', () => {
  it('takes the answer of the page script once, and makes the call itself (with the project of the address) when there is none', async () => {
    early.__plinthBootstrap = Promise.resolve(bootstrapOf());
    expect((await takeEarlyBootstrap())?.session.user?.email).toBe(USER.email);
    expect(takeEarlyBootstrap()).toBeNull();

    let asked: string | null = null;
    const api = fakeApi({ 'GET /platform/bootstrap': ({ query }: { query: URLSearchParams }) => ((asked = query.get('project')), bootstrapOf()) });
    const answer = await loadBootstrap(createShellApi(api.fetch).http, `/project/${REF}/sql/new`);
    expect(answer?.project?.project.ref).toBe(REF);
    expect(api.calls).toEqual(['GET /platform/bootstrap']);
    expect(asked).toBe(REF);
  });

  it('answers null for an answer that is not a bootstrap or a failed call, so the pages ask for each part themselves', async () => {
    early.__plinthBootstrap = Promise.resolve({ message: 'Internal error' });
    expect(await takeEarlyBootstrap()).toBeNull();
    early.__plinthBootstrap = Promise.reject(new Error('offline'));
    expect(await takeEarlyBootstrap()).toBeNull();
    const api = fakeApi({});
    expect(await loadBootstrap(createShellApi(api.fetch).http, '/projects')).toBeNull();
    // the pages then ask for the session as before
    const { queryClient } = await startShell(projectApi(makeProject()), '/projects');
    expect(queryClient.getQueryData(['session'])).toBeUndefined();
  });
});
