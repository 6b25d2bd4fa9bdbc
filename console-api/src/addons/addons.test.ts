import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addonVariant, ADDON_MESSAGES, billingPeriod, type ProjectAddons } from '@plinth/contracts-billing';
import type { CustomHostname } from '@plinth/contracts-settings';
import type { MemberRole } from '@plinth/shared-contracts';
import type { TestUser } from '@plinth/platform-api/testing';
import { startProjectServer, type ProjectTestServer } from '@plinth/platform-api/testing/project-server';
import { InvoicesService } from '../billing/invoices';

// Project Settings → Add Ons (issue 24), on both databases: the list with prices and plan rules,
// select, change and remove, the plan's refusal naming the plan, Read-only refused, another
// organization's project not found, bad input naming the field, the custom domain allowed only with
// the add-on, the audit entry of a write, and the invoice's add-on lines.

let s: ProjectTestServer;
let outsider: TestUser;
const url = (p = '') => `/api/platform/projects/${s.ref}/billing/addons${p}`;

async function call<T>(role: MemberRole, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await s.app.inject({ method, url: path, headers: await s.as(role), ...(body !== undefined ? { payload: body as object } : {}) });
  return { status: res.statusCode, body: (res.body ? res.json() : undefined) as T };
}
type Err = { message: string; field?: string; code?: string };
const setPlan = (plan: string) => s.deps.control.query('update organizations set plan = $1 where slug = $2', [plan, s.orgSlug]);

beforeAll(async () => {
  s = await startProjectServer({ plan: 'pro' });
  outsider = await s.harness.signUp();
}, 300_000);
afterAll(async () => {
  await s?.close();
});

