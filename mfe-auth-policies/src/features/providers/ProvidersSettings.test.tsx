import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi } from '@plinth/area-kit/testing';
import { PERMISSIONS } from '@plinth/shared-contracts';
import { renderArea } from '../../testing/render-area';

const LOAD = { timeout: 5000 };

describe('providers page', { timeout: 20_000 }, () => {
  it('saves the email provider settings, refusing a password length out of range', async () => {
    const api = createFakeApi();
    const user = userEvent.setup({ delay: null });
    renderArea('auth/providers', { api });
    const length = await screen.findByRole('textbox', { name: /Minimum password length/ }, LOAD);
    await user.click(screen.getByRole('switch', { name: 'Confirm email' }));
    await user.clear(length);
    await user.type(length, '4');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a whole number from 6 to 72')).toBeTruthy();
    expect(api.writes()).toEqual([]);
    await user.clear(length);
    await user.type(length, '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.state.authProviders.email).toEqual({ sign_ups_allowed: true, confirmation_required: true, min_password_length: 10 }));
  });

  it('shows the callback URL to register with the providers, from the project API address', async () => {
    renderArea('auth/providers', { api: createFakeApi() });
    const callback = await screen.findByText(/\/auth\/v1\/callback$/, undefined, LOAD);
    expect(callback.textContent).toMatch(/^https:\/\/[a-z]+\.plinth\.test\/auth\/v1\/callback$/);
  });

  it('keeps the client secret write-only: sent once, then only said to be set', async () => {
    const api = createFakeApi();
    const user = userEvent.setup({ delay: null });
    renderArea('auth/providers', { api });
    const github = await screen.findByRole('region', { name: 'GitHub provider' }, LOAD);
    await user.click(within(github).getByRole('switch', { name: 'Enable sign in with GitHub' }));
    await user.click(within(github).getByRole('button', { name: 'Save GitHub' }));
    expect(within(github).getByText('Enter the client ID to enable this provider')).toBeTruthy();
    expect(within(github).getByText('Enter the client secret to enable this provider')).toBeTruthy();
    await user.type(within(github).getByRole('textbox', { name: 'Client ID' }), 'Iv1.abc');
    await user.type(within(github).getByLabelText(/Client secret/), 'shh-secret');
    await user.click(within(github).getByRole('button', { name: 'Save GitHub' }));
    await waitFor(() => expect(api.state.authProviderSecrets).toEqual({ github: 'shh-secret' }));
    expect(api.argsOf('authUsers.updateAuthProviders')).toEqual([[expect.any(String), { oauth: { github: { enabled: true, client_id: 'Iv1.abc', secret: 'shh-secret' } } }]]);
    expect(await within(github).findByText('A secret is saved. It is never shown again; enter a new one to replace it.')).toBeTruthy();
    expect((within(github).getByLabelText(/Client secret/) as HTMLInputElement).value).toBe('');
    expect(within(github).getByText('Enabled')).toBeTruthy();
  });

  it('shows the settings read-only to a member who may not change them', async () => {
    const api = createFakeApi();
    const user = userEvent.setup({ delay: null });
    renderArea('auth/providers', { api, permissions: [PERMISSIONS.SQL_ADMIN_READ] });
    expect((await screen.findByRole('switch', { name: 'Confirm email' }, LOAD)).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save GitHub' }));
    expect(api.writes()).toEqual([]);
  });
});
