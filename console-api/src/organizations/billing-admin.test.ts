import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BootstrapSchema,
  createOrganizationRolesClient,
  MemberListSchema,
  ORGANIZATION_ROLE_PERMISSIONS,
  PERMISSIONS,
  type Organization,
  type Project,
} from '@plinth/shared-contracts';
import { createInvoicesClient, createOrganizationInvitationsClient, createTeamClient, InvitationListSchema, PlanRolesSchema } from '@plinth/contracts-billing';
import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';

/**
 * The Billing admin role (issue 26, 001 §6): billing read and write, the organization's reads, no
 * project data; offered on team and enterprise only; answered to builds of contracts 1.6 as a role
 * they know (Read-only), with the role itself in `organization_role`.
 */
let h: TestHarness;
let owner: TestUser;
let billing: TestUser;
let org: Organization;
let project: Project;

const roles = (u: TestUser) => createOrganizationRolesClient(u.api.http);
const invitations = (u: TestUser) => createOrganizationInvitationsClient(u.api.http);

beforeAll(async () => {
  h = await createTestHarness();
  ({ user: owner, org, project } = await h.userWithProject());
  billing = await h.signUp();
});
afterAll(async () => {
  await h?.close();
});

describe('the Billing admin role', () => {
  it('is refused on free and pro with a 409 naming the role and the plan, as member and as invitation', async () => {
    await expect(roles(owner).addMember(org.slug, { email: billing.email, role: 'Billing admin' })).rejects.toMatchObject({
      status: 409,
      code: 'ROLE_NOT_IN_PLAN',
      details: { field: 'role' },
      message: expect.stringContaining('The Free plan does not offer the Billing admin role: it offers Owner and Developer'),
    });
    await expect(invitations(owner).invite(org.slug, { email: 'ledger@example.com', role: 'Billing admin' })).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining('The Free plan does not offer the Billing admin role'),
    });
    await owner.api.plans.updateSubscription(org.slug, { plan: 'pro' });
    await expect(invitations(owner).invite(org.slug, { email: 'ledger@example.com', role: 'Billing admin' })).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining('The Pro plan does not offer the Billing admin role'),
    });
    // A role the API does not list is the caller's mistake: 400 naming the field.
    await expect(roles(owner).addMember(org.slug, { email: billing.email, role: 'Accountant' })).rejects.toMatchObject({ status: 400, code: 'INVALID_ROLE', details: { field: 'role' } });
    await expect(invitations(owner).invite(org.slug, { email: 'ledger@example.com', role: 'Accountant' })).rejects.toMatchObject({ status: 400, details: { field: 'role' } });
  });

  it('the roles route lists every role with its permissions and whether the plan offers it; older builds read their own fields', async () => {
    const onPro = await roles(owner).roles(org.slug);
    expect(onPro.roles).toEqual(['Owner', 'Developer']);
    expect(onPro.organization_roles.find((r) => r.name === 'Billing admin')).toMatchObject({ offered: false, project_data: false });
    await owner.api.plans.updateSubscription(org.slug, { plan: 'team' });
    const onTeam = await roles(owner).roles(org.slug);
    expect(onTeam.organization_roles.filter((r) => r.offered).map((r) => r.name)).toEqual(['Owner', 'Administrator', 'Developer', 'Read-only', 'Billing admin']);
    const info = onTeam.organization_roles.find((r) => r.name === 'Billing admin')!;
    expect([...info.permissions].sort()).toEqual([PERMISSIONS.BILLING_READ, PERMISSIONS.BILLING_WRITE_SUBSCRIPTIONS].sort());
    expect(info.description).toMatch(/invoices/);
    // The same answer, read as a build of contracts-billing 2.0 reads it: the four roles it knows.
    const legacy = PlanRolesSchema.parse(await owner.api.http('GET', `/platform/organizations/${org.slug}/roles`));
    expect(legacy.roles).toEqual(['Owner', 'Administrator', 'Developer', 'Read-only']);
  });

  it('is invited on team, accepted, and listed as Billing admin (and as Read-only to builds that predate it)', async () => {
    const invited = await invitations(owner).invite(org.slug, { email: billing.email, role: 'Billing admin' });
    expect(invited).toMatchObject({ organization_role: 'Billing admin', role: 'Read-only' });
    expect(InvitationListSchema.parse(await owner.api.http('GET', `/platform/organizations/${org.slug}/invitations`))[0]?.role).toBe('Read-only');
    const mailed = await h.internals.control.query<{ link: string }>(`select link from account_outbox where to_email = $1 and kind = 'invitation' order by id desc limit 1`, [billing.email]);
    const token = new URL(mailed.rows[0]!.link).searchParams.get('token')!;
    expect(await invitations(billing).preview(token)).toMatchObject({ organization_role: 'Billing admin' });
    await createTeamClient(billing.api.http).acceptInvitation(token);

    const listed = await roles(owner).listMembers(org.slug);
    expect(listed.find((m) => m.user_id === billing.id)).toMatchObject({ organization_role: 'Billing admin', role: 'Read-only' });
    // The members list parses with the schema of contracts 1.6 (the four roles), so older areas keep working.
    const old = MemberListSchema.parse(await owner.api.http('GET', `/platform/organizations/${org.slug}/members`));
    expect(old.find((m) => m.user_id === billing.id)?.role).toBe('Read-only');
  });

  it('changes the plan and reads invoices and usage', async () => {
    await expect(createInvoicesClient(billing.api.http).listInvoices(org.slug)).resolves.toBeInstanceOf(Array);
    await expect(billing.api.plans.getSubscription(org.slug)).resolves.toMatchObject({ plan: { id: 'team' } });
    await expect(billing.api.usage.getOrganizationUsage(org.slug)).resolves.toBeTruthy();
    const changed = await billing.api.plans.updateSubscription(org.slug, { plan: 'pro' }).catch((e: unknown) => e);
    // Down to pro is refused while the organization holds roles pro does not offer: the Billing admin's own among them.
    expect(changed).toMatchObject({ status: 409, code: 'PLAN_LIMIT', message: expect.stringContaining(`${billing.email} is Billing admin`) });
  });

  it('is 403 on member management, a project\'s SQL and its data, and sees only the project\'s record and status', async () => {
    const other = await h.signUp();
    await expect(roles(billing).addMember(org.slug, { email: other.email, role: 'Developer' })).rejects.toMatchObject({ status: 403, message: expect.stringContaining('members write') });
    await expect(invitations(billing).invite(org.slug, { email: other.email, role: 'Developer' })).rejects.toMatchObject({ status: 403 });
    await expect(roles(billing).updateMember(org.slug, owner.id, { role: 'Developer' })).rejects.toMatchObject({ status: 403 });
    await expect(billing.api.organizations.removeMember(org.slug, owner.id)).rejects.toMatchObject({ status: 403 });

    await expect(billing.api.http('POST', `/platform/pg-meta/${project.ref}/query`, { body: { query: 'select 1' } })).rejects.toMatchObject({
      status: 403,
      message: expect.stringContaining('SQL query run'),
    });
    await expect(billing.api.storage.listBuckets(project.ref)).rejects.toMatchObject({ status: 403 });
    await expect(billing.api.settings.getProjectSettings(project.ref)).rejects.toMatchObject({ status: 403, message: expect.stringContaining('Billing admin role has no access to project data') });
    await expect(billing.api.http('GET', `/platform/projects/${project.ref}/content`)).rejects.toMatchObject({ status: 403 });
    await expect(billing.api.http('POST', `/platform/projects/${project.ref}/pause`, { body: {} })).rejects.toMatchObject({ status: 403 });
    await expect(billing.api.projects.get(project.ref)).resolves.toMatchObject({ ref: project.ref });

    // A project page's bootstrap: the role as older shells read it, with the Billing admin's own permissions.
    const boot = BootstrapSchema.parse(await billing.api.http('GET', '/platform/bootstrap', { query: { project: project.ref } }));
    expect(boot.project?.role).toBe('Read-only');
    expect([...(boot.project?.permissions ?? [])].sort()).toEqual([...ORGANIZATION_ROLE_PERMISSIONS['Billing admin']].sort());
  });

  it('keeps the last-owner rules: the Owner cannot become Billing admin while alone', async () => {
    await expect(roles(owner).updateMember(org.slug, owner.id, { role: 'Billing admin' })).rejects.toMatchObject({ status: 409, code: 'LAST_OWNER' });
    await expect(roles(owner).updateMember(org.slug, billing.id, { role: 'Developer' })).resolves.toMatchObject({ organization_role: 'Developer', role: 'Developer' });
    await expect(roles(owner).updateMember(org.slug, billing.id, { role: 'Billing admin' })).resolves.toMatchObject({ organization_role: 'Billing admin' });
  });
});
