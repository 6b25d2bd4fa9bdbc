import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_PLAN_UPLOAD_LIMIT, GB, PERMISSION_MESSAGES } from '@plinth/shared-contracts';
import { billingPeriod, createInvoicesClient, createSubscriptionClient, PLAN_LIMITS, proratedCents } from '@plinth/contracts-billing';
import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';
import { logRetentionDays } from '../logs';
import { InvoicesService } from './invoices';

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness();
});
afterAll(async () => {
  await h?.close();
});

/** The invoice job as the server runs it (no payment provider: invoices stay issued). */
const invoiceJob = () => new InvoicesService(h.internals.control, (o) => h.internals.usage.organizationUsage(o));

const billing = (u: TestUser) => ({ ...createSubscriptionClient(u.api.http), ...createInvoicesClient(u.api.http) });

describe('plan changes', () => {
  it('upgrading to Pro: the preview names what changes and its prorated cost, the change is recorded, uploads above 50 MB and a week of logs follow', async () => {
    const { user, org, project } = await h.userWithProject();
    const control = h.internals.control;
    expect((await user.api.storage.getStorageConfig(project.ref)).fileSizeLimit).toBe(FREE_PLAN_UPLOAD_LIMIT);
    expect(await logRetentionDays(control, project.ref)).toBe(PLAN_LIMITS.free.logRetentionDays);
    await user.api.storage.createBucket(project.ref, { id: 'big', public: false });
    const big = new Uint8Array(FREE_PLAN_UPLOAD_LIMIT + 1);
    await expect(user.api.storage.uploadObject(project.ref, 'big', 'over.bin', big)).rejects.toMatchObject({ status: 413 });

    const before = Date.now();
    const preview = await billing(user).previewPlanChange(org.slug, 'pro');
    const { start, end } = billingPeriod(new Date(before));
    expect(preview).toMatchObject({ from: 'free', to: 'pro', period_start: start.toISOString(), period_end: end.toISOString(), blockers: [] });
    expect(preview.prorated_amount_cents).toBe(proratedCents('free', 'pro', preview.remaining_fraction));
    expect(preview.prorated_amount_cents).toBeGreaterThan(0);
    expect(preview.prorated_amount_cents).toBeLessThanOrEqual(2_500);
    expect(preview.changes).toContainEqual({ section: 'Storage', title: 'Max upload size', from: '50 MB', to: '5 GB' });
    expect(preview.changes).toContainEqual({ section: 'Dashboard', title: 'Log retention', from: '1 day', to: '7 days' });

    expect(await user.api.plans.updateSubscription(org.slug, { plan: 'pro' })).toEqual({ plan: { id: 'pro', name: 'Pro' }, usage_billing_enabled: false });
    expect((await user.api.plans.getSubscription(org.slug)).plan.id).toBe('pro');
    const recorded = await control.query<{ from_plan: string; to_plan: string; prorated_amount_cents: number; at: Date | string }>(
      'select from_plan, to_plan, prorated_amount_cents, at from subscription_changes where organization_id = $1',
      [org.id],
    );
    expect(recorded.rows).toHaveLength(1);
    const row = recorded.rows[0]!;
    expect(row).toMatchObject({ from_plan: 'free', to_plan: 'pro' });
    const at = new Date(row.at).getTime();
    expect(row.prorated_amount_cents).toBe(proratedCents('free', 'pro', (end.getTime() - at) / (end.getTime() - start.getTime())));

    expect(await user.api.storage.getStorageConfig(project.ref)).toEqual({ fileSizeLimit: 5 * GB, isFreeTier: false });
    await expect(user.api.storage.uploadObject(project.ref, 'big', 'over.bin', big)).resolves.toMatchObject({ name: 'over.bin' });
    expect(await logRetentionDays(control, project.ref)).toBe(PLAN_LIMITS.pro.logRetentionDays);
  });

  it('the switch closes changes with the spec message; the status says so', async () => {
    const { user, org } = await h.userWithProject();
    process.env.PLINTH_SUBSCRIPTION_CHANGES_DISABLED = '1';
    try {
      expect(await billing(user).getBillingStatus()).toEqual({ subscription_changes_disabled: true });
      await expect(user.api.plans.updateSubscription(org.slug, { plan: 'pro' })).rejects.toMatchObject({
        status: 503,
        message: PERMISSION_MESSAGES.subscriptionChangesDisabled,
      });
      expect((await user.api.plans.getSubscription(org.slug)).plan.id).toBe('free');
    } finally {
      delete process.env.PLINTH_SUBSCRIPTION_CHANGES_DISABLED;
    }
    expect(await billing(user).getBillingStatus()).toEqual({ subscription_changes_disabled: false });
    await expect(user.api.plans.updateSubscription(org.slug, { plan: 'pro' })).resolves.toMatchObject({ plan: { id: 'pro' } });
  });

  it('without billing write the change is refused naming the permission; Enterprise is arranged with us', async () => {
    const { user, org } = await h.userWithProject();
    const dev = await h.signUp();
    await user.api.organizations.addMember(org.slug, { email: dev.email, role: 'Developer' });
    await expect(dev.api.plans.updateSubscription(org.slug, { plan: 'pro' })).rejects.toMatchObject({
      status: 403,
      message: 'You need the billing write on subscriptions permission to amend subscriptions',
    });
    const enterprise = await user.api.plans.updateSubscription(org.slug, { plan: 'enterprise' }).catch((e: unknown) => e);
    expect(enterprise).toMatchObject({ status: 409, code: 'PLAN_LIMIT', message: expect.stringContaining('contact us') });
  });

  it('a downgrade that would break a limit names each one and changes nothing', async () => {
    const owner = await h.signUp();
    const org = await owner.api.organizations.create({ name: 'Downgrade' });
    await owner.api.plans.updateSubscription(org.slug, { plan: 'team' });
    const admin = await h.signUp();
    await owner.api.organizations.addMember(org.slug, { email: admin.email, role: 'Administrator' });
    const projects = [];
    for (const name of ['a', 'b', 'c']) projects.push(await owner.api.projects.create({ name, organization_slug: org.slug }));
    for (const p of projects) await h.waitForStatus(owner, p.ref, 'ACTIVE_HEALTHY');
    await owner.api.storage.updateStorageConfig(projects[0]!.ref, { fileSizeLimit: 1024 * 1024 * 1024 });

    const preview = await billing(owner).previewPlanChange(org.slug, 'free');
    expect(preview.blockers.map((b) => b.limit)).toEqual(['projects', 'upload_size', 'member_roles']);
    const err = (await owner.api.plans.updateSubscription(org.slug, { plan: 'free' }).catch((e: unknown) => e)) as Error;
    expect(err).toMatchObject({ status: 409, code: 'PLAN_LIMIT' });
    expect(err.message).toContain(`${owner.email} would have 3`);
    expect(err.message).toContain('project a allows 1 GB');
    expect(err.message).toContain(`${admin.email} is Administrator; the Free plan offers Owner and Developer only`);
    // Pro keeps projects and upload size but not the Administrator role.
    const toPro = (await billing(owner).previewPlanChange(org.slug, 'pro')).blockers;
    expect(toPro.map((b) => b.limit)).toEqual(['member_roles']);
    expect((await owner.api.plans.getSubscription(org.slug)).plan.id).toBe('team');

    await owner.api.organizations.updateMember(org.slug, admin.id, { role: 'Developer' });
    await owner.api.projects.pause(projects[2]!.ref);
    await h.waitForStatus(owner, projects[2]!.ref, 'INACTIVE');
    await owner.api.storage.updateStorageConfig(projects[0]!.ref, { fileSizeLimit: FREE_PLAN_UPLOAD_LIMIT });
    expect((await billing(owner).previewPlanChange(org.slug, 'free')).blockers).toEqual([]);
    await expect(owner.api.plans.updateSubscription(org.slug, { plan: 'free' })).resolves.toMatchObject({ plan: { id: 'free' } });
  });
});