describe('project add-ons', () => {
  it('lists every kind with its prices and the plan rule, then selects, changes and removes a compute size', async () => {
    const empty = await call<ProjectAddons>('Developer', 'GET', url());
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ ref: s.ref, plan: 'pro', compute_size: 'Micro', selected: [] });
    expect(empty.body.available.map((k) => [k.kind, k.rule])).toEqual([
      ['compute_size', 'available'],
      ['pitr', 'available'],
      ['custom_domain', 'available'],
      ['ipv4', 'available'],
    ]);
    expect(empty.body.available.find((k) => k.kind === 'custom_domain')!.variants).toEqual([expect.objectContaining({ variant: 'cd_default', price_cents: 1_000, price_unit: 'month' })]);

    const small = await call<ProjectAddons>('Owner', 'POST', url(), { addon_variant: 'ci_small' });
    expect(small.status).toBe(200);
    expect(small.body.compute_size).toBe('Small');
    expect(small.body.selected).toEqual([expect.objectContaining({ kind: 'compute_size', variant: 'ci_small', price_cents: addonVariant('ci_small').price_cents })]);

    const medium = await call<ProjectAddons>('Owner', 'POST', url(), { addon_variant: 'ci_medium' });
    expect(medium.body.compute_size).toBe('Medium');
    expect(medium.body.selected.map((a) => a.variant)).toEqual(['ci_medium']);
    // A Developer reads what the Owner chose.
    expect((await call<ProjectAddons>('Developer', 'GET', url())).body.compute_size).toBe('Medium');
    // The history keeps the replaced size, closed.
    const rows = await s.deps.control.query<{ variant: string; closed: boolean }>('select variant, removed_at is not null as closed from project_addons where project_id = $1 order by id', [s.projectId]);
    expect(rows.rows).toEqual([{ variant: 'ci_small', closed: true }, { variant: 'ci_medium', closed: false }]);

    const removed = await call<ProjectAddons>('Owner', 'DELETE', url('/ci_medium'));
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ compute_size: 'Micro', selected: [] });
    const again = await call<Err>('Owner', 'DELETE', url('/ci_medium'));
    expect(again.status).toBe(404);
    expect(again.body.message).toContain('not selected');
  });

  it('records a write in the audit log', async () => {
    await call('Owner', 'POST', url(), { addon_variant: 'ipv4_default' });
    const audit = await s.deps.control.query<{ action: string; status: number }>('select action, status from audit_log where project_ref = $1 order by id desc limit 1', [s.ref]);
    expect(audit.rows[0]).toMatchObject({ action: expect.stringContaining('billing/addons'), status: 200 });
    await call('Owner', 'DELETE', url('/ipv4_default'));
  });

  it('refuses bad input naming the field, a Read-only member, another organization, and a plan without the add-on', async () => {
    const bad = await call<Err>('Owner', 'POST', url(), { addon_variant: 'ci_gigantic' });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('addon_variant');
    const badPath = await call<Err>('Owner', 'DELETE', url('/nothing'));
    expect(badPath.status).toBe(400);
    expect(badPath.body.field).toBe('variant');

    const readOnly = await call<Err>('Read-only', 'POST', url(), { addon_variant: 'ipv4_default' });
    expect(readOnly.status).toBe(403);
    expect((await call('Read-only', 'GET', url())).status).toBe(200);
    // Asking for Read-only moved the organization to Team (its roles); back to Pro.
    await setPlan('pro');

    const other = await outsider.fetch(url());
    expect(other.status).toBe(404);

    await setPlan('free');
    try {
      const refused = await call<Err>('Owner', 'POST', url(), { addon_variant: 'pitr_7' });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(ADDON_MESSAGES.notOnPlan('pitr', 'free'));
      expect(refused.body.message).toContain('Free plan');
      const list = await call<ProjectAddons>('Owner', 'GET', url());
      expect(list.body.available.every((k) => k.rule === 'unavailable')).toBe(true);
    } finally {
      await setPlan('pro');
    }
    await setPlan('enterprise');
    try {
      const included = await call<Err>('Owner', 'POST', url(), { addon_variant: 'pitr_7' });
      expect(included.status).toBe(400);
      expect(included.body.message).toContain('included in the Enterprise plan');
    } finally {
      await setPlan('pro');
    }
  });

  it('allows a custom domain only with the custom-domain add-on on Pro, and stops it when the add-on goes', async () => {
    const hostname = `/api/platform/projects/${s.ref}/custom-hostname`;
    const read = async () => (await call<CustomHostname>('Owner', 'GET', hostname)).body.status;
    expect(await read()).toBe('0_not_allowed');
    const refused = await call<Err>('Owner', 'POST', hostname, { custom_hostname: 'api.shop.example.com' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('not allowed to set up custom domain');

    expect((await call('Owner', 'POST', url(), { addon_variant: 'cd_default' })).status).toBe(200);
    expect(await read()).toBe('0_no_hostname_configured');
    const claimed = await call<CustomHostname>('Owner', 'POST', hostname, { custom_hostname: 'api.shop.example.com' });
    expect(claimed.status).toBe(200);
    expect(claimed.body.status).toBe('2_initiated');

    expect((await call('Owner', 'DELETE', url('/cd_default'))).status).toBe(200);
    expect(await read()).toBe('0_not_allowed');
    const gone = await s.deps.control.query('select 1 from custom_hostnames where project_ref = $1', [s.ref]);
    expect(gone.rows).toEqual([]);
  });

  it('bills the add-ons on the invoice for the time they were selected', async () => {
    const { start, end } = billingPeriod(new Date());
    // The invoice as it reads 48 hours into the period, from a known history: IPv4 for exactly 24
    // hours from the period's start, Small compute for 10 hours, Medium since then (38 hours to now).
    const now = new Date(start.getTime() + 48 * 3_600_000);
    const at = (h: number) => new Date(start.getTime() + h * 3_600_000).toISOString();
    await s.deps.control.query('delete from project_addons where project_id = $1', [s.projectId]);
    await s.deps.control.query(
      `insert into project_addons (project_id, kind, variant, selected_at, removed_at) values
        ($1, 'ipv4', 'ipv4_default', $2, $3), ($1, 'compute_size', 'ci_small', $2, $4), ($1, 'compute_size', 'ci_medium', $4, null)`,
      [s.projectId, at(0), at(24), at(10)],
    );
    // The organization has been on a paid plan since before the period started.
    await s.deps.control.query('update organizations set created_at = $1 where slug = $2', [at(-48), s.orgSlug]);
    await s.deps.control.query('update subscription_changes set at = $1 where organization_id = (select id from organizations where slug = $2)', [at(-24), s.orgSlug]);
    const invoices = new InvoicesService(s.deps.control, (o) => s.harness.internals.usage.organizationUsage(o));
    const upcoming = (await invoices.list(s.orgSlug, now))[0]!;
    const lines = upcoming.lines.filter((l) => l.kind === 'addon').map((l) => [l.description, l.project, l.quantity, l.unit, l.amount_cents]);
    const name = (await s.deps.control.query<{ name: string }>('select name from projects where ref = $1', [s.ref])).rows[0]!.name;
    expect(lines).toEqual([
      [`Dedicated IPv4 address, project ${name}`, s.ref, Number((86_400_000 / (end.getTime() - start.getTime())).toFixed(6)), 'month', Math.round((400 * 86_400_000) / (end.getTime() - start.getTime()))],
      [`Compute size Small, project ${name}`, s.ref, 10, 'hour', Math.round(10 * addonVariant('ci_small').price_cents)],
      [`Compute size Medium, project ${name}`, s.ref, 38, 'hour', Math.round(38 * addonVariant('ci_medium').price_cents)],
    ]);
    expect(upcoming.total_cents).toBe(upcoming.lines.reduce((n, l) => n + l.amount_cents, 0));
  });
});
