import { expect, test } from '@playwright/test';
import { startTestDnsServer } from '@plinth/platform-api/testing/dns-server';
import { createActiveProject, signUpThroughApi } from '../support/api-session';
import { serverUrl } from '../support/servers';

// A project's owner adds a custom domain from Project Settings, publishes the TXT record the page
// gives (on the DNS server the console is configured to read, which this test runs), verifies it,
// activates it, and sees the console's copied URL use it; removing it asks for the domain typed.

test('a custom domain is added, proved by its TXT record, activated and removed from Project Settings', async ({ page, context }) => {
  test.setTimeout(120_000);
  const baseUrl = serverUrl('production');
  const { session } = await signUpThroughApi(baseUrl, 'custom-domain-page');
  const { ref, orgSlug } = await createActiveProject(session, 'Branded');
  await session.client.plans.updateSubscription(orgSlug, { plan: 'pro' });
  // Pro allows a custom domain with the custom-domain add-on (Project Settings → Add Ons).
  await session.client.addons.selectAddon(ref, { addon_variant: 'cd_default' });
  await session.shareWith(context);
  const host = `api-${ref}.branded.test`;
  const dns = await startTestDnsServer(Number(process.env.PLINTH_E2E_DNS_PORT));
  try {
    await page.goto(`${baseUrl}/project/${ref}/settings/general`);
    const panel = page.getByRole('region', { name: 'Custom domain' });
    // A name that is not a domain is refused before anything is sent.
    await panel.getByRole('textbox', { name: 'Custom domain' }).fill('not a domain');
    await panel.getByRole('button', { name: 'Add' }).click();
    await expect(panel.getByText('custom_hostname must be a domain name such as api.example.com')).toBeVisible();
    await panel.getByRole('textbox', { name: 'Custom domain' }).fill(host);
    await panel.getByRole('button', { name: 'Add' }).click();

    const recordName = panel.getByRole('status', { name: 'TXT record name' });
    await expect(recordName).toHaveText(`_plinth-challenge.${host}`);
    const recordValue = (await panel.getByRole('status', { name: 'TXT record value' }).textContent())!;
    expect(recordValue).toMatch(/^plinth-verification=/);

    // Verified too early: the page says what is missing, and stays on this step.
    await panel.getByRole('button', { name: 'Verify' }).click();
    await expect(panel.getByText(`No TXT record was found at _plinth-challenge.${host}. Add one with the value ${recordValue}`)).toBeVisible();

    dns.setTxt(`_plinth-challenge.${host}`, recordValue);
    await panel.getByRole('button', { name: 'Verify' }).click();
    await expect(panel.getByText('Verified')).toBeVisible();
    await panel.getByRole('button', { name: 'Activate' }).click();
    await expect(panel.getByText(`This project is served at https://${host}`)).toBeVisible();
    // The API read agrees: the project services answer on it from now on.
    expect((await session.client.settings.getCustomHostname(ref)).status).toBe('5_services_reconfigured');

    // The API settings give the custom domain as the project's URL.
    await page.goto(`${baseUrl}/project/${ref}/settings/api`);
    await expect(page.getByRole('status', { name: 'URL' })).toHaveText(`https://${host}`);

    // Removing asks for the domain typed, then the project's own URL is back.
    await page.goto(`${baseUrl}/project/${ref}/settings/general`);
    await panel.getByRole('button', { name: 'Remove custom domain' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox').fill(host);
    await dialog.getByRole('button', { name: 'Remove custom domain' }).click();
    await expect(panel.getByRole('textbox', { name: 'Custom domain' })).toBeVisible();
    expect((await session.client.settings.getCustomHostname(ref)).status).toBe('0_no_hostname_configured');
  } finally {
    await dns.close();
  }
});