describe('team', () => {
  it('roles per plan, role changes, removal and leaving; the last Owner stays', async () => {
    const { user: owner, org } = await h.userWithProject();
    expect(await billing(owner).getPlanRoles(org.slug)).toEqual({ plan: 'free', roles: ['Owner', 'Developer'], additional_owners: false });
    const dev = await h.signUp();
    const other = await h.signUp();
    expect(await owner.api.organizations.addMember(org.slug, { email: dev.email, role: 'Developer' })).toMatchObject({ primary_email: dev.email, role: 'Developer' });
    await owner.api.organizations.addMember(org.slug, { email: other.email, role: 'Developer' });
    await expect(dev.api.organizations.updateMember(org.slug, other.id, { role: 'Owner' })).rejects.toMatchObject({ status: 403, message: 'You need the members write permission to change member roles' });
    await expect(dev.api.organizations.removeMember(org.slug, other.id)).rejects.toMatchObject({ status: 403 });

    // The last Owner can neither leave nor be removed nor demoted.
    await expect(billing(owner).leaveOrganization(org.slug)).rejects.toMatchObject({ status: 409, code: 'LAST_OWNER' });
    await expect(owner.api.organizations.removeMember(org.slug, owner.id)).rejects.toMatchObject({ status: 409, code: 'LAST_OWNER' });
    await expect(owner.api.organizations.updateMember(org.slug, owner.id, { role: 'Developer' })).rejects.toMatchObject({ status: 409 });

    await owner.api.organizations.removeMember(org.slug, other.id);
    await expect(other.api.organizations.get(org.slug)).rejects.toMatchObject({ status: 404 });
    await billing(dev).leaveOrganization(org.slug);
    await expect(dev.api.organizations.get(org.slug)).rejects.toMatchObject({ status: 404 });
    expect((await owner.api.organizations.listMembers(org.slug)).map((m) => m.primary_email)).toEqual([owner.email]);

    await owner.api.plans.updateSubscription(org.slug, { plan: 'team' });
    expect(await billing(owner).getPlanRoles(org.slug)).toEqual({ plan: 'team', roles: ['Owner', 'Administrator', 'Developer', 'Read-only'], additional_owners: true });
    await owner.api.organizations.addMember(org.slug, { email: dev.email, role: 'Owner' });
    await billing(owner).leaveOrganization(org.slug);
    expect((await dev.api.organizations.listMembers(org.slug)).map((m) => [m.primary_email, m.role])).toEqual([[dev.email, 'Owner']]);
  });
});

