import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi, factor, FAKE_TOTP_CODE, findDialog } from '@plinth/area-kit/testing';
import { renderArea } from '../../testing/render-area';

const security = () => screen.getByRole('region', { name: 'Authenticator apps' });

describe('account security: multi-factor authentication', () => {
  it('with mfa_setup on, adds an authenticator app: setup address, a wrong code refused, the right one turns it on', async () => {
    const api = createFakeApi();
    const user = userEvent.setup();
    renderArea('/account/security', { api });
    expect(await screen.findByText('No authenticator app yet')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Add authenticator app' }));
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Phone');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/otpauth:\/\/totp\/Plinth/)).toBeTruthy();
    const code = screen.getByRole('textbox', { name: /Code from the app/ });
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    expect(await screen.findByText('Invalid TOTP code entered')).toBeTruthy();
    await user.clear(code);
    await user.type(code, FAKE_TOTP_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    const list = await within(security()).findByRole('list', { name: 'Authenticator apps' });
    await waitFor(() => expect(within(list).getByText('Verified')).toBeTruthy());
    expect(within(list).getByText('Phone')).toBeTruthy();
    expect(api.state.factors).toMatchObject([{ friendly_name: 'Phone', status: 'verified' }]);
  });

  it('with mfa_setup off, offers no setup but still lists and removes the authenticators already there', async () => {
    const api = createFakeApi({ factors: [factor({ friendly_name: 'Old phone' })] });
    api.state.featureFlags = { mfa_setup: false };
    const user = userEvent.setup();
    renderArea('/account/security', { api });
    expect(await screen.findByText('Setting up multi-factor authentication is not available here yet.')).toBeTruthy();
    expect(await within(security()).findByText('Old phone')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add authenticator app' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove Old phone' }));
    const dialog = await findDialog('Remove authenticator app');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('No authenticator app yet')).toBeTruthy();
    expect(api.state.factors).toEqual([]);
  });
});
