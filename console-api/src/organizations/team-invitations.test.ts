import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeamClient } from '@plinth/contracts-billing';
import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness();
});
afterAll(async () => {
  await h?.close();
});

const team = (u: TestUser) => createTeamClient(u.api.http);

/** The invitation link last mailed to `email` (the account outbox stands for the mail transport here). */
async function mailedLink(email: string): Promise<{ link: string; token: string; subject: string; body: string }> {
  const r = await h.internals.control.query<{ link: string; subject: string; body: string }>(
    `select link, subject, body from account_outbox where to_email = $1 and kind = 'invitation' order by id desc limit 1`,
    [email],
  );
  const row = r.rows[0];
  if (!row) throw new Error(`no invitation mailed to ${email}`);
  return { ...row, token: new URL(row.link).searchParams.get('token')! };
}

describe('roles per plan', () => {
  it('free and pro offer Owner and Developer with one Owner; team adds Administrator, Read-only and more Owners; refusals name the role and the plan', async () => {
    const owner = await h.signUp();
    const org = await owner.api.organizations.create({ name: 'Roles' });
    const a = await h.signUp();
    const b = await h.signUp();
    await expect(owner.api.organizations.addMember(org.slug, { email: a.email, role: 'Read-only' })).rejects.toMatchObject({
      status: 409,
      code: 'ROLE_NOT_IN_PLAN',
      message: 'The Free plan does not offer the Read-only role: it offers Owner and Developer. Upgrade to the Team plan for Administrator, Read-only, Billing admin and additional Owners',
    });
    await expect(team(owner).invite(org.slug, { email: 'someone@example.com', role: 'Administrator' })).rejects.toMatchObject({ status: 409, message: expect.stringContaining('does not offer the Administrator role') });
    await expect(owner.api.organizations.addMember(org.slug, { email: a.email, role: 'Owner' })).rejects.toMatchObject({
      status: 409,
      message: 'The Free plan allows one Owner: upgrade to the Team plan for additional owners',
    });
    await owner.api.organizations.addMember(org.slug, { email: a.email, role: 'Developer' });
    await expect(owner.api.organizations.updateMember(org.slug, a.id, { role: 'Read-only' })).rejects.toMatchObject({ status: 409, code: 'ROLE_NOT_IN_PLAN' });
    await expect(owner.api.organizations.updateMember(org.slug, a.id, { role: 'Owner' })).rejects.toMatchObject({ status: 409, code: 'ROLE_NOT_IN_PLAN' });

    await owner.api.plans.updateSubscription(org.slug, { plan: 'pro' });
    await expect(owner.api.organizations.addMember(org.slug, { email: b.email, role: 'Administrator' })).rejects.toMatchObject({ status: 409, message: expect.stringContaining('The Pro plan does not offer the Administrator role') });

    await owner.api.plans.updateSubscription(org.slug, { plan: 'team' });
    expect(await owner.api.organizations.updateMember(org.slug, a.id, { role: 'Owner' })).toMatchObject({ role: 'Owner' });
    expect(await owner.api.organizations.addMember(org.slug, { email: b.email, role: 'Read-only' })).toMatchObject({ role: 'Read-only' });
    await owner.api.organizations.updateMember(org.slug, b.id, { role: 'Administrator' });
    // The way back down names the members whose roles the lower plan does not offer.
    const down = (await owner.api.plans.updateSubscription(org.slug, { plan: 'pro' }).catch((e: unknown) => e)) as Error;
    expect(down).toMatchObject({ status: 409, code: 'PLAN_LIMIT' });
    expect(down.message).toContain(`${b.email} is Administrator`);
  });
});

