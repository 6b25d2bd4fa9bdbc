import { afterEach, describe, expect, it } from 'vitest';
import { queryKeys, type Project } from '@plinth/shared-contracts';
import { createShellApi } from './api';
import { fakeApi, makeProject, projectApi, REF, reply, SIGNED_OUT, testQueryClient } from './test-harness';
import { useConnectionStore } from '../features/status-gate/connection-store';
import { prefetchProjectPage } from './project-prefetch';
import { CONSOLE_AREAS } from '../areas/testing/console-areas';

afterEach(() => useConnectionStore.setState({ connected: {} }));

describe('prefetchProjectPage (the start of a /project/{ref} address)', () => {
  it('asks for the project, the header lists and the membership once signed in, and checks the project API', async () => {
    const api = projectApi(makeProject());
    const queryClient = testQueryClient();
    await prefetchProjectPage(queryClient, createShellApi(api.fetch), REF, `/project/${REF}/storage/buckets`, CONSOLE_AREAS);
    expect(queryClient.getQueryData<Project>(queryKeys.project(REF))?.name).toBe('Orders');
    expect(queryClient.getQueryData(queryKeys.members('acme'))).toHaveLength(1);
    expect(queryClient.getQueryData(queryKeys.projects())).toHaveLength(1);
    expect(queryClient.getQueryData(queryKeys.organizations())).toHaveLength(1);
    // The project answered: its pages open without the connecting screen.
    expect(api.count(`GET /projects/${REF}/live`)).toBe(1);
    expect(useConnectionStore.getState().connected[REF]).toBe(true);
  });

  it('asks nothing of the project when nobody is signed in (the page sends them to sign in)', async () => {
    const api = fakeApi({ 'GET /auth/session': SIGNED_OUT });
    await prefetchProjectPage(testQueryClient(), createShellApi(api.fetch), REF, `/project/${REF}`, CONSOLE_AREAS);
    expect(api.calls).toEqual(['GET /auth/session']);
  });

  it('leaves a paused project alone: no API check, and its pages still show the paused screen', async () => {
    const api = projectApi(makeProject({ status: 'INACTIVE' }));
    await prefetchProjectPage(testQueryClient(), createShellApi(api.fetch), REF, `/project/${REF}/storage/buckets`, CONSOLE_AREAS);
    expect(api.count(`GET /projects/${REF}/live`)).toBe(0);
    expect(useConnectionStore.getState().connected[REF]).toBeUndefined();
  });

  it('does not mark a project reachable whose API does not answer', async () => {
    const api = projectApi(makeProject(), { [`GET /projects/${REF}/live`]: reply(503, { message: 'Project API is down' }) });
    await expect(prefetchProjectPage(testQueryClient(), createShellApi(api.fetch), REF, `/project/${REF}/sql/new`, CONSOLE_AREAS)).rejects.toThrow();
    expect(useConnectionStore.getState().connected[REF]).toBeUndefined();
  });
});
