import { expect, test } from '@playwright/test';
import { createActiveProject, projectApp, signUpThroughApi } from '../support/api-session';
import { serverUrl } from '../support/servers';

// The reports that measure the database, as a developer checking a slow app uses them: statements
// run by the app through the data API and by the team in the SQL editor show in Query performance
// with their calls and times, and a table just filled shows among the Database report's largest.

test('statements just run show in the Query performance report, and a table just filled in the Database report', async ({ page, context }) => {
  test.setTimeout(180_000); // a project is created and started first
  const baseUrl = serverUrl('production');
  const { session } = await signUpThroughApi(baseUrl, 'reports-reader');
  const { ref } = await createActiveProject(session, 'Measured');
  // The team creates and fills a table in the SQL editor, then reads one row twice.
  await session.client.database.runQuery(ref, {
    query: `create table orders (id serial primary key, item text not null);
      insert into orders (item) select 'item ' || g from generate_series(1, 3000) g;
      alter table orders enable row level security;
      create policy anyone_reads on orders for select to anon using (true);
      grant select on orders to anon;`,
  });
  for (const id of [7, 8]) await session.client.database.runQuery(ref, { query: `select item from orders where id = ${id}` });
  // The app reads orders four times through the data API.
  const app = await projectApp(session, ref);
  for (let i = 0; i < 4; i++) expect((await app(`/rest/v1/orders?select=item&id=eq.${i + 1}`)).status).toBe(200);
  await session.shareWith(context);

  await page.goto(`${baseUrl}/project/${ref}/reports/query-performance`);
  await expect(page.getByRole('heading', { level: 1, name: 'Query performance' })).toBeVisible();
  const statements = page.getByRole('grid', { name: 'Statements' });
  // The statement log is written in batches: the report shows them within seconds.
  await expect(async () => {
    await page.reload();
    await expect(statements.getByRole('row', { name: /select item from orders where id = \$1/ })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Most frequent' }).click();
  const appReads = statements.getByRole('row', { name: /"orders"/ }).first();
  // The Calls column (after the statement's text): four reads by the app.
  await expect(appReads.getByRole('gridcell').nth(1)).toHaveText('4');
  await page.getByRole('searchbox', { name: 'Search statements' }).fill('from orders where id');
  await expect(statements.getByRole('row')).toHaveCount(2); // the header and the one statement
  await statements.getByRole('row', { name: /select item from orders where id = \$1/ }).click();
  const panel = page.getByRole('dialog', { name: 'Statement' });
  await expect(panel).toContainText('Calls2');
  await expect(panel).toContainText('Run fromSQL editor');
  await panel.getByRole('button', { name: 'Close' }).click();

  await page.goto(`${baseUrl}/project/${ref}/reports/database`);
  await expect(page.getByRole('heading', { level: 1, name: 'Database' })).toBeVisible();
  await expect(page.locator('[data-total="Database size"]')).toHaveText(/\d+(\.\d+)? MB/);
  await expect(page.getByRole('grid', { name: 'Largest tables' }).getByRole('row', { name: /public\.orders/ })).toContainText('3,000');
  await expect(page.getByRole('img', { name: /^Database size: \d+ samples?, latest/ })).toBeVisible();
});
