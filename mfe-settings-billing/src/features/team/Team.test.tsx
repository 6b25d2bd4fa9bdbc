import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi } from '@plinth/area-kit/testing';
import { ROLE_PERMISSIONS } from '@plinth/shared-contracts';
import { renderArea } from '../../testing/render-area';

const row = (email: string) => {
  const found = document.querySelector<HTMLElement>(`[data-member="${email}"]`);
  if (!found) throw new Error(`no row for ${email}`);
  return found;
};

describe('team page', () => {
  it('invites by e-mail with a role the team plan offers (an invitation link, listed as pending), and changes a member\'s role', async () => {
    const user = userEvent.setup();
    const api = createFakeApi({ plan: 'team' });
    const { notices } = renderArea('/org/acme/team', { api });
    expect(await screen.findByText('No pending invitations.')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a member' });
    expect(within(dialog).getByText('An invitation link is sent to the address. They join once they sign in, or sign up, with it; the link works for 7 days.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/Email address/), 'ada@example.com');
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Read-only' })).toBeTruthy());
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'Read-only');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(api.argsOf('organizationInvitations.invite')).toEqual([['acme', { email: 'ada@example.com', role: 'Read-only' }]]));
    expect(notices.at(-1)?.message).toBe('Invitation sent to ada@example.com');
    const pending = await screen.findByRole('table', { name: 'Pending invitations' });
    await waitFor(() => expect(within(pending).getByText('ada@example.com')).toBeTruthy());
    expect(api.argsOf('organizations.addMember')).toEqual([]);
    await user.selectOptions(within(row('grace@example.com')).getByRole('combobox', { name: 'Role of grace@example.com' }), 'Administrator');
    await waitFor(() => expect(api.state.members.find((m) => m.primary_email === 'grace@example.com')?.role).toBe('Administrator'));
  });

  it('resends and revokes pending invitations; an expired one says so', async () => {
    const user = userEvent.setup();
    const api = createFakeApi({
      invitations: [
        { id: 'inv-1', invited_email: 'old@example.com', role: 'Developer', invited_by: 'me@example.com', invited_at: '2026-11-01T10:00:00.000Z', expires_at: '2026-11-08T10:00:00.000Z', expired: true },
        { id: 'inv-2', invited_email: 'new@example.com', role: 'Developer', invited_by: 'me@example.com', invited_at: '2026-11-20T10:00:00.000Z', expires_at: '2026-11-27T10:00:00.000Z', expired: false },
      ],
    });
    const { notices } = renderArea('/org/acme/team', { api });
    const pending = await screen.findByRole('table', { name: 'Pending invitations' });
    expect(within(pending).getByText(/^Expired on/)).toBeTruthy();
    await user.click(within(pending).getByRole('button', { name: 'Resend invitation to old@example.com' }));
    await waitFor(() => expect(api.argsOf('team.resendInvitation')).toEqual([['acme', 'inv-1']]));
    expect(notices.at(-1)?.message).toBe('Invitation sent again to old@example.com');
    await waitFor(() => expect(within(pending).queryByText(/^Expired on/)).toBeNull());
    await user.click(within(pending).getByRole('button', { name: 'Revoke invitation to new@example.com' }));
    await waitFor(() => expect(api.state.invitations?.map((i) => i.invited_email)).toEqual(['old@example.com']));
    await waitFor(() => expect(screen.queryByText('new@example.com')).toBeNull());
  });

  it('offers only Owner and Developer on the free plan, and names a bad address', async () => {
    const user = userEvent.setup();
    renderArea('/org/acme/team');
    await user.click(await screen.findByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a member' });
    await waitFor(() => expect(within(dialog).getAllByRole('option').map((o) => o.textContent)).toEqual(['Owner', 'Developer']));
    expect(within(dialog).getByText('Administrator, Read-only, Billing admin and additional owners come with the Team and Enterprise plans.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/Email address/), 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText(/email/i, { selector: '[id$="-error"], [role="alert"], p' })).toBeTruthy();
  });

  it('offers the Billing admin role on team with what it may do: invited, changed to, and listed as such', async () => {
    const user = userEvent.setup();
    const api = createFakeApi({ plan: 'team' });
    const { notices } = renderArea('/org/acme/team', { api });
    const described = await waitFor(() => {
      const entry = document.querySelector('[data-role="Billing admin"]');
      if (!entry) throw new Error('no Billing admin entry');
      return entry;
    });
    expect(described.textContent).toContain('The subscription, payment methods, invoices, usage and tax ids; no access to projects’ data.');
    expect(described.textContent).not.toContain('Not offered by this plan.');

    await user.click(await screen.findByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a member' });
    await waitFor(() => expect(within(dialog).getAllByRole('option').map((o) => o.textContent)).toEqual(['Owner', 'Administrator', 'Developer', 'Read-only', 'Billing admin']));
    await user.type(within(dialog).getByLabelText(/Email address/), 'ledger@example.com');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'Billing admin');
    // The role's field says what the chosen role may do.
    expect(within(dialog).getByText('The subscription, payment methods, invoices, usage and tax ids; no access to projects’ data.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(api.argsOf('organizationInvitations.invite')).toEqual([['acme', { email: 'ledger@example.com', role: 'Billing admin' }]]));
    const pending = await screen.findByRole('table', { name: 'Pending invitations' });
    await waitFor(() => expect(within(pending.querySelector('[data-invitation="ledger@example.com"]') as HTMLElement).getByText('Billing admin')).toBeTruthy());

    const menu = within(row('grace@example.com')).getByRole('combobox', { name: 'Role of grace@example.com' });
    expect(within(menu).getAllByRole('option').map((o) => o.textContent)).toContain('Billing admin');
    const grace = api.state.members.find((m) => m.primary_email === 'grace@example.com')!.user_id;
    await user.selectOptions(menu, 'Billing admin');
    await waitFor(() => expect(api.argsOf('organizationRoles.updateMember')).toEqual([['acme', grace, { role: 'Billing admin' }]]));
    await waitFor(() => expect(notices.at(-1)?.message).toBe('grace@example.com is now Billing admin'));
    await waitFor(() => expect((within(row('grace@example.com')).getByRole('combobox', { name: 'Role of grace@example.com' }) as HTMLSelectElement).value).toBe('Billing admin'));
  });

  it('does not offer Billing admin on the free plan, and says which plans do', async () => {
    renderArea('/org/acme/team');
    const described = await waitFor(() => {
      const entry = document.querySelector('[data-role="Billing admin"]');
      if (!entry) throw new Error('no Billing admin entry');
      return entry;
    });
    expect(described.textContent).toContain('Not offered by this plan.');
    const menu = within(row('grace@example.com')).getByRole('combobox', { name: 'Role of grace@example.com' });
    expect(within(menu).getAllByRole('option').map((o) => o.textContent)).toEqual(['Owner', 'Developer']);
  });

  it('removes a member; the last Owner leaving is refused with the API words', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    renderArea('/org/acme/team', { api });
    await user.click(within(await waitFor(() => row('grace@example.com'))).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.state.members.map((m) => m.primary_email)).toEqual(['me@example.com']));
    await user.click(within(row('me@example.com')).getByRole('button', { name: 'Leave' }));
    await user.click(await screen.findByRole('button', { name: 'Leave organization' }));
    expect(await screen.findByText('You are the last Owner of this organization: make another member an Owner before leaving')).toBeTruthy();
  });

  it('without members write, invite and remove are disabled with the reason', async () => {
    renderArea('/org/acme/team', { permissions: ROLE_PERMISSIONS.Developer });
    const invite = await screen.findByRole('button', { name: 'Invite member' });
    expect(invite.getAttribute('data-disabled-reason')).toBe('You need additional permissions to invite members. Contact your organization owner or adminstrator for assistance.');
    await waitFor(() => expect(within(row('grace@example.com')).getByRole('button', { name: 'Remove' }).getAttribute('aria-disabled')).toBe('true'));
    expect(within(row('grace@example.com')).queryByRole('combobox')).toBeNull();
  });
});
