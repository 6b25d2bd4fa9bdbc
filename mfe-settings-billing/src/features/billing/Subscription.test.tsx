import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi } from '@plinth/area-kit/testing';
import { PERMISSIONS, PERMISSION_MESSAGES, ROLE_PERMISSIONS } from '@plinth/shared-contracts';
import { PLAN_COMPARISON } from '@plinth/contracts-billing';
import { renderArea } from '../../testing/render-area';

describe('organization billing: plans and subscription', () => {
  it('shows the current plan, the four tiers with prices and calls to action, and every fact of the comparison by section', async () => {
    renderArea('/org/acme/billing');
    expect((await screen.findByTestId('current-plan')).textContent).toBe('Free');
    const tiers = screen.getByRole('list', { name: 'Plans' });
    for (const [name, price, cta] of [
      ['Free plan', '$0', 'Current plan'],
      ['Pro plan', 'from $25', 'Upgrade to Pro'],
      ['Team plan', 'from $599', 'Upgrade to Team'],
      ['Enterprise plan', 'contact', 'Contact us'],
    ] as const) {
      const tier = within(tiers).getByRole('listitem', { name });
      expect(tier.textContent).toContain(price);
      expect(within(tier).getAllByText(cta).length).toBeGreaterThan(0);
    }
    const table = await screen.findByRole('table');
    for (const section of PLAN_COMPARISON) {
      const group = within(table).getByRole('rowgroup', { name: section.title });
      for (const f of section.features) {
        const row = within(group).getAllByRole('row').find((r) => r.querySelector('th[scope="row"]')?.firstChild?.textContent === f.title);
        if (!row) throw new Error(`no row for ${f.title}`);
        if (typeof f.plans.pro === 'string') expect(row.textContent).toContain(f.plans.pro);
        if (f.usage_based) expect(within(row).getByText('Usage-based')).toBeTruthy();
      }
    }
    expect(screen.getByRole('button', { name: /About Database size: Billed on average daily size/ })).toBeTruthy();
  });

  it('upgrades to Pro through the plan panel: what changes, the prorated cost, then the new plan', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    const { location, notices } = renderArea('/org/acme/billing', { api });
    await user.click(await screen.findByRole('button', { name: 'Upgrade to Pro' }));
    expect(location()).toContain('panel=subscriptionPlan');
    const panel = await screen.findByRole('dialog', { name: 'Change subscription plan' });
    expect((await within(panel).findByTestId('prorated-amount')).textContent).toMatch(/^\$12\.50 now, for the rest of this billing period/);
    const changes = within(panel).getByRole('table');
    expect(within(changes).getByRole('row', { name: /Max upload size 50 MB 5 GB/ })).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Change to Pro' }));
    await waitFor(() => expect(api.argsOf('plans.updateSubscription')).toEqual([['acme', { plan: 'pro' }]]));
    await waitFor(() => expect(screen.getByTestId('current-plan').textContent).toBe('Pro'));
    expect(notices.at(-1)).toMatchObject({ kind: 'success', message: 'The organization is now on the Pro plan' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change subscription plan' })).toBeNull());
  });

  it('a downgrade that would break a limit says which and cannot be confirmed', async () => {
    const user = userEvent.setup();
    const api = createFakeApi({ plan: 'team' });
    api.state.planBlockers.free = [{ limit: 'member_roles', message: 'Member roles: grace@example.com is Administrator; the Free plan offers Owner and Developer only.' }];
    renderArea('/org/acme/billing?panel=subscriptionPlan&plan=free', { api });
    const panel = await screen.findByRole('dialog', { name: 'Change subscription plan' });
    const notice = await within(panel).findByText(/grace@example.com is Administrator/);
    expect(notice.closest('[data-limit]')?.getAttribute('data-limit')).toBe('member_roles');
    expect(within(panel).getByTestId('prorated-amount').textContent).toMatch(/credited to the next invoice/);
    const confirm = within(panel).getByRole('button', { name: 'Change to Free' });
    expect(confirm.getAttribute('aria-disabled')).toBe('true');
    await user.click(confirm);
    expect(api.argsOf('plans.updateSubscription')).toEqual([]);
  });

  it('without billing write the calls to action are disabled with the spec words', async () => {
    renderArea('/org/acme/billing', { permissions: ROLE_PERMISSIONS.Developer });
    const upgrade = await screen.findByRole('button', { name: 'Upgrade to Pro' });
    expect(upgrade.getAttribute('aria-disabled')).toBe('true');
    expect(upgrade.getAttribute('data-disabled-reason')).toBe(PERMISSION_MESSAGES.amendSubscriptions);
    expect(screen.getByRole('button', { name: 'Change subscription plan' }).getAttribute('data-disabled-reason')).toBe('You need additional permissions to amend subscriptions');
    expect(ROLE_PERMISSIONS.Developer).not.toContain(PERMISSIONS.BILLING_WRITE_SUBSCRIPTIONS);
  });

  it('while the switch is on, changes are disabled with the spec words', async () => {
    const api = createFakeApi();
    api.state.subscriptionChangesDisabled = true;
    renderArea('/org/acme/billing', { api });
    const upgrade = await screen.findByRole('button', { name: 'Upgrade to Team' });
    await waitFor(() => expect(upgrade.getAttribute('data-disabled-reason')).toBe('Subscription changes are currently disabled. Our engineers are working on a fix.'));
  });

  it('lists the members at their free project limit on a free plan', async () => {
    const api = createFakeApi();
    api.state.freeProjectLimitMembers = [{ username: 'grace', primary_email: 'grace@example.com', free_project_limit: 2 }];
    renderArea('/org/acme/billing', { api });
    expect(await screen.findByText('grace (grace@example.com)')).toBeTruthy();
  });

  it("the project's subscription page shows its organization's plan", async () => {
    const api = createFakeApi({ plan: 'pro' });
    renderArea('settings/billing/subscription', { api });
    expect(await screen.findByRole('heading', { name: 'Subscription', level: 1 })).toBeTruthy();
    expect((await screen.findByTestId('current-plan')).textContent).toBe('Pro');
  });
});
