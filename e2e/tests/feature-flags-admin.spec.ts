import { expect, test } from '@playwright/test';
import { openApiSession, signUpThroughApi, TEST_PASSWORD } from '../support/api-session';
import { E2E_PLATFORM_ADMIN } from '../support/console-server';
import { serverUrl } from '../support/servers';

// Account → Feature Flags as a platform admin uses it: an organization the admin is not a member of
// gets a setting of its own, which its members' pages then read; someone else has no entry.

test("a platform admin sets a flag for another organization; a member of it reads the value; others see no entry", async ({ page, context, browser }) => {
  const baseUrl = serverUrl('production');
  const { session: member } = await signUpThroughApi(baseUrl, 'flag-member');
  const org = await member.client.organizations.create({ name: 'Flagged team' });

  const admin = await openApiSession(baseUrl);
  await admin.client.auth.signUp({ email: E2E_PLATFORM_ADMIN, password: TEST_PASSWORD }).catch(() => admin.client.auth.signIn({ email: E2E_PLATFORM_ADMIN, password: TEST_PASSWORD }));
  await admin.shareWith(context);
  await page.goto(`${baseUrl}/account/me`);
  await page.getByRole('navigation', { name: 'Account settings' }).getByRole('link', { name: 'Feature Flags' }).click();
  await expect(page.getByRole('heading', { name: 'Feature Flags' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Organization slug' }).fill(org.slug);
  await page.getByRole('button', { name: 'Show flags' }).click();
  const flags = page.getByRole('list', { name: 'Flags of Flagged team' });
  await flags.getByRole('combobox', { name: `ai_rename for ${org.slug}` }).selectOption('off');
  await expect(page.getByText(`ai_rename is off for ${org.slug}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Flagged team (1)' })).toBeVisible();
  expect((await member.client.featureFlags.getFeatureFlags({ organization: org.slug })).flags.ai_rename).toBe(false);
  await flags.getByRole('combobox', { name: `ai_rename for ${org.slug}` }).selectOption('follow');
  await expect.poll(async () => (await member.client.featureFlags.getFeatureFlags({ organization: org.slug })).overridden).toEqual([]);

  // The member is no platform admin: no entry, and the address itself says the API refused.
  const other = await browser.newContext();
  await member.shareWith(other);
  const memberPage = await other.newPage();
  await memberPage.goto(`${baseUrl}/account/feature-flags`);
  await expect(memberPage.getByText('Only platform admins can manage feature flags', { exact: true })).toBeVisible();
  await expect(memberPage.getByRole('navigation', { name: 'Account settings' }).getByRole('link', { name: 'Preferences' })).toBeVisible();
  await expect(memberPage.getByRole('navigation', { name: 'Account settings' }).getByRole('link', { name: 'Feature Flags' })).toHaveCount(0);
  await other.close();
});
