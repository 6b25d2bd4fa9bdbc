import { expect, test } from '@playwright/test';
import { createActiveProject, projectApp, signUpThroughApi, uniqueEmail } from '../support/api-session';
import { serverUrl } from '../support/servers';

// What an app does shows where the console measures it: the organization's usage page counts its
// requests and active users against the plan, and the API report counts its calls and errors.

test("an app's calls show on the usage page and in the API report", async ({ page, context }) => {
  test.setTimeout(180_000); // a project is created and started first
  const baseUrl = serverUrl('production');
  const { session } = await signUpThroughApi(baseUrl, 'usage-reader');
  const { orgSlug, ref } = await createActiveProject(session, 'Usage');
  const app = await projectApp(session, ref);
  await session.shareWith(context);
  await page.setViewportSize({ width: 768, height: 900 });

  // The app, with plain fetch as supabase-js would call: a user signs up and in, and reads a missing table three times.
  const email = uniqueEmail('usage-app-user');
  expect((await app('/auth/v1/signup', { method: 'POST', body: JSON.stringify({ email, password: 'app-password-1' }) })).status).toBe(200);
  expect((await app('/auth/v1/token?grant_type=password', { method: 'POST', body: JSON.stringify({ email, password: 'app-password-1' }) })).status).toBe(200);
  for (let i = 0; i < 3; i++) expect((await app('/rest/v1/no_such_table?select=*')).status).toBe(404);

  // The usage page: 5 requests and 1 active user this billing period, against the free plan's quota.
  await page.goto(`${baseUrl}/org/${orgSlug}/usage`);
  await expect(page.getByRole('heading', { level: 1, name: 'Usage' })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.locator('[data-figure="api_requests"]')).toHaveText('5', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.locator('[data-figure="monthly_active_users"]')).toHaveText('1 of 50,000');
  await expect(page.getByRole('grid', { name: 'Usage by project' }).getByText('Usage')).toBeVisible();

  // The API report: the same calls, the missing table as the most frequent error.
  await page.goto(`${baseUrl}/project/${ref}/reports/api-overview`);
  await expect(page.getByRole('heading', { level: 1, name: 'API' })).toBeVisible();
  await expect(page.locator('[data-total="Requests"]')).toHaveText('5');
  await expect(page.locator('[data-total="Errors"]')).toHaveText('3 (60 %)');
  await expect(page.getByRole('grid', { name: 'Most frequent errors' }).getByText('GET /rest/v1/no_such_table')).toBeVisible();
  await expect(page.getByRole('img', { name: /Requests over time: 5 requests, 3 errors/ })).toBeVisible();
});