describe('invoices', () => {
  it('the upcoming invoice bills each plan held for its share of the period, equal to the recorded proration, and compute while on a paid plan', async () => {
    const { user, org, project } = await h.userWithProject();
    await user.api.plans.updateSubscription(org.slug, { plan: 'pro' });
    const change = (await h.internals.control.query<{ prorated_amount_cents: number }>('select prorated_amount_cents from subscription_changes where organization_id = $1', [org.id])).rows[0]!;
    const [upcoming] = await billing(user).listInvoices(org.slug);
    expect(upcoming).toMatchObject({ organization: org.slug, status: 'upcoming', plan: 'pro' });
    const plans = upcoming!.lines.filter((l) => l.kind === 'plan');
    expect(plans.map((l) => l.unit_price_cents)).toEqual([0, 2_500]);
    expect(plans[1]!.amount_cents).toBe(change.prorated_amount_cents);
    const compute = upcoming!.lines.filter((l) => l.kind === 'compute');
    expect(compute).toEqual([expect.objectContaining({ project: project.ref, unit: 'hour', quantity: 1 })]);
    expect(upcoming!.total_cents).toBe(upcoming!.lines.reduce((n, l) => n + l.amount_cents, 0));
    // No overage under the included amounts (usage measured by the usage service).
    expect(upcoming!.lines.filter((l) => l.kind === 'overage')).toEqual([]);
    expect(await billing(user).getInvoice(org.slug, upcoming!.id)).toEqual(upcoming);
    await expect(billing(user).getInvoice(org.slug, 'nope')).rejects.toMatchObject({ status: 404 });
  });

  it('an ended period is issued once from its recorded plan changes and the hours each project ran (paused hours free)', async () => {
    const { user, org, project } = await h.userWithProject();
    const control = h.internals.control;
    // A past month, told through the records: created on 1 March, Pro from 2 March, paused on 3 March, running again on 4 March, paused on 5 March.
    await control.query(`update organizations set created_at = '2026-03-01T00:00:00Z' where id = $1`, [org.id]);
    await control.query(`update projects set inserted_at = '2026-03-01T00:00:00Z' where ref = $1`, [project.ref]);
    const p = (await control.query<{ id: number }>('select id from projects where ref = $1', [project.ref])).rows[0]!;
    for (const [status, at] of [
      ['INACTIVE', '2026-03-03T00:00:00Z'],
      ['ACTIVE_HEALTHY', '2026-03-04T00:00:00Z'],
      ['INACTIVE', '2026-03-05T00:00:00Z'],
      ['ACTIVE_HEALTHY', '2026-04-01T00:00:00Z'],
    ] as const) {
      await control.query('insert into project_status_events (project_id, status, at) values ($1, $2, $3)', [p.id, status, at]);
    }
    await control.query(`insert into subscription_changes (organization_id, from_plan, to_plan, prorated_amount_cents, at) values ($1, 'free', 'pro', 2419, '2026-03-02T00:00:00Z')`, [org.id]);
    await control.query(`update organizations set plan = 'pro' where id = $1`, [org.id]);
    h.internals.access.invalidateOrganization(org.slug);

    // Not issued at a read: the invoice job issues ended periods.
    expect((await billing(user).listInvoices(org.slug)).find((i) => i.period_start === '2026-03-01T00:00:00.000Z')).toBeUndefined();
    await invoiceJob().issueDue();
    const list = await billing(user).listInvoices(org.slug);
    const march = list.find((i) => i.period_start === '2026-03-01T00:00:00.000Z')!;
    expect(march).toMatchObject({ status: 'issued', plan: 'pro', period_end: '2026-04-01T00:00:00.000Z' });
    expect(march.lines.filter((l) => l.kind === 'plan').map((l) => [l.unit_price_cents, l.amount_cents])).toEqual([
      [0, 0],
      [2_500, Math.round((2_500 * 30) / 31)],
    ]);
    // Ran 1–3 March and 4–5 March; billed from 2 March (Pro): 24 + 24 hours.
    expect(march.lines.filter((l) => l.kind === 'compute')).toEqual([expect.objectContaining({ project: project.ref, quantity: 48, amount_cents: Math.round(48 * 1.344) })]);
    expect(march.total_cents).toBe(2_419 + 65);
    // Issued once: a later run of the job and a later read answer the stored invoice.
    await control.query(`update projects set inserted_at = '2026-02-01T00:00:00Z' where ref = $1`, [project.ref]);
    await invoiceJob().issueDue();
    expect((await billing(user).listInvoices(org.slug)).find((i) => i.id === march.id)).toEqual(march);
    const april = list.find((i) => i.period_start === '2026-04-01T00:00:00.000Z')!;
    expect(april.lines.find((l) => l.kind === 'compute')?.quantity).toBe(30 * 24);
  });

  it('invoices need billing read', async () => {
    const { user, org } = await h.userWithProject();
    const outsider = await h.signUp();
    await expect(billing(outsider).listInvoices(org.slug)).rejects.toMatchObject({ status: 404 });
    expect((await billing(user).listInvoices(org.slug)).length).toBeGreaterThan(0);
  });
});
