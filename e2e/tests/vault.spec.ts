import { expect, test } from '@playwright/test';
import { createActiveProject, signUpThroughApi } from '../support/api-session';
import { serverUrl } from '../support/servers';

// Project Settings → Vault (issue 24), as an owner uses it: add a secret, reveal it in the table,
// and find the same value decrypted by the project's database (vault.decrypted_secrets through the
// SQL API), while the stored column holds ciphertext only.

test('add and reveal a secret', async ({ page, context }) => {
  test.setTimeout(120_000);
  const baseUrl = serverUrl('production');
  const { session } = await signUpThroughApi(baseUrl, 'vault');
  const project = await createActiveProject(session, 'Vaulted');
  await session.shareWith(context);

  await page.goto(`${baseUrl}/project/${project.ref}/settings/vault/secrets`);
  await expect(page.getByText('No secrets yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add new secret' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add new secret' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('stripe_key');
  await dialog.getByRole('textbox', { name: 'Secret' }).fill('sk_test_e2e_4242');
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Payments');
  await dialog.getByRole('button', { name: 'Add secret' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('table', { name: 'Secrets' }).getByRole('row').filter({ hasText: 'stripe_key' });
  await expect(row).toContainText('Payments');
  await expect(row).not.toContainText('sk_test_e2e_4242');
  await row.getByRole('button', { name: 'Reveal stripe_key' }).click();
  await expect(row.getByTestId('revealed-secret')).toHaveText('sk_test_e2e_4242');
  await row.getByRole('button', { name: 'Hide stripe_key' }).click();
  await expect(row.getByTestId('revealed-secret')).toHaveCount(0);

  const decrypted = await session.client.database.runQuery(project.ref, { query: "select decrypted_secret from vault.decrypted_secrets where name = 'stripe_key'" });
  expect(decrypted.rows).toEqual([{ decrypted_secret: 'sk_test_e2e_4242' }]);
  const stored = await session.client.database.runQuery(project.ref, { query: "select secret from vault.secrets where name = 'stripe_key'" });
  expect(String(stored.rows[0]?.secret)).not.toContain('sk_test_e2e_4242');
});
