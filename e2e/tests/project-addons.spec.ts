import { expect, test } from '@playwright/test';
import { createActiveProject, signUpThroughApi } from '../support/api-session';
import { serverUrl } from '../support/servers';

// Project Settings → Add Ons, as an owner on the Pro plan uses it: pick the custom-domain add-on in
// the side panel, confirm, and find it still selected after a reload; the custom domain panel of
// General then offers to add a domain instead of saying the plan has none.

test('the custom-domain add-on is selected from Project Settings → Add Ons and stays selected after a reload', async ({ page, context }) => {
  test.setTimeout(120_000);
  const baseUrl = serverUrl('production');
  const { session } = await signUpThroughApi(baseUrl, 'project-addons');
  const { ref, orgSlug } = await createActiveProject(session, 'Storefront');
  await session.client.plans.updateSubscription(orgSlug, { plan: 'pro' });
  await session.shareWith(context);

  await page.goto(`${baseUrl}/project/${ref}/settings/addons`);
  const domain = page.getByRole('region', { name: 'Custom domain' });
  await expect(domain.getByTestId('addon-custom_domain')).toContainText('None selected');
  await domain.getByRole('button', { name: 'Change custom domain' }).click();
  const panel = page.getByRole('dialog', { name: 'Change custom domain' });
  await panel.getByRole('radio', { name: /Custom domain/ }).check();
  await panel.getByRole('button', { name: 'Confirm' }).click();
  await expect(panel).toBeHidden();
  await expect(domain.getByTestId('addon-custom_domain')).toContainText('$10.00 / month');

  await page.reload();
  await expect(page.getByRole('region', { name: 'Custom domain' }).getByTestId('addon-custom_domain')).toContainText('Custom domain');
  await expect(page.getByRole('region', { name: 'Custom domain' }).getByTestId('addon-custom_domain')).toContainText('$10.00 / month');

  await page.goto(`${baseUrl}/project/${ref}/settings/general`);
  await expect(page.getByRole('region', { name: 'Custom domain' }).getByRole('textbox', { name: 'Custom domain' })).toBeVisible();
});
