import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { fakeApi, makeOrganization, makeProject, renderShell, reply, SIGNED_IN, SIGNED_OUT, USER } from './test-harness';

test('without a session a signed-in page sends the user to /sign-in', async () => {
  const { router } = renderShell('/projects', fakeApi({ 'GET /auth/session': SIGNED_OUT }));
  expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
  expect(router.state.location.pathname).toBe('/sign-in');
  await waitFor(() => expect(document.title).toBe('Sign in | Plinth'));
});

test('a session that still owes a second factor goes to /sign-in-mfa', async () => {
  const api = fakeApi({
    'GET /auth/session': { user: USER, aal: { currentLevel: 'aal1', nextLevel: 'aal2' } },
    'GET /auth/mfa/factors': { factors: [{ id: 'f1', friendly_name: null, factor_type: 'totp', status: 'verified', created_at: '2026-01-01' }] },
  });
  const { router } = renderShell('/projects', api);
  expect(await screen.findByLabelText('Authentication code')).toBeTruthy();
  expect(router.state.location.pathname).toBe('/sign-in-mfa');
  expect(document.title).toBe('Two-factor authentication | Plinth');
});

test('the TOTP code finishes sign-in and returns to the page asked for', async () => {
  const api = fakeApi({
    'GET /auth/session': { user: USER, aal: { currentLevel: 'aal1', nextLevel: 'aal2' } },
    'GET /auth/mfa/factors': { factors: [{ id: 'f1', friendly_name: null, factor_type: 'totp', status: 'verified', created_at: '2026-01-01' }] },
    'POST /auth/mfa/factors/f1/verify': ({ body }: { body: { code: string } }) =>
      body.code === '123456' ? { user: USER, aal: { currentLevel: 'aal2', nextLevel: 'aal2' } } : reply(400, { message: 'Invalid code', field: 'code' }),
    'GET /platform/organizations': [makeOrganization()],
    'GET /platform/projects': [],
  });
  const { router } = renderShell('/projects', api);
  const input = await screen.findByLabelText('Authentication code');
  await userEvent.type(input, '000000{Enter}');
  expect(await screen.findByText('Invalid code')).toBeTruthy();
  await userEvent.clear(input);
  await userEvent.type(input, '123456{Enter}');
  expect(await screen.findByRole('heading', { name: 'Projects' })).toBeTruthy();
  expect(router.state.location.pathname).toBe('/projects');
});

test('a signed-in user at /sign-in goes to /projects', async () => {
  const api = fakeApi({ 'GET /auth/session': SIGNED_IN, 'GET /platform/organizations': [makeOrganization()], 'GET /platform/projects': [makeProject()] });
  const { router } = renderShell('/sign-in', api);
  expect(await screen.findByRole('link', { name: /Orders/ })).toBeTruthy();
  expect(router.state.location.pathname).toBe('/projects');
  expect(document.title).toBe('All projects | Plinth');
});

test('the sign-in layout shows the terms notice and one customer quote', async () => {
  renderShell('/sign-in', fakeApi({ 'GET /auth/session': SIGNED_OUT }));
  expect(await screen.findByText(/Terms of Service/)).toBeTruthy();
  const quotes = screen.getByRole('complementary', { name: 'What our customers say' });
  expect(quotes.querySelectorAll('blockquote')).toHaveLength(1);
});

test('signing in with a wrong password says so; the right one opens the projects', async () => {
  let signedIn = false;
  const api = fakeApi({
    'GET /auth/session': () => (signedIn ? SIGNED_IN : SIGNED_OUT),
    'POST /auth/sign-in': ({ body }: { body: { password: string } }) => {
      if (body.password !== 'correct horse') return reply(401, { message: 'Invalid email or password' });
      signedIn = true;
      return SIGNED_IN;
    },
    'GET /platform/organizations': [makeOrganization()],
    'GET /platform/projects': [],
  });
  const { router } = renderShell('/sign-in', api);
  await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'wrong{Enter}');
  expect(await screen.findByText('Invalid email or password')).toBeTruthy();
  await userEvent.clear(screen.getByLabelText('Password'));
  await userEvent.type(screen.getByLabelText('Password'), 'correct horse{Enter}');
  await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
});

test('an invalid email is refused before any call', async () => {
  const api = fakeApi({ 'GET /auth/session': SIGNED_OUT });
  renderShell('/sign-in', api);
  await userEvent.type(await screen.findByLabelText('Email'), 'not-an-email');
  await userEvent.type(screen.getByLabelText('Password'), 'x{Enter}');
  expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
  expect(api.count('POST /auth/sign-in')).toBe(0);
});

test('an email typed on the sign-in page is still there after following "Sign up now"', async () => {
  const { router } = renderShell('/sign-in', fakeApi({ 'GET /auth/session': SIGNED_OUT }));
  const email = await screen.findByLabelText('Email');
  await userEvent.type(email, 'grace@example.com');
  await userEvent.click(screen.getByRole('link', { name: 'Sign up now' }));
  const form = await screen.findByRole('form', { name: 'Sign up' });
  const signUpEmail = form.querySelector('input#email') as HTMLInputElement;
  expect(router.state.location.pathname).toBe('/sign-up');
  expect(signUpEmail.value).toBe('grace@example.com');
  await userEvent.type(signUpEmail, '.uk');
  expect(signUpEmail.value).toBe('grace@example.com.uk');
});

test('the Terms of Service and Privacy Policy the sign-in page names are pages of their own', async () => {
  renderShell('/sign-in', fakeApi({ 'GET /auth/session': SIGNED_OUT }));
  await userEvent.click(await screen.findByRole('link', { name: 'Terms of Service' }));
  expect(await screen.findByRole('heading', { name: 'Terms of Service', level: 1 })).toBeTruthy();
  await waitFor(() => expect(document.title).toBe('Terms of Service | Plinth'));
  await userEvent.click(screen.getByRole('link', { name: 'Privacy Policy' }));
  expect(await screen.findByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeTruthy();
});
