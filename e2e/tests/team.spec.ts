import { expect, test } from '@playwright/test';
import { createOrganizationRolesClient } from '@plinth/shared-contracts';
import { createActiveProject, signUpThroughApi, TEST_PASSWORD, uniqueEmail } from '../support/api-session';
import { signUpThroughUi } from '../support/console-ui';
import { mailsTo } from '../support/mail-sink';
import { serverUrl } from '../support/servers';

// The Team page as an owner uses it: invite someone by e-mail with a role the plan offers; they
// follow the mailed link in a browser of their own, sign up with the invited address and accept;
// the owner changes their role (to Billing admin, a team plan role, and on to Developer) and
// removes them, and they no longer see the organization.

test('invite by e-mail, accept as them in a second browser, change their role, remove them', async ({ page, context, browser }) => {
  test.setTimeout(120_000);
  const baseUrl = serverUrl('production');
  const { session } = await signUpThroughApi(baseUrl, 'team-owner');
  const { orgSlug } = await createActiveProject(session, 'Crew');
  await session.client.plans.updateSubscription(orgSlug, { plan: 'team' });
  const mateEmail = uniqueEmail('team-mate');
  await session.shareWith(context);

  await page.goto(`${baseUrl}/org/${orgSlug}/team`);
  await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Invite member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a member' });
  await dialog.getByRole('textbox', { name: /Email address/ }).fill(mateEmail);
  await dialog.getByRole('combobox', { name: 'Role' }).selectOption('Read-only');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  const pending = page.getByRole('table', { name: 'Pending invitations' });
  await expect(pending.getByRole('row').filter({ hasText: mateEmail })).toContainText('Read-only');

  // The invitation mail, through the platform's mail transport.
  await expect.poll(() => mailsTo(mateEmail).length, { timeout: 15_000 }).toBeGreaterThan(0);
  const mail = mailsTo(mateEmail).at(-1)!;
  expect(mail).toContain('You have been invited to join');
  const link = /https?:\/\/\S+\/account\/invitation\?token=[A-Za-z0-9_-]+/.exec(mail)?.[0];
  expect(link, mail).toBeTruthy();

  // The invited person, in a browser of their own: the link asks them to sign in; they sign up with the invited address instead.
  const theirs = await browser.newContext();
  const them = await theirs.newPage();
  await them.goto(new URL(new URL(link!).pathname + new URL(link!).search, baseUrl).toString());
  await expect(them).toHaveURL(/\/sign-in\?returnTo=/);
  await signUpThroughUi(them, baseUrl, mateEmail, TEST_PASSWORD);
  await expect(them).not.toHaveURL(/\/sign-up/);
  await them.goto(new URL(new URL(link!).pathname + new URL(link!).search, baseUrl).toString());
  await expect(them.getByText('You have been invited to join Crew team as Read-only.')).toBeVisible();
  await them.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(them).toHaveURL(new RegExp(`/org/${orgSlug}/general`));

  // The owner sees them as a member and no longer as pending; changes their role, then removes them.
  await page.reload();
  const row = page.getByRole('table', { name: 'Members' }).getByRole('row').filter({ hasText: mateEmail });
  await expect(row.getByRole('combobox', { name: `Role of ${mateEmail}` })).toHaveValue('Read-only');
  await expect(page.getByText('No pending invitations.')).toBeVisible();
  // Billing admin: offered on the team plan, with what it may do beside the members.
  await expect(page.getByLabel('Roles', { exact: true })).toContainText('The subscription, payment methods, invoices, usage and tax ids');
  await row.getByRole('combobox', { name: `Role of ${mateEmail}` }).selectOption('Billing admin');
  await expect.poll(async () => (await createOrganizationRolesClient(session.client.http).listMembers(orgSlug)).find((m) => m.primary_email === mateEmail)?.organization_role).toBe('Billing admin');
  await row.getByRole('combobox', { name: `Role of ${mateEmail}` }).selectOption('Developer');
  await expect.poll(async () => (await session.client.organizations.listMembers(orgSlug)).find((m) => m.primary_email === mateEmail)?.role).toBe('Developer');

  await row.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('table', { name: 'Members' }).getByRole('row').filter({ hasText: mateEmail })).toHaveCount(0);
  expect((await session.client.organizations.listMembers(orgSlug)).map((m) => m.primary_email)).not.toContain(mateEmail);
  await theirs.close();
});
