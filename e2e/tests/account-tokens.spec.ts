import { expect, test } from '@playwright/test';
import { createActiveProject, signUpThroughApi } from '../support/api-session';
import { serverUrl } from '../support/servers';

// A personal access token made on Account → Access Tokens calls the platform API from outside the
// console (here the test, with fetch and no cookie) as its user, until it is revoked on the page.

test('generate an access token, call the API with it, revoke it and be refused', async ({ page, context }) => {
  test.setTimeout(90_000);
  const baseUrl = serverUrl('production');
  const { session } = await signUpThroughApi(baseUrl, 'tokens');
  const { orgSlug } = await createActiveProject(session, 'Tokens');
  await session.shareWith(context);

  await page.goto(`${baseUrl}/account/tokens`);
  await expect(page.getByText('No access tokens')).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill('Deploy script');
  await page.getByRole('combobox', { name: 'Expires in' }).selectOption('7');
  await page.getByRole('button', { name: 'Generate token' }).click();
  const token = (await page.getByTestId('new-access-token').textContent())!.trim();
  expect(token).toMatch(/^plinth_pat_/);
  const row = page.getByRole('table', { name: 'Access tokens' }).getByRole('row', { name: /Deploy script/ });
  await expect(row).toContainText('Never used');

  const call = (method = 'GET', path = '/api/platform/organizations', body?: unknown) =>
    fetch(`${baseUrl}${path}`, { method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const listed = await call();
  expect(listed.status).toBe(200);
  expect(((await listed.json()) as { slug: string }[]).map((o) => o.slug)).toEqual([orgSlug]);
  // A write with the token needs no CSRF token.
  expect((await call('PATCH', '/api/platform/profile', { first_name: 'Scripted' })).status).toBe(200);
  await page.reload();
  await expect(page.getByRole('table', { name: 'Access tokens' }).getByRole('row', { name: /Deploy script/ })).not.toContainText('Never used');

  await page.getByRole('button', { name: 'Revoke Deploy script' }).click();
  await page.getByRole('dialog', { name: 'Revoke "Deploy script"' }).getByRole('button', { name: 'Revoke token' }).click();
  await expect(page.getByText('No access tokens')).toBeVisible();
  const refused = await call();
  expect(refused.status).toBe(401);
  expect(((await refused.json()) as { message: string }).message).toBe('This access token has been revoked');
});

// The theme picked on Account → Preferences (a page of the settings area) is the console's: the
// shell keeps it, so it holds on other pages and after a reload; System forgets it.
test('the theme picked in Preferences is kept across pages and reloads', async ({ page, context }) => {
  const baseUrl = serverUrl('production');
  const { session } = await signUpThroughApi(baseUrl, 'theme');
  await session.shareWith(context);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(`${baseUrl}/account/me`);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('radio', { name: /^Light/ }).check();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await expect(page.getByRole('radio', { name: /^Light/ })).toBeChecked();
  await page.goto(`${baseUrl}/projects`);
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.goto(`${baseUrl}/account/me`);
  await page.getByRole('radio', { name: /^System/ }).check();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('radio', { name: /^System/ })).toBeChecked();
});
