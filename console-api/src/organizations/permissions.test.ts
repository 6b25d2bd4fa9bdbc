import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { ALL_PERMISSIONS, MEMBER_ROLES, PERMISSION_LABELS, ROLE_PERMISSIONS, type MemberRole, type Organization, type Project } from '@plinth/shared-contracts';
import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';

let h: TestHarness;
let owner: TestUser;
let org: Organization;
let project: Project;
const members = {} as Record<MemberRole, TestUser>;

beforeAll(async () => {
  h = await createTestHarness();
  ({ user: owner, org, project } = await h.userWithProject());
  members.Owner = owner;
  // Administrator and Read-only are Team plan roles.
  await owner.api.plans.updateSubscription(org.slug, { plan: 'team' });
  for (const role of MEMBER_ROLES.filter((r) => r !== 'Owner')) {
    members[role] = await h.signUp();
    await owner.api.organizations.addMember(org.slug, { email: members[role].email, role });
  }
});
afterAll(async () => {
  await h?.close();
});

const asRequest = (u: TestUser) => ({ headers: {}, cookies: { plinth_session: u.jar.get('plinth_session') } }) as unknown as FastifyRequest;

describe('the permission table, enforced', () => {
  it('every role against every permission key: allowed exactly when the table says so, else 403 naming it', async () => {
    for (const role of MEMBER_ROLES) {
      for (const permission of ALL_PERMISSIONS) {
        const attempt = h.internals.deps.requireProjectAccess(asRequest(members[role]), project.ref, permission);
        if (ROLE_PERMISSIONS[role].includes(permission)) {
          await expect(attempt, `${role} ${permission}`).resolves.toMatchObject({ role });
        } else {
          await expect(attempt, `${role} ${permission}`).rejects.toMatchObject({ status: 403, message: expect.stringContaining(`You need the ${PERMISSION_LABELS[permission]} permission`) });
        }
      }
    }
  });

  it('members list shows each role', async () => {
    const list = await owner.api.organizations.listMembers(org.slug);
    expect(list.map((m) => m.role).sort()).toEqual([...MEMBER_ROLES].sort());
  });

  it('routes: create project, pause and restore, members, subscription, usage per role', async () => {
    const can = (role: MemberRole, p: string) => ROLE_PERMISSIONS[role].includes(p as never);
    for (const role of MEMBER_ROLES) {
      const u = members[role];
      const check = async (allowed: boolean, call: () => Promise<unknown>, label: string) => {
        if (allowed) await expect(call(), `${role}: ${label}`).resolves.not.toThrow();
        else await expect(call(), `${role}: ${label}`).rejects.toMatchObject({ status: 403, message: expect.stringMatching(/^You need the .+ permission to /) });
      };
      await check(can(role, 'billing_read'), () => u.api.usage.getProjectUsage(project.ref), 'project usage');
      await check(can(role, 'billing_read'), () => u.api.plans.getSubscription(org.slug), 'subscription');
      // The Team plan again: the members' Administrator and Read-only roles would keep them off Free and Pro.
      await check(can(role, 'billing_write_subscriptions'), () => u.api.plans.updateSubscription(org.slug, { plan: 'team' }), 'change plan');
      await check(can(role, 'projects_write'), () => u.api.projects.update(project.ref, { name: `by ${role}` }), 'rename project');
      // Everyone with access can read the project and its status.
      expect((await u.api.projects.getStatus(project.ref)).status).toBe('ACTIVE_HEALTHY');
    }
    await expect(members['Read-only'].api.projects.create({ name: 'x', organization_slug: org.slug })).rejects.toMatchObject({ status: 403, message: 'You need the projects write permission to create projects' });
    await expect(members.Developer.api.projects.pause(project.ref)).rejects.toMatchObject({ status: 403, message: 'You need the projects write permission to pause this project' });
    await expect(members['Read-only'].api.organizations.addMember(org.slug, { email: 'x@example.com', role: 'Developer' })).rejects.toMatchObject({ status: 403, message: 'You need the members write permission to add members' });
  });

  it('restore needs infra execute: Read-only gets 403, Developer may restore', async () => {
    await members.Administrator.api.projects.pause(project.ref);
    await h.waitForStatus(owner, project.ref, 'INACTIVE');
    await expect(members['Read-only'].api.projects.restore(project.ref)).rejects.toMatchObject({
      status: 403,
      message: 'You need the infra execute on initialising or resuming projects permission to restore this project',
    });
    expect((await members.Developer.api.projects.restore(project.ref)).status).toBe('RESTORING');
    await h.waitForStatus(owner, project.ref, 'ACTIVE_HEALTHY');
  });

  it('member management: only an Owner hands out Owner, the last Owner stays, roles change and members leave', async () => {
    const admin = members.Administrator;
    const extra = await h.signUp();
    await expect(admin.api.organizations.addMember(org.slug, { email: extra.email, role: 'Owner' })).rejects.toMatchObject({ status: 403 });
    await admin.api.organizations.addMember(org.slug, { email: extra.email, role: 'Developer' });
    await expect(admin.api.organizations.addMember(org.slug, { email: extra.email, role: 'Developer' })).rejects.toMatchObject({ status: 409 });
    await expect(admin.api.organizations.addMember(org.slug, { email: 'nobody-here@example.com', role: 'Developer' })).rejects.toMatchObject({ status: 404 });
    expect((await admin.api.organizations.updateMember(org.slug, extra.id, { role: 'Read-only' })).role).toBe('Read-only');
    await expect(extra.api.projects.pause(project.ref)).rejects.toMatchObject({ status: 403 });
    await expect(owner.api.organizations.updateMember(org.slug, owner.id, { role: 'Developer' })).rejects.toMatchObject({ status: 409 });
    await admin.api.organizations.removeMember(org.slug, extra.id);
    await expect(extra.api.projects.getStatus(project.ref)).rejects.toMatchObject({ status: 404 });
  });
});
