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
    expect(screen.getByRole('switch', { name: 'Secure email change' }).getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByRole('switch', { name: 'Secure password change' }));
    await user.clear(length);
    await user.type(length, '4');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a whole number from 6 to 72')).toBeTruthy();
    expect(api.writes()).toEqual([]);
    await user.clear(length);
    await user.type(length, '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.state.authProviders.email).toEqual({ sign_ups_allowed: true, confirmation_required: true, min_password_length: 10, secure_email_change: true, secure_password_change: true }));
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

  it('turns anonymous sign-ins on, and saves a custom access token hook only when it names schema.function', async () => {
    const api = createFakeApi();
    const user = userEvent.setup({ delay: null });
    renderArea('auth/providers', { api });
    const anonymous = await screen.findByRole('switch', { name: 'Allow anonymous sign-ins' }, LOAD);
    expect(anonymous.getAttribute('aria-checked')).toBe('false');
    await user.click(anonymous);
    await waitFor(() => expect(api.state.authProviders.anonymous_sign_ins).toBe(true));
    expect(api.argsOf('authUsers.updateAuthProviders')).toEqual([[expect.any(String), { anonymous_sign_ins: true }]]);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Allow anonymous sign-ins' }).getAttribute('aria-checked')).toBe('true'));

    const hook = screen.getByRole('textbox', { name: 'Function' });
    await user.type(hook, 'custom_hook');
    await user.click(screen.getByRole('button', { name: 'Save hook' }));
    expect(await screen.findByText('Enter the function as schema.name, e.g. public.custom_access_token_hook')).toBeTruthy();
    expect(api.state.authProviders.access_token_hook).toBeNull();
    await user.clear(hook);
    await user.type(hook, 'public.custom_hook');
    await user.click(screen.getByRole('button', { name: 'Save hook' }));
    await waitFor(() => expect(api.state.authProviders.access_token_hook).toBe('public.custom_hook'));
    // Emptied, the hook is removed.
    await user.clear(hook);
    await user.click(screen.getByRole('button', { name: 'Save hook' }));
    await waitFor(() => expect(api.state.authProviders.access_token_hook).toBeNull());
  });

  it('turns phone sign-in on and off through the providers route (off by default)', async () => {
    const api = createFakeApi();
    const user = userEvent.setup({ delay: null });
    renderArea('auth/providers', { api });
    const phone = await screen.findByRole('region', { name: 'Phone' }, LOAD);
    expect(within(phone).getByText('Users sign up and sign in with a phone number and a code sent to it by SMS.')).toBeTruthy();
    const toggle = within(phone).getByRole('switch', { name: 'Enable phone sign-in' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await user.click(toggle);
    await waitFor(() => expect(api.state.authProviders.phone_enabled).toBe(true));
    expect(api.argsOf('authUsers.updateAuthProviders')).toEqual([[expect.any(String), { phone_enabled: true }]]);
    await waitFor(() => expect(within(phone).getByRole('switch', { name: 'Enable phone sign-in' }).getAttribute('aria-checked')).toBe('true'));
    await user.click(within(phone).getByRole('switch', { name: 'Enable phone sign-in' }));
    await waitFor(() => expect(api.state.authProviders.phone_enabled).toBe(false));
  });

  it('shows the settings read-only to a member who may not change them', async () => {
    const api = createFakeApi();
    const user = userEvent.setup({ delay: null });
    renderArea('auth/providers', { api, permissions: [PERMISSIONS.SQL_ADMIN_READ] });
    expect((await screen.findByRole('switch', { name: 'Confirm email' }, LOAD)).hasAttribute('disabled')).toBe(true);
    const anonymous = screen.getByRole('switch', { name: 'Allow anonymous sign-ins' });
    expect(anonymous.getAttribute('aria-disabled')).toBe('true');
    await user.click(anonymous);
    const phone = screen.getByRole('switch', { name: 'Enable phone sign-in' });
    expect(phone.getAttribute('aria-disabled')).toBe('true');
    await user.click(phone);
    await user.click(screen.getByRole('button', { name: 'Save GitHub' }));
    expect(api.writes()).toEqual([]);
  });
});
