import { describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi, FAKE_EMAIL_CHANGE_TOKEN } from '@plinth/area-kit/testing';
import { THEME_STORAGE_KEY } from '@plinth/shared-ui/theme';
import { renderArea } from '../../testing/render-area';

describe('account preferences', () => {
  it("shows the account's e-mail and saves its name", async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    const { notices } = renderArea('/account/me', { api });
    expect(await screen.findByText('me@example.com')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Ada');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Lovelace');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.argsOf('auth.updateProfile')).toEqual([[{ first_name: 'Ada', last_name: 'Lovelace', username: 'me' }]]));
    await waitFor(() => expect(notices.at(-1)?.message).toBe('Your profile was saved'));
    expect(api.state.profile).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace' });
  });
});

describe('account preferences: e-mail, password and theme', () => {
  it('sends a confirmation link to a new address; following it changes the address', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    renderArea('/account/me', { api });
    await user.type(await screen.findByRole('textbox', { name: 'New e-mail address' }), 'ada@example.org');
    await user.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(await screen.findByText('We sent a confirmation link to ada@example.org. Your address changes when you follow it.')).toBeTruthy();
    expect(api.state.profile.primary_email).toBe('me@example.com');
    cleanup();
    renderArea(`/account/me?confirm_email=${FAKE_EMAIL_CHANGE_TOKEN('ada@example.org')}`, { api });
    expect(await screen.findByText("Your account's e-mail address is now ada@example.org.")).toBeTruthy();
    expect(api.argsOf('account.confirmEmailChange')).toHaveLength(1);
    expect(api.state.profile.primary_email).toBe('ada@example.org');
  });

  it('a link that does not work says why', async () => {
    const api = createFakeApi();
    renderArea('/account/me?confirm_email=stale', { api });
    expect(await screen.findByText('Your e-mail address was not changed')).toBeTruthy();
    expect(screen.getByText('This confirmation link is not valid: ask for a new one from Preferences')).toBeTruthy();
  });

  it('changes the password with the current one; a wrong one is named, mismatched new ones are caught before the call', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    const { notices } = renderArea('/account/me', { api });
    const current = await screen.findByLabelText('Current password');
    await user.type(current, 'not my password');
    await user.type(screen.getByLabelText('New password'), 'a brand new password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a different one');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(api.argsOf('account.changePassword')).toEqual([]);
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'a brand new password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password is incorrect')).toBeTruthy();
    await user.clear(current);
    await user.type(current, 'correct horse battery staple');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(notices.at(-1)?.message).toBe('Your password was changed; your other sessions were signed out'));
    expect(api.state.password).toBe('a brand new password');
  });

  it('the theme applies at once and is kept; System forgets the choice', async () => {
    const user = userEvent.setup();
    localStorage.removeItem(THEME_STORAGE_KEY);
    const api = createFakeApi();
    renderArea('/account/me', { api });
    expect(((await screen.findByRole('radio', { name: /System/ })) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('radio', { name: /Light/ }));
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    await user.click(screen.getByRole('radio', { name: /Dark/ }));
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    await user.click(screen.getByRole('radio', { name: /System/ }));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });
});
