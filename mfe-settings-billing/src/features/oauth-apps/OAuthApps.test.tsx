import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi, FAKE_OAUTH_SECRET } from '@plinth/area-kit/testing';
import { ROLE_PERMISSIONS } from '@plinth/shared-contracts';
import { renderArea } from '../../testing/render-area';

describe('OAuth apps', () => {
  it('registers an app: the contracts name a bad redirect URI, the client secret is shown once, then the app is listed without it and revoked', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    const { notices } = renderArea('/org/acme/apps', { api });
    expect(await screen.findByText('No OAuth apps')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add application' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register an OAuth app' });
    await user.type(within(dialog).getByLabelText(/Application name/), 'Deploy bot');
    await user.type(within(dialog).getByLabelText(/Redirect URIs/), 'http://bot.example.com/cb');
    await user.click(within(dialog).getByRole('button', { name: 'Register app' }));
    expect(await within(dialog).findByText('A redirect URI must be an https:// URL (http:// only for localhost)')).toBeTruthy();
    expect(api.argsOf('team.createOAuthApp')).toEqual([]);
    await user.clear(within(dialog).getByLabelText(/Redirect URIs/));
    await user.type(within(dialog).getByLabelText(/Redirect URIs/), 'https://bot.example.com/cb{Enter}http://localhost:3000/cb');
    await user.click(within(dialog).getByRole('button', { name: 'Register app' }));
    await waitFor(() => expect(api.argsOf('team.createOAuthApp')).toEqual([['acme', { name: 'Deploy bot', redirect_uris: ['https://bot.example.com/cb', 'http://localhost:3000/cb'] }]]));
    expect((await screen.findByTestId('oauth-client-secret')).textContent).toBe(FAKE_OAUTH_SECRET);
    const table = await screen.findByRole('table', { name: 'OAuth apps' });
    expect(within(table).getByText('https://bot.example.com/cb')).toBeTruthy();
    expect(table.textContent).not.toContain(FAKE_OAUTH_SECRET);
    await user.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByText(FAKE_OAUTH_SECRET)).toBeNull();

    await user.click(within(table).getByRole('button', { name: 'Revoke Deploy bot' }));
    await waitFor(() => expect(api.state.oauthApps).toEqual([]));
    expect(notices.at(-1)?.message).toBe('Deploy bot revoked: its client can no longer sign in');
    expect(await screen.findByText('No OAuth apps')).toBeTruthy();
  });

  it('without members write, registering is disabled with the reason', async () => {
    renderArea('/org/acme/apps', { permissions: ROLE_PERMISSIONS.Developer });
    const add = await screen.findByRole('button', { name: 'Add application' });
    expect(add.getAttribute('data-disabled-reason')).toBe('You need additional permissions to register OAuth apps. Contact your organization owner or adminstrator for assistance.');
  });

  it('the page does not exist while the oauth_apps flag is off', async () => {
    renderArea('/org/acme/apps', { api: createFakeApi({ featureFlags: { oauth_apps: false } }) });
    expect(await screen.findByText('This organization page does not exist.')).toBeTruthy();
  });
});
