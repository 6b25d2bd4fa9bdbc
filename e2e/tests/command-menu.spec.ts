import { expect, test, type Page } from '@playwright/test';
import { createActiveProject, signUpThroughApi } from '../support/api-session';
import { serverUrl } from '../support/servers';

// The command menu finds every page the environment's area manifests describe, and the project's
// own tables, saved queries and buckets, read when it opens.

async function openMenu(page: Page) {
  await page.keyboard.press('Control+k');
  const search = page.getByRole('combobox', { name: 'Search the console' });
  await expect(search).toBeFocused();
  return search;
}

test('typing "policies" and Enter opens the policies page; a table, a saved query and a bucket are found by name', async ({ page, context }) => {
  test.setTimeout(120_000);
  const baseUrl = serverUrl('production');
  const { session } = await signUpThroughApi(baseUrl, 'menu');
  const { ref } = await createActiveProject(session, 'Menu');
  await session.client.database.runQuery(ref, { query: `create table public.invoices (id int primary key, customer text); insert into public.invoices values (1, 'Lovelace & Co');` });
  const { rows } = await session.client.database.runQuery(ref, { query: `select 'public.invoices'::regclass::oid::int as id` });
  const tableId = Number(rows[0].id);
  const saved = await session.client.snippets.createSnippet(ref, { name: 'Unpaid invoices', sql: 'select * from invoices;' });
  await session.client.storage.createBucket(ref, { id: 'receipts' });
  await session.shareWith(context);

  await page.goto(`${baseUrl}/project/${ref}`);
  await expect(page.getByRole('navigation', { name: 'Project' })).toBeVisible();

  let search = await openMenu(page);
  await search.fill('policies');
  await expect(page.getByRole('group', { name: 'Pages' }).getByRole('option').first()).toHaveText(/^PoliciesAuthentication$/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${baseUrl}/project/${ref}/auth/policies`);
  await expect(page.getByRole('heading', { name: 'Policies', exact: true })).toBeVisible();
  await expect(search).toHaveCount(0);

  search = await openMenu(page);
  await search.fill('invoices');
  // The billing page "Invoices" ranks alike and comes first (pages lead on equal matches); the table is one click away.
  const table = page.getByRole('group', { name: 'Tables' }).getByRole('option', { name: /invoices/ });
  await expect(table).toBeVisible();
  await table.click();
  await expect(page).toHaveURL(`${baseUrl}/project/${ref}/editor/${tableId}`);
  await expect(page.getByText('Lovelace & Co').first()).toBeVisible();

  search = await openMenu(page);
  await search.fill('unpaid');
  await expect(page.getByRole('group', { name: 'Saved queries' }).getByRole('option', { name: /Unpaid invoices/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${baseUrl}/project/${ref}/sql/${saved.id}`);

  search = await openMenu(page);
  await search.fill('receipts');
  await expect(page.getByRole('group', { name: 'Buckets' }).getByRole('option', { name: /receipts/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${baseUrl}/project/${ref}/storage/buckets/receipts`);
});
