import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALL_PERMISSIONS, PERMISSIONS } from '@plinth/shared-contracts';
import { ADDON_MESSAGES } from '@plinth/contracts-billing';
import { useRealApi } from '@plinth/area-kit/testing/real-api';
import { createApi } from '../../api';
import { renderArea } from '../../testing/render-area';

const api = useRealApi(createApi);
const PAGE = 'settings/addons';

const section = async (name: string) => (await screen.findByRole('heading', { name, level: 2 })).closest('section')!;

describe('project add-ons', { timeout: 30_000 }, () => {
  it('explains the plan rule on the Free plan, with the way to change plan, and offers nothing to buy', async () => {
    await api.platform.plans.updateSubscription(api.organization.slug, { plan: 'free' });
    renderArea(PAGE, { api });
    const domain = await section('Custom domain');
    expect(within(domain).getByText(ADDON_MESSAGES.notOnPlan('custom_domain', 'free'))).toBeTruthy();
    expect(within(domain).getByRole('link', { name: 'Change subscription plan' }).getAttribute('href')).toBe(`/project/${api.projectRef}/settings/billing/subscription?panel=subscriptionPlan`);
    expect(screen.queryByRole('button', { name: /^Change/ })).toBeNull();
  });

  it('selects a compute size through the side panel after a confirmation, then removes it', async () => {
    await api.platform.plans.updateSubscription(api.organization.slug, { plan: 'pro' });
    const user = userEvent.setup({ delay: null });
    const { notices } = renderArea(PAGE, { api });
    const compute = await section('Compute size');
    expect(within(compute).getByTestId('addon-compute_size').textContent).toContain('Micro');

    await user.click(within(compute).getByRole('button', { name: 'Change compute size' }));
    const panel = await screen.findByRole('dialog', { name: 'Change compute size' });
    // Nothing changed yet: Confirm waits for another choice.
    expect(within(panel).getByRole('button', { name: 'Confirm' }).hasAttribute('disabled') || within(panel).getByRole('button', { name: 'Confirm' }).getAttribute('aria-disabled') === 'true').toBe(true);
    const small = within(panel).getByRole('radio', { name: /Small/ });
    expect(small.closest('label')!.textContent).toMatch(/\$0\.0134 \/ hour/);
    await user.click(small);
    expect(api.writes()).toEqual([]);
    await user.click(within(panel).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(notices.at(-1)?.message).toBe(ADDON_MESSAGES.selected('Small')));
    await waitFor(() => expect(within(compute).getByTestId('addon-compute_size').textContent).toContain('Small'));
    expect((await api.clients.addons.listAddons(api.projectRef)).compute_size).toBe('Small');

    await user.click(within(compute).getByRole('button', { name: 'Change compute size' }));
    const again = await screen.findByRole('dialog', { name: 'Change compute size' });
    await user.click(within(again).getByRole('radio', { name: /Micro/ }));
    await user.click(within(again).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(notices.at(-1)?.message).toBe(ADDON_MESSAGES.removed('compute_size')));
    expect((await api.clients.addons.listAddons(api.projectRef)).selected).toEqual([]);
  });

  it('keeps Change disabled with the reason for a member without the billing permission', async () => {
    await api.platform.plans.updateSubscription(api.organization.slug, { plan: 'pro' });
    const user = userEvent.setup({ delay: null });
    renderArea(PAGE, { api, permissions: ALL_PERMISSIONS.filter((p) => p !== PERMISSIONS.BILLING_WRITE_SUBSCRIPTIONS) });
    const ipv4 = await section('Dedicated IPv4 address');
    const change = within(ipv4).getByRole('button', { name: 'Change dedicated ipv4 address' });
    expect(change.getAttribute('aria-disabled')).toBe('true');
    await user.hover(change);
    expect((await screen.findByRole('tooltip')).textContent).toContain(ADDON_MESSAGES.noPermission);
  });

  it('says when the add-ons cannot be read, and reads them again on retry', async () => {
    api.failures['addons.listAddons'] = { status: 500, message: 'The billing database is away' };
    const user = userEvent.setup({ delay: null });
    renderArea(PAGE, { api });
    expect(await screen.findByText('Failed to retrieve add-ons')).toBeTruthy();
    expect(screen.getByText(/The billing database is away/)).toBeTruthy();
    api.failures['addons.listAddons'] = undefined;
    await user.click(screen.getByRole('button', { name: /Retry|Try again/ }));
    expect(await section('Compute size')).toBeTruthy();
  });
});
