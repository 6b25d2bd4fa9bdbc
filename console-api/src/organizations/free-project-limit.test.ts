import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness();
});
afterAll(async () => {
  await h?.close();
});

const create = (user: TestUser, slug: string, name = 'p') => user.api.projects.create({ name, organization_slug: slug });

describe('free-project limit at creation', () => {
  it('refuses a third running project in free organizations with a 409 naming the member; a paid plan lifts it', async () => {
    const user = await h.signUp();
    const org = await user.api.organizations.create({ name: 'Free' });
    await create(user, org.slug, 'a');
    await create(user, org.slug, 'b');
    const err = await create(user, org.slug, 'c').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 409, code: 'FREE_PROJECT_LIMIT' });
    expect((err as Error).message).toBe(`Members of this organization have reached their free project limit: ${user.email}`);
    // The limit spans the member's free organizations.
    const second = await user.api.organizations.create({ name: 'Another free one' });
    await expect(create(user, second.slug)).rejects.toMatchObject({ status: 409 });
    await user.api.plans.updateSubscription(org.slug, { plan: 'pro' });
    await expect(create(user, org.slug, 'c')).resolves.toMatchObject({ name: 'c' });
    expect((await user.api.projects.list()).length).toBe(3);
  });

  it('refuses a project in a free organization when any of its members is at the limit', async () => {
    const owner = await h.signUp();
    const org = await owner.api.organizations.create({ name: 'Shared' });
    const busy = await h.signUp();
    const own = await busy.api.organizations.create({ name: 'Busy' });
    await create(busy, own.slug, 'x');
    await create(busy, own.slug, 'y');
    await owner.api.organizations.addMember(org.slug, { email: busy.email, role: 'Developer' });
    await expect(create(owner, org.slug)).rejects.toMatchObject({ status: 409, message: expect.stringContaining(busy.email) });
  });

  it('lets only the creations that fit through when they arrive at once', async () => {
    const user = await h.signUp();
    const org = await user.api.organizations.create({ name: 'Race' });
    const results = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => create(user, org.slug, `r${i}`)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    for (const r of results.filter((x) => x.status === 'rejected')) expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
  });
});

describe('branches are projects', () => {
  it('need the projects write permission and count toward the free-project limit', async () => {
    const { user: owner, org, project } = await h.userWithProject();
    const dev = await h.signUp();
    await owner.api.organizations.addMember(org.slug, { email: dev.email, role: 'Developer' });
    await expect(dev.api.integrations.createBranch(project.ref, { branch_name: 'dev-branch' })).rejects.toMatchObject({
      status: 403,
      message: 'You need the projects write permission to create branches',
    });
    const branch = await owner.api.integrations.createBranch(project.ref, { branch_name: 'first' });
    expect(branch.parent_project_ref).toBe(project.ref);
    // The owner now runs two projects (main and branch): a second branch would be the third.
    const err = await owner.api.integrations.createBranch(project.ref, { branch_name: 'second' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 409, code: 'FREE_PROJECT_LIMIT' });
    expect((await owner.api.integrations.listBranches(project.ref)).map((b) => b.name)).toEqual(['first']);
    await expect(create(owner, org.slug)).rejects.toMatchObject({ status: 409 });
    await h.waitForStatus(owner, branch.project_ref, 'ACTIVE_HEALTHY');
  });
});
