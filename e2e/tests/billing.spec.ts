import { expect, test } from '@playwright/test';
import { createActiveProject, signUpThroughApi } from '../support/api-session';
import { serverUrl } from '../support/servers';

// Plans as an owner and a developer meet them: the free plan's upload limit is fixed at 50 MB; the
// plans are compared on the organization's billing page and the organization upgraded to Pro through
// the plan panel (what changes, the prorated cost); the storage settings then offer up to 5 GB, and
// the upcoming invoice bills Pro for the rest of the period. A developer sees the upgrade disabled
// with the spec words.

test('compare plans and upgrade to Pro: the upload limit opens up and the invoice bills Pro; a developer may not amend the subscription', async ({ page, context, browser }) => {
  test.setTimeout(120_000);
  const baseUrl = serverUrl('production');
  const { session } = await signUpThroughApi(baseUrl, 'billing');
  const { orgSlug, ref } = await createActiveProject(session, 'Shop');
  await session.shareWith(context);

  await page.goto(`${baseUrl}/project/${ref}/storage/settings`);
  await expect(page.getByText("The free plan's limit is fixed at 50 MB")).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Upload file size limit' })).toBeDisabled();

  await page.goto(`${baseUrl}/org/${orgSlug}/billing`);
  await expect(page.getByTestId('current-plan')).toHaveText('Free');
  const table = page.getByRole('table');
  for (const section of ['Database', 'Auth', 'Storage', 'Edge Functions', 'Realtime', 'Dashboard', 'Security', 'Support']) {
    await expect(table.getByRole('rowgroup', { name: section })).toBeVisible();
  }
  await expect(table.getByRole('row', { name: /^Max upload size 50 MB 5 GB 5 GB/ })).toBeVisible();
  const hint = table.getByRole('button', { name: /About Database size/ });
  await hint.focus();
  await expect(page.getByRole('tooltip')).toHaveText('Billed on average daily size');

  await page.getByRole('listitem', { name: 'Pro plan' }).getByRole('button', { name: 'Upgrade to Pro' }).click();
  await expect(page).toHaveURL(/panel=subscriptionPlan/);
  const panel = page.getByRole('dialog', { name: 'Change subscription plan' });
  await expect(panel.getByTestId('prorated-amount')).toContainText(/^\$\d+\.\d\d now, for the rest of this billing period/);
  await expect(panel.getByRole('row', { name: /Log retention 1 day 7 days/ })).toBeVisible();
  await panel.getByRole('button', { name: 'Change to Pro' }).click();
  await expect(page.getByTestId('current-plan')).toHaveText('Pro');
  await expect(panel).toBeHidden();
  expect((await session.client.plans.getSubscription(orgSlug)).plan.id).toBe('pro');

  await page.goto(`${baseUrl}/project/${ref}/storage/settings`);
  const limit = page.getByRole('textbox', { name: 'Upload file size limit' });
  await expect(limit).toBeEnabled();
  await expect(limit).toHaveValue('5');
  await expect(page.getByRole('combobox', { name: 'Unit' })).toHaveValue('GB');

  await page.goto(`${baseUrl}/org/${orgSlug}/invoices`);
  const lines = page.getByRole('table', { name: /^Lines of the invoice/ });
  await expect(lines.getByRole('row', { name: /^Pro plan/ })).toBeVisible();
  await expect(lines.getByRole('row', { name: /^Compute, project Shop/ })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /as CSV$/ }).first().click();
  expect((await download).suggestedFilename()).toMatch(/^invoice-.+\.csv$/);

  // A developer of the organization sees the change refused, with the reason.
  const dev = await signUpThroughApi(baseUrl, 'billing-dev');
  await session.client.organizations.addMember(orgSlug, { email: dev.email, role: 'Developer' });
  const devContext = await browser.newContext();
  await dev.session.shareWith(devContext);
  const devPage = await devContext.newPage();
  await devPage.goto(`${baseUrl}/org/${orgSlug}/billing`);
  const upgrade = devPage.getByRole('listitem', { name: 'Team plan' }).getByRole('button', { name: 'Upgrade to Team' });
  await expect(upgrade).toHaveAttribute('aria-disabled', 'true');
  await upgrade.hover();
  await expect(devPage.getByRole('tooltip')).toHaveText('You need additional permissions to amend subscriptions');
  await devContext.close();
});

// Usage per day and invoices as PDF: the organization's usage page and the project's own draw a
// chart per metric; the upcoming invoice downloads as a PDF.
test('usage charts on the organization and project usage pages; an invoice downloads as a PDF', async ({ page, context }) => {
  test.setTimeout(90_000);
  const baseUrl = serverUrl('production');
  const { session } = await signUpThroughApi(baseUrl, 'billing-usage');
  const { orgSlug, ref } = await createActiveProject(session, 'Charts');
  await session.shareWith(context);

  await page.goto(`${baseUrl}/org/${orgSlug}/usage`);
  const perDay = page.getByRole('region', { name: 'Per day' });
  for (const metric of ['API requests', 'Egress', 'Database size', 'Storage size']) {
    await expect(perDay.getByRole('img', { name: new RegExp(`^${metric} per day: `) })).toBeVisible();
  }
  // Reading usage measured the database today: its chart has today's bar and the plan's line.
  const today = new Date().toISOString().slice(0, 10);
  const database = perDay.getByRole('img', { name: /^Database size per day: highest .+ on \d{4}-\d\d-\d\d, the plan includes 500 MB$/ });
  await expect(database.locator(`rect[data-day="${today}"]`)).toHaveCount(1);
  await expect(database.locator('[data-limit]')).toHaveCount(1);

  await page.goto(`${baseUrl}/project/${ref}/settings/billing/usage`);
  await expect(page.getByRole('region', { name: 'Per day' }).getByRole('img', { name: /^Database size per day: highest/ })).toBeVisible();

  await page.goto(`${baseUrl}/org/${orgSlug}/invoices`);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /as PDF$/ }).first().click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toMatch(/^invoice-.+\.pdf$/);
  const { readFile } = await import('node:fs/promises');
  const bytes = await readFile((await pdf.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
});
