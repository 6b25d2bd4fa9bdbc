import { expect, test } from '@playwright/test';
import { createActiveProject, projectApp, signUpThroughApi, uniqueEmail } from '../support/api-session';
import { serverUrl } from '../support/servers';

// The logs pages over the project's real request log: calls an app makes to /auth/v1 and /rest/v1
// appear, newest first, a moment later; the status filter narrows them.

test('calls to the project API show in the auth and edge logs, filtered by status', async ({ page, context }) => {
  const baseUrl = serverUrl('production');
  const { session } = await signUpThroughApi(baseUrl, 'logs-reader');
  const { ref } = await createActiveProject(session, 'Logs');
  const app = await projectApp(session, ref);
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

test('the detail panel of a log entry has no Cancel or Confirm: it copies the entry as JSON and a field, and its × closes it', async ({ page, context }) => {
  const baseUrl = serverUrl('production');
  const { session } = await signUpThroughApi(baseUrl, 'logs-panel');
  const { ref } = await createActiveProject(session, 'Log panel');
  const app = await projectApp(session, ref);
  await session.shareWith(context);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  expect((await app('/rest/v1/no_such_table?select=*')).status).toBe(404);

  await page.goto(`${baseUrl}/project/${ref}/logs/edge-logs`);
  const table = page.getByRole('grid', { name: 'Log entries' });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).first().click();
    await expect(table.getByRole('row', { name: /no_such_table/ })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.getByRole('searchbox', { name: 'Search logs' }).fill('no_such_table');
  await page.keyboard.press('Enter');
  await expect(table.getByRole('row', { name: /no_such_table/ })).toHaveCount(1);

  // Opened by keyboard: the table's row, Enter.
  await table.focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: /no_such_table/ });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Confirm' })).toHaveCount(0);

  await panel.getByRole('button', { name: 'Copy as JSON' }).click();
  await expect(page.getByText('Copied log entry as JSON to clipboard', { exact: true })).toBeVisible();
  const entry = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
  expect(entry).toMatchObject({ path: '/no_such_table', status: 404, search: expect.stringContaining('select=') });
  await panel.getByRole('button', { name: 'Copy path' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('/no_such_table');

  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(panel).toHaveCount(0);
  await expect(table).toBeFocused();
});

test('the live tail follows new entries: an app call appears without reloading', async ({ page, context }) => {
  test.setTimeout(90_000);
  const baseUrl = serverUrl('production');
  const { session } = await signUpThroughApi(baseUrl, 'logs-tail');
  const { ref } = await createActiveProject(session, 'Tail');
  const app = await projectApp(session, ref);
  await session.shareWith(context);
  await page.goto(`${baseUrl}/project/${ref}/logs/edge-logs`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('switch', { name: 'Live tail' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Following new entries' })).toBeVisible();
  const table = page.getByRole('grid', { name: 'Log entries' });
  await expect(table.getByRole('row', { name: /tail_table_after_switch/ })).toHaveCount(0);

  // A call made now shows within a few seconds, with no reload and no click.
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });
  expect((await app('/rest/v1/tail_table_after_switch?select=*')).status).toBe(404);
  await expect(table.getByRole('row', { name: /tail_table_after_switch/ })).toBeVisible({ timeout: 20_000 });
  expect(navigations).toEqual([]);
  await expect(page.getByRole('switch', { name: 'Live tail' })).toBeChecked();
});