describe('invitations', () => {
  it('an invitation is mailed with its link, listed as pending, and accepted by the invited address only (signing up, or signing in)', async () => {
    const { user: owner, org } = await h.userWithProject();
    const email = `invited-${Date.now()}@example.com`;
    const inv = await team(owner).invite(org.slug, { email, role: 'Developer' });
    expect(inv).toMatchObject({ invited_email: email, role: 'Developer', invited_by: owner.email, expired: false });
    expect(Date.parse(inv.expires_at) - Date.parse(inv.invited_at)).toBeGreaterThan(6 * 86_400_000);
    expect((await team(owner).listInvitations(org.slug)).map((i) => i.invited_email)).toEqual([email]);
    await expect(team(owner).invite(org.slug, { email, role: 'Developer' })).rejects.toMatchObject({ status: 409, code: 'ALREADY_INVITED' });

    const mail = await mailedLink(email);
    expect(mail.subject).toBe(`You have been invited to join ${org.name} on Plinth`);
    expect(mail.link).toMatch(/\/account\/invitation\?token=/);
    expect(mail.body).toContain(mail.link);
    const stored = await h.internals.control.query<{ token_hash: string }>('select token_hash from organization_invitations where id = $1', [inv.id]);
    expect(stored.rows[0]!.token_hash).not.toContain(mail.token);

    // Anyone with the link sees what it is for; someone else signed in cannot take it.
    const anon = await h.anonymous();
    expect(await createTeamClient(anon.api.http).previewInvitation(mail.token)).toEqual({ organization_name: org.name, organization_slug: org.slug, invited_email: email, role: 'Developer', expired: false });
    await expect(createTeamClient(anon.api.http).acceptInvitation(mail.token)).rejects.toMatchObject({ status: 401 });
    const stranger = await h.signUp();
    await expect(team(stranger).acceptInvitation(mail.token)).rejects.toMatchObject({ status: 403, code: 'INVITATION_OTHER_EMAIL', message: expect.stringContaining(`This invitation is for ${email}`) });

    const invited = await h.signUp({ email });
    expect(await team(invited).acceptInvitation(mail.token)).toEqual({ organization_slug: org.slug, role: 'Developer' });
    expect((await owner.api.organizations.listMembers(org.slug)).find((m) => m.primary_email === email)?.role).toBe('Developer');
    expect(await team(owner).listInvitations(org.slug)).toEqual([]);
    await expect(team(invited).acceptInvitation(mail.token)).rejects.toMatchObject({ status: 404, code: 'INVITATION_NOT_FOUND' });
    await expect(team(owner).invite(org.slug, { email, role: 'Developer' })).rejects.toMatchObject({ status: 409, code: 'ALREADY_MEMBER' });

    // An existing account accepts by signing in.
    const existing = await h.signUp();
    await team(owner).invite(org.slug, { email: existing.email, role: 'Developer' });
    const again = await h.signIn(existing.email, existing.password);
    await team(again).acceptInvitation((await mailedLink(existing.email)).token);
    expect((await again.api.organizations.list()).map((o) => o.slug)).toContain(org.slug);
  });

  it('resend makes a new link (the old one stops working), revoke ends it, an expired one cannot be accepted; only members write may invite', async () => {
    const { user: owner, org } = await h.userWithProject();
    const dev = await h.signUp();
    await owner.api.organizations.addMember(org.slug, { email: dev.email, role: 'Developer' });
    await expect(team(dev).invite(org.slug, { email: 'x@example.com', role: 'Developer' })).rejects.toMatchObject({ status: 403, message: 'You need the members write permission to invite members' });

    const invitee = await h.signUp();
    const inv = await team(owner).invite(org.slug, { email: invitee.email, role: 'Developer' });
    const first = await mailedLink(invitee.email);
    const resent = await team(owner).resendInvitation(org.slug, inv.id);
    const second = await mailedLink(invitee.email);
    expect(second.token).not.toBe(first.token);
    expect(resent.id).toBe(inv.id);
    await expect(team(invitee).acceptInvitation(first.token)).rejects.toMatchObject({ status: 404 });

    await h.internals.control.query(`update organization_invitations set expires_at = now() - interval '1 second' where id = $1`, [inv.id]);
    expect((await team(owner).listInvitations(org.slug))[0]).toMatchObject({ id: inv.id, expired: true });
    expect((await createTeamClient((await h.anonymous()).api.http).previewInvitation(second.token)).expired).toBe(true);
    await expect(team(invitee).acceptInvitation(second.token)).rejects.toMatchObject({ status: 410, code: 'INVITATION_EXPIRED', message: expect.stringContaining('ask a member of') });
    await expect(invitee.api.organizations.get(org.slug)).rejects.toMatchObject({ status: 404 });

    // Resending an expired invitation makes it work again.
    await team(owner).resendInvitation(org.slug, inv.id);
    const third = await mailedLink(invitee.email);
    await team(owner).revokeInvitation(org.slug, inv.id);
    await expect(team(invitee).acceptInvitation(third.token)).rejects.toMatchObject({ status: 404 });
    expect(await team(owner).listInvitations(org.slug)).toEqual([]);
    await expect(team(owner).revokeInvitation(org.slug, inv.id)).rejects.toMatchObject({ status: 404 });
  });
});

describe('deleting an organization', () => {
  it('is refused while it has projects (naming them), needs the name typed and an Owner; then it is gone for every member', async () => {
    const { user: owner, org, project } = await h.userWithProject();
    const dev = await h.signUp();
    await owner.api.organizations.addMember(org.slug, { email: dev.email, role: 'Developer' });
    await expect(team(dev).deleteOrganization(org.slug, { confirm_name: org.name })).rejects.toMatchObject({ status: 403, message: 'Only an Owner can delete the organization' });
    await expect(team(owner).deleteOrganization(org.slug, { confirm_name: 'not it' })).rejects.toMatchObject({ status: 400, code: 'CONFIRMATION_MISMATCH' });
    await expect(team(owner).deleteOrganization(org.slug, { confirm_name: org.name })).rejects.toMatchObject({
      status: 409,
      code: 'ORGANIZATION_HAS_PROJECTS',
      message: `This organization still has 1 project (${project.name}): delete it before deleting the organization`,
    });
    await owner.api.projects.remove(project.ref);
    await team(owner).deleteOrganization(org.slug, { confirm_name: org.name });
    await expect(owner.api.organizations.get(org.slug)).rejects.toMatchObject({ status: 404 });
    await expect(dev.api.organizations.get(org.slug)).rejects.toMatchObject({ status: 404 });
    expect((await owner.api.organizations.list()).map((o) => o.slug)).not.toContain(org.slug);
  });
});
