import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRealApi } from '@plinth/area-kit/testing/real-api';
import { PERMISSIONS } from '@plinth/shared-contracts';
import { createApi } from '../../api';
import { renderArea } from '../../testing/render-area';

// The Phone provider's "Messages sent" against the real console API and auth service: the code an
// app's sign-in sends is the one the page shows.
const api = useRealApi(createApi);
const LOAD = { timeout: 10_000 };

const phoneCard = () => screen.findByRole('region', { name: 'Phone' }, LOAD);

describe('messages sent by the phone provider', { timeout: 30_000 }, () => {
  it('turns phone sign-in on, then shows the code an app was sent', async () => {
    const user = userEvent.setup({ delay: null });
    renderArea('auth/providers', { api });
    const card = await phoneCard();
    expect(within(card).queryByRole('region', { name: 'Messages sent' })).toBeNull();
    await user.click(within(card).getByRole('switch', { name: 'Enable phone sign-in' }));
    const sent = await within(card).findByRole('region', { name: 'Messages sent' }, LOAD);
    expect(await within(sent).findByText(/No text messages sent yet/, undefined, LOAD)).toBeTruthy();

    const otp = await api.app({ method: 'POST', path: '/auth/v1/otp', body: { phone: '+1 555 010 2030' } });
    expect(otp.status).toBe(200);
    await user.click(within(sent).getByRole('button', { name: 'Refresh' }));
    const table = await within(sent).findByRole('table', { name: 'Messages sent' }, LOAD);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    const cells = within(rows[0]!).getAllByRole('cell').map((c) => c.textContent);
    expect(cells[1]).toBe('+15550102030');
    expect(cells[2]).toMatch(/^Your code is \d{6}$/);

    // The code shown signs the app in.
    const code = /(\d{6})/.exec(cells[2]!)![1]!;
    const verified = await api.app({ method: 'POST', path: '/auth/v1/verify', body: { type: 'sms', phone: '15550102030', token: code } });
    expect(verified.status).toBe(200);
    expect(verified.json).toMatchObject({ user: { phone: '15550102030' } });
  });

  it('tells a member who may not read the API keys why the messages are hidden, without asking for them', async () => {
    await api.clients.authUsers.updateAuthProviders(api.projectRef, { phone_enabled: true });
    renderArea('auth/providers', { api, permissions: [PERMISSIONS.SQL_ADMIN_READ] });
    const card = await phoneCard();
    const sent = await within(card).findByRole('region', { name: 'Messages sent' }, LOAD);
    expect(within(sent).getByText(/You need permission to read the API keys to see the text messages sent/)).toBeTruthy();
    await waitFor(() => expect(within(card).getByRole('switch', { name: 'Enable phone sign-in' }).getAttribute('aria-disabled')).toBe('true'));
    expect(api.argsOf('authUsers.getAuthSmsOutbox')).toEqual([]);
  });
});
