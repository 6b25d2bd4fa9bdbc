import { expect, test } from '@playwright/test';
import { createActiveProject, projectApp, signUpThroughApi, uniqueEmail } from '../support/api-session';
import { serverUrl } from '../support/servers';

// The logs pages over the project's real request log: calls an app makes to /auth/v1 and /rest/v1
// appear, newest first, a moment later; the status filter narrows them.

test('calls to the project API show in the auth and edge logs, filtered by status', async ({ page, context }) => {
  const baseUrl = serverUrl('production');
  const { session } = await signUpThroughApi(baseUrl, 'logs-reader');
  const { ref } = await createActiveProject(session, 'Logs');
  const app = await projectApp(session, baseUrl, ref);
  await session.shareWith(context);
  await page.setViewportSize({ width: 768, height: 900 });

  // An app's calls, as supabase-js makes them: a sign-up, a failed sign-in, a read of a missing table.
  const email = uniqueEmail('app-user');
  expect((await app('/auth/v1/signup', { method: 'POST', body: JSON.stringify({ email, password: 'app-password-1' }) })).status).toBe(200);
  expect((await app('/auth/v1/token?grant_type=password', { method: 'POST', body: JSON.stringify({ email, password: 'wrong-password' }) })).status).toBe(400);
  expect((await app('/rest/v1/no_such_table?select=*')).status).toBe(404);

  // The auth source: both auth calls, once the log is flushed.
  await page.goto(`${baseUrl}/project/${ref}/logs/auth-logs`);
  await expect(page.getByRole('heading', { level: 1, name: 'Auth' })).toBeVisible();
  const table = page.getByRole('grid', { name: 'Log entries' });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).first().click();
    await expect(table.getByRole('row', { name: /\/token/ })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(table.getByRole('row', { name: /\/signup/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /no_such_table/ })).toHaveCount(0);

  // Only the 4xx: the failed sign-in stays, the sign-up goes.
  await page.getByRole('combobox', { name: 'Status' }).selectOption('4xx');
  await expect(table.getByRole('row', { name: /\/signup/ })).toHaveCount(0);
  await expect(table.getByRole('row', { name: /\/token/ })).toBeVisible();

  // Every field of the entry in the detail panel.
  await table.getByRole('row', { name: /\/token/ }).click();
  const panel = page.getByRole('dialog');
  await expect(panel.getByText('?grant_type=password')).toBeVisible();
  await page.keyboard.press('Escape');

  // The edge logs: every call, the data API's too.
  await page.goto(`${baseUrl}/project/${ref}/logs/edge-logs`);
  await expect(table.getByRole('row', { name: /no_such_table/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /\/signup/ })).toBeVisible();
});
