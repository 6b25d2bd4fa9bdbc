import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { findDialog } from '@plinth/area-kit/testing';
import userEvent from '@testing-library/user-event';
import { useRealApi } from '@plinth/area-kit/testing/real-api';
import { createApi } from '../../api';
import { renderArea } from '../../testing/render-area';

// Users who signed up by phone, on the users page against the real console API and auth service.
const api = useRealApi(createApi);
const LOAD = { timeout: 10_000 };

describe('phone users on the users page', { timeout: 30_000 }, () => {
  it('lists a phone-only user with the number and no email, finds them by the digits as typed, and shows when the number was confirmed', async () => {
    await api.clients.authUsers.updateAuthProviders(api.projectRef, { phone_enabled: true });
    expect((await api.app({ method: 'POST', path: '/auth/v1/otp', body: { phone: '+15550407080' } })).status).toBe(200);
    const user = userEvent.setup({ delay: null });
    renderArea('auth/users', { api });
    const search = await screen.findByRole('textbox', { name: 'Search users by email or phone' }, LOAD);
    await user.type(search, '+1 555 040-7080');
    const grid = () => screen.getByRole('grid', { name: 'Users' });
    await waitFor(() => expect(within(grid()).getAllByRole('row')).toHaveLength(2), LOAD);
    const row = within(grid()).getAllByRole('row')[1]!;
    const cells = within(row).getAllByRole('gridcell').map((c) => c.textContent);
    expect(cells.slice(0, 3)).toEqual(['—', '+15550407080', 'phone']);
    expect(row.textContent).not.toMatch(/undefined|null/);
    expect(within(row).getByText('Waiting for confirmation')).toBeTruthy();

    // Confirmed by the code, the user is active and the panel says when.
    const outbox = await api.clients.authUsers.getAuthSmsOutbox(api.projectRef);
    const code = /(\d{6})/.exec(outbox.messages.find((m) => m.to === '+15550407080')!.body)![1]!;
    expect((await api.app({ method: 'POST', path: '/auth/v1/verify', body: { type: 'sms', phone: '15550407080', token: code } })).status).toBe(200);
    await user.clear(search);
    await user.type(search, '5550407080');
    await waitFor(() => expect(within(grid()).getByText('Active')).toBeTruthy(), LOAD);
    await user.click(within(grid()).getByText('+15550407080'));
    const panel = await screen.findByRole('dialog', { name: '+15550407080' }, LOAD);
    const facts = within(panel).getByText('Phone confirmed').nextElementSibling!;
    expect(facts.textContent).toMatch(/^\d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC$/);
    expect(within(panel).getByText('Phone').nextElementSibling!.textContent).toBe('+15550407080');
    expect(within(panel).getByText('Email').nextElementSibling!.textContent).toBe('—');
  });

  it('creates a user with a phone number instead of an email, asking for one of them', async () => {
    const user = userEvent.setup({ delay: null });
    renderArea('auth/users', { api });
    await user.click(await screen.findByRole('button', { name: 'Create user' }, LOAD));
    const panel = await findDialog('Create a new user');
    await user.type(within(panel).getByLabelText(/Password/), 'phone-password-1');
    await user.click(within(panel).getByRole('button', { name: 'Create user' }));
    expect(await within(panel).findByText('Enter an email address or a phone number')).toBeTruthy();
    expect(api.argsOf('authUsers.createAuthUser')).toEqual([]);
    await user.type(within(panel).getByRole('textbox', { name: /Phone number/ }), '+1 555 060 7080');
    await user.click(within(panel).getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), LOAD);
    expect(api.argsOf('authUsers.createAuthUser')).toEqual([[api.projectRef, { phone: '+1 555 060 7080', password: 'phone-password-1', auto_confirm: true }]]);
    const row = await screen.findByRole('row', { name: /\+15550607080/ }, LOAD);
    expect(within(row).getByText('Active')).toBeTruthy();
  });
});
