import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi } from '@plinth/area-kit/testing';
import { renderArea } from '../../testing/render-area';

describe('access tokens', () => {
  it('says there are none, generates one that is shown once, lists it by name and alias, and revokes it after a confirmation', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    const { notices } = renderArea('/account/tokens', { api });
    expect(await screen.findByText('No access tokens')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'CI deploys');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Expires in' }), '90');
    await user.click(screen.getByRole('button', { name: 'Generate token' }));
    const shown = await screen.findByTestId('new-access-token');
    expect(shown.textContent).toMatch(/^plinth_pat_/);
    expect(api.argsOf('account.createAccessToken')).toEqual([[{ name: 'CI deploys', expires_in_days: 90 }]]);
    const table = await screen.findByRole('table', { name: 'Access tokens' });
    const row = within(table).getByText('CI deploys').closest('tr')!;
    expect(row.textContent).toContain('2026-06-08');
    expect(row.textContent).toContain('Never used');
    expect(row.textContent).not.toContain(shown.textContent);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('new-access-token')).toBeNull();

    await user.click(within(row).getByRole('button', { name: 'Revoke CI deploys' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke "CI deploys"' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke token' }));
    await waitFor(() => expect(notices.at(-1)?.message).toBe('Token "CI deploys" was revoked'));
    expect(await screen.findByText('No access tokens')).toBeTruthy();
    expect(api.state.accessTokens).toEqual([]);
  });

  it('asks for a name before calling the API', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    renderArea('/account/tokens', { api });
    await user.click(await screen.findByRole('button', { name: 'Generate token' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(api.writes()).toEqual([]);
  });

  it('says so when the tokens cannot be read', async () => {
    const api = createFakeApi();
    api.failures['account.listAccessTokens'] = { status: 503, message: 'The API is restarting' };
    renderArea('/account/tokens', { api });
    expect(await screen.findByText('Failed to retrieve access tokens')).toBeTruthy();
    expect(screen.getByText('The API is restarting')).toBeTruthy();
  });
});
