import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@plinth/shared-contracts';
import { createTestHarness, type TestHarness } from '@plinth/platform-api/testing';

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('project lifecycle', () => {
  it('create → COMING_UP → ACTIVE_HEALTHY with a real database, keys and recorded transitions', async () => {
    const user = await h.signUp();
    const org = await user.api.organizations.create({ name: 'Lifecycle' });
    const created = await user.api.projects.create({ name: 'Shop', organization_slug: org.slug });
    expect(created.status).toBe('COMING_UP');
    expect(created.postgrestStatus).toBe('OFFLINE');
    await expect(user.api.projects.live(created.ref)).rejects.toMatchObject({ status: 503 });
    await h.waitForStatus(user, created.ref, 'ACTIVE_HEALTHY');
    const project = await user.api.projects.get(created.ref);
    expect(project.postgrestStatus).toBe('ONLINE');
    expect(project.status_history?.map((e) => e.status)).toEqual(['COMING_UP', 'ACTIVE_HEALTHY']);
    expect(await user.api.projects.live(created.ref)).toEqual({ status: 'ONLINE', ref: created.ref });

    const db = await h.internals.databases.get(created.ref);
    const roles = await db.query<{ rolname: string }>(`select rolname from pg_roles where rolname in ('anon','authenticated','service_role') order by 1`);
    expect(roles.rows.map((r) => r.rolname)).toEqual(['anon', 'authenticated', 'service_role']);
    const rls = await db.query<{ relrowsecurity: boolean }>(`select relrowsecurity from pg_class where oid = 'storage.objects'::regclass`);
    expect(rls.rows[0]?.relrowsecurity).toBe(true);
    const uid = await db.query<{ uid: string }>('select auth.uid()::text as uid', [], { claims: { sub: '00000000-0000-0000-0000-000000000001', role: 'authenticated' } });
    expect(uid.rows[0]?.uid).toBe('00000000-0000-0000-0000-000000000001');
    const keys = await h.internals.control.query<{ anon_key: string }>('select anon_key from projects where ref = $1', [created.ref]);
    const claims = JSON.parse(Buffer.from(keys.rows[0]!.anon_key.split('.')[1]!, 'base64url').toString());
    expect(claims.role).toBe('anon');
  });

  it('pause → INACTIVE closes the database; restore → ACTIVE_HEALTHY opens it with the data kept', async () => {
    const { user, project } = await h.userWithProject();
    await (await h.internals.databases.get(project.ref)).exec('create table notes (body text); insert into notes values ($$kept$$);', { user: true });
    expect((await user.api.projects.pause(project.ref)).status).toBe('PAUSING');
    await h.waitForStatus(user, project.ref, 'INACTIVE');
    await expect(user.api.projects.live(project.ref)).rejects.toMatchObject({ status: 503 });
    await expect(user.api.projects.pause(project.ref)).rejects.toMatchObject({ status: 409 });
    expect((await user.api.projects.restore(project.ref)).status).toBe('RESTORING');
    await h.waitForStatus(user, project.ref, 'ACTIVE_HEALTHY');
    const rows = await (await h.internals.databases.get(project.ref)).query<{ body: string }>('select body from public.notes');
    expect(rows.rows).toEqual([{ body: 'kept' }]);
    const history = (await user.api.projects.get(project.ref)).status_history?.map((e) => e.status);
    expect(history).toEqual(['COMING_UP', 'ACTIVE_HEALTHY', 'PAUSING', 'GOING_DOWN', 'INACTIVE', 'RESTORING', 'ACTIVE_HEALTHY']);
  });

  it('a restore whose database cannot be opened ends RESTORATION_FAILED', async () => {
    const { user, project } = await h.userWithProject();
    await user.api.projects.pause(project.ref);
    await h.waitForStatus(user, project.ref, 'INACTIVE');
    if (h.mode === 'embedded') await h.internals.projects.removeEmbeddedFiles(project.ref);
    else await h.internals.control.query(`drop database plinth_project_${project.ref} with (force)`);
    await user.api.projects.restore(project.ref);
    await h.waitForStatus(user, project.ref, 'RESTORATION_FAILED');
    const got = await user.api.projects.get(project.ref);
    expect(got.postgrestStatus).toBe('OFFLINE');
    expect(got.status_history?.at(-1)?.detail).toBeTruthy();
  });

  it('refuses a restore when a member has reached the free project limit, and lists them', async () => {
    const user = await h.signUp();
    const org = await user.api.organizations.create({ name: 'Free' });
    const a = await h.createProject(user, org.slug, 'a');
    await h.createProject(user, org.slug, 'b');
    await user.api.projects.pause(a.ref);
    await h.waitForStatus(user, a.ref, 'INACTIVE');
    await h.createProject(user, org.slug, 'c');
    expect(await user.api.organizations.membersReachedFreeProjectLimit(org.slug)).toEqual([
      { username: expect.any(String), primary_email: user.email, free_project_limit: 2 },
    ]);
    const err = await user.api.projects.restore(a.ref).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(409);
    expect((err as ApiError).message).toContain(user.email);
    await user.api.plans.updateSubscription(org.slug, { plan: 'pro' });
    expect((await user.api.projects.restore(a.ref)).status).toBe('RESTORING');
    await h.waitForStatus(user, a.ref, 'ACTIVE_HEALTHY');
  });

  it('answers 404 for unknown projects and hides other users\' projects', async () => {
    const { project } = await h.userWithProject();
    const stranger = await h.signUp();
    await expect(stranger.api.projects.getStatus(project.ref)).rejects.toMatchObject({ status: 404 });
    await expect(stranger.api.projects.get('zzzzzzzzzzzzzzzzzzzz')).rejects.toMatchObject({ status: 404 });
    expect(await stranger.api.projects.list()).toEqual([]);
  });
});
