import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test } from 'vitest';
import { THEME_STORAGE_KEY } from '@plinth/shared-ui/theme';
import { makeOrganization, makeProject, fakeApi, renderShell, SIGNED_IN } from '../../app/test-harness';

const api = () => fakeApi({ 'GET /auth/session': SIGNED_IN, 'GET /platform/organizations': [makeOrganization()], 'GET /platform/projects': [makeProject()] });

beforeEach(() => window.localStorage.setItem(THEME_STORAGE_KEY, 'dark'));

test('the theme choice applies at once and is kept across reloads', async () => {
  const first = renderShell('/projects', api());
  await userEvent.click(await screen.findByRole('button', { name: 'Account' }));
  expect((await screen.findByRole('menuitemradio', { name: 'Dark' })).getAttribute('aria-checked')).toBe('true');
  await userEvent.click(screen.getByRole('menuitemradio', { name: 'Light' }));
  expect(document.documentElement.getAttribute('data-theme')).toBe('light');
  expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  first.unmount();
  renderShell('/projects', api());
  await userEvent.click(await screen.findByRole('button', { name: 'Account' }));
  await waitFor(() => expect(screen.getByRole('menuitemradio', { name: 'Light' }).getAttribute('aria-checked')).toBe('true'));
});

test('the menu opens from the keyboard too', async () => {
  renderShell('/projects', api());
  const trigger = await screen.findByRole('button', { name: 'Account' });
  trigger.focus();
  await userEvent.keyboard('{Enter}');
  expect(await screen.findByRole('menuitem', { name: 'Account Preferences' })).toBeTruthy();
});

test('Account Preferences leads to the account page', async () => {
  const { router } = renderShell('/projects', api());
  await userEvent.click(await screen.findByRole('button', { name: 'Account' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Account Preferences' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/account/me'));
});

test('Sign out ends the session and returns to the sign-in page', async () => {
  let signedIn = true;
  const calls = fakeApi({
    'GET /auth/session': () => (signedIn ? SIGNED_IN : { user: null, aal: null }),
    'POST /auth/sign-out': () => {
      signedIn = false;
      return {};
    },
    'GET /platform/organizations': [makeOrganization()],
    'GET /platform/projects': [makeProject()],
  });
  const { router } = renderShell('/projects', calls);
  await userEvent.click(await screen.findByRole('button', { name: 'Account' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
  expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
  expect(router.state.location.pathname).toBe('/sign-in');
  expect(calls.count('POST /auth/sign-out')).toBe(1);
});
