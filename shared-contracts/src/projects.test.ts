import { describe, expect, it } from 'vitest';
import { createHttp, ApiError } from './http';
import { createProjectsClient, CreateProjectBodySchema, PROJECT_STATUSES, ProjectSchema, upgradeProgressStep, usesLiveCheck } from './projects';

const project = {
  id: 1, ref: 'abcdefghijklmnopqrst', name: 'Shop', status: 'COMING_UP', postgrestStatus: 'OFFLINE', connectionString: null,
  subscription_id: 'sub_1', restUrl: 'http://x/rest/v1/', kpsVersion: '3.8.6', is_branch_enabled: false, parent_project_ref: null,
  organization_id: 1, organization_slug: 'acme', inserted_at: '2026-01-01T00:00:00.000Z',
};

function fakeFetch(status: number, body: unknown): typeof fetch {
  return (async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })) as typeof fetch;
}

describe('project contracts', () => {
  it('knows every status value of the spec', () => {
    expect(PROJECT_STATUSES).toEqual(['ACTIVE_HEALTHY', 'COMING_UP', 'UNKNOWN', 'INACTIVE', 'RESTORING', 'RESTORATION_FAILED', 'UPGRADING', 'GOING_DOWN', 'PAUSING']);
    expect(ProjectSchema.safeParse({ ...project, status: 'SLEEPING' }).success).toBe(false);
  });
  it('rejects a create body without a name, naming the field', () => {
    const r = CreateProjectBodySchema.safeParse({ name: '  ', organization_slug: 'acme' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['name']);
    expect(r.error?.issues[0]?.message).toBe('Project name is required');
  });
  it('reads the upgrade progress step and the live-check version rule', () => {
    expect(upgradeProgressStep('3_pre_upgrade_checks')).toBe(3);
    expect(upgradeProgressStep(null)).toBe(0);
    expect(usesLiveCheck('3.8.6')).toBe(true);
    expect(usesLiveCheck('3.8.5')).toBe(false);
    expect(usesLiveCheck('4.0.0')).toBe(true);
    expect(usesLiveCheck('3.10.0')).toBe(true);
  });
  it('client validates answers and throws ApiError with the server message', async () => {
    const ok = createProjectsClient(createHttp({ baseUrl: '/api', fetch: fakeFetch(200, project) }));
    expect((await ok.get(project.ref)).status).toBe('COMING_UP');
    const missing = createProjectsClient(createHttp({ baseUrl: '/api', fetch: fakeFetch(404, { message: 'Project not found' }) }));
    await expect(missing.getStatus('x')).rejects.toMatchObject({ status: 404, message: 'Project not found' });
    const bad = createProjectsClient(createHttp({ baseUrl: '/api', fetch: fakeFetch(200, { status: 'NOPE' }) }));
    await expect(bad.getStatus('x')).rejects.toBeInstanceOf(ApiError);
  });
});
