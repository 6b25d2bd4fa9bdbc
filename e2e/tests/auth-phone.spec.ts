import { expect, test } from '@playwright/test';
import { createActiveProject, projectApp, signUpThroughApi } from '../support/api-session';
import { serverUrl } from '../support/servers';

// Phone sign-in from the console's side: switched on on the providers page, an app's user signs up
// with a number (the calls supabase-js makes), the code is read from "Messages sent" and verified,
// and the user is listed with the number.

test('turn phone sign-in on, read the code an app user was sent, and find them by their number', async ({ page, context }) => {
  const baseUrl = serverUrl('production');
  const { session } = await signUpThroughApi(baseUrl, 'auth-phone');
  const { ref } = await createActiveProject(session, 'Phones');
  const app = await projectApp(session, ref);
  await session.shareWith(context);
  await page.setViewportSize({ width: 768, height: 900 });

  await page.goto(`${baseUrl}/project/${ref}/auth/providers`);
  const card = page.getByRole('region', { name: 'Phone' });
  const toggle = card.getByRole('switch', { name: 'Enable phone sign-in' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  // Off, the auth service refuses phone sign-ups.
  const refused = await app('/auth/v1/signup', { method: 'POST', body: JSON.stringify({ phone: '+1 555 099 0001', password: 'phone-password-1' }) });
  expect(((await refused.json()) as { error_code?: string }).error_code).toBe('phone_provider_disabled');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  const sent = card.getByRole('region', { name: 'Messages sent' });
  await expect(sent.getByText(/No text messages sent yet/)).toBeVisible();

  const signUp = await app('/auth/v1/signup', { method: 'POST', body: JSON.stringify({ phone: '+1 555 099 0001', password: 'phone-password-1' }) });
  expect(signUp.status).toBe(200);
  await sent.getByRole('button', { name: 'Refresh' }).click();
  const message = sent.getByRole('row', { name: /\+15550990001/ });
  await expect(message).toContainText(/Your code is \d{6}/);
  const code = /Your code is (\d{6})/.exec((await message.textContent()) ?? '')![1]!;
  const verified = await app('/auth/v1/verify', { method: 'POST', body: JSON.stringify({ type: 'sms', phone: '+15550990001', token: code }) });
  expect(verified.status).toBe(200);
  expect(((await verified.json()) as { access_token?: string }).access_token).toBeTruthy();
  // Nothing scrolls sideways at 768 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

  await page.getByRole('navigation', { name: 'Authentication' }).getByRole('link', { name: 'Users' }).click();
  await page.getByRole('textbox', { name: 'Search users by email or phone' }).fill('555 099');
  const row = page.getByRole('row', { name: /\+15550990001/ });
  await expect(row.getByText('Active')).toBeVisible();
  await expect(row.getByRole('gridcell').nth(0)).toHaveText('—');
  await row.getByText('+15550990001').click();
  const panel = page.getByRole('dialog', { name: '+15550990001' });
  await expect(panel.getByText('Phone confirmed')).toBeVisible();
});
