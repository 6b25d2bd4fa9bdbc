import { expect, test, type Page } from '@playwright/test';
import { createActiveProject, projectApp, signUpThroughApi } from '../support/api-session';
import { serverUrl } from '../support/servers';

// The logs explorer as a user debugging failing calls uses it: a template run over the project's own
// calls (the app's requests, recorded by the platform), the range narrowed, a row opened in full, a
// query of their own saved and found again under Saved, and everything that ran listed under Recent.

/** Runs the query page's text until the platform's batched log writes have what `row` looks for. */
async function runUntil(page: Page, row: RegExp) {
  const results = page.getByRole('grid', { name: 'Query results' });
  await expect(async () => {
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(results.getByRole('row', { name: row }).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  return results;
}

test('a template runs over the project’s calls; a query is narrowed, opened row by row, saved and found under Saved and Recent', async ({ page, context }) => {
  test.setTimeout(150_000);
  const baseUrl = serverUrl('production');
  const { session } = await signUpThroughApi(baseUrl, 'logs-explorer');
  const { ref } = await createActiveProject(session, 'Logged');
  const app = await projectApp(session, ref);
  for (const call of ['/rest/v1/no_such_table?select=*', '/rest/v1/no_such_table?select=id', '/rest/v1/missing_too?select=*']) await app(call);
  await session.shareWith(context);

  // A template, one click from running: failing calls grouped by path.
  await page.goto(`${baseUrl}/project/${ref}/logs/explorer/templates`);
  await page.getByRole('button', { name: 'Run Errors by path' }).click();
  await expect(page.getByRole('heading', { name: 'Logs Explorer' }).first()).toBeVisible();
  const results = await runUntil(page, /no_such_table/);
  await expect(results.getByRole('row', { name: /no_such_table.*404.*2/ })).toBeVisible();
  await expect(results.getByRole('row', { name: /missing_too/ })).toBeVisible();

  // Our own query over the last 15 minutes; a row opens with every column.
  await page.goto(`${baseUrl}/project/${ref}/logs/explorer?q=${encodeURIComponent("select timestamp, path, status from edge_logs where path like '%missing_too%'")}`);
  await page.getByRole('combobox', { name: 'Time range' }).selectOption('15m');
  const narrowed = await runUntil(page, /missing_too/);
  await narrowed.getByRole('row', { name: /missing_too/ }).first().click();
  const panel = page.getByRole('dialog', { name: /^Event at / });
  await expect(panel).toContainText('/missing_too');
  await expect(panel).toContainText('404');
  await panel.getByRole('button', { name: 'Close' }).click();

  // Bad SQL names the problem.
  await page.goto(`${baseUrl}/project/${ref}/logs/explorer?q=${encodeURIComponent('select nope from edge_logs')}&run=1`);
  await expect(page.getByRole('alert').filter({ hasText: 'The query is not valid' })).toContainText('nope');

  // Saved, then found under Saved; both runs are under Recent.
  await page.goto(`${baseUrl}/project/${ref}/logs/explorer?q=${encodeURIComponent("select path, count(*) as calls from edge_logs group by path")}`);
  await runUntil(page, /no_such_table/);
  await page.getByRole('button', { name: 'Save query' }).click();
  const save = page.getByRole('dialog', { name: 'Save query' });
  await save.getByRole('textbox', { name: 'Name' }).fill('Calls by path');
  await save.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(save).toHaveCount(0);
  await page.goto(`${baseUrl}/project/${ref}/logs/explorer/saved`);
  await expect(page.getByRole('list', { name: 'Saved queries' }).getByRole('heading', { name: 'Calls by path' })).toBeVisible();
  await page.goto(`${baseUrl}/project/${ref}/logs/explorer/recent`);
  const recent = page.getByRole('list', { name: 'Recent queries' });
  await expect(recent).toContainText('group by path');
  await expect(recent).toContainText("like '%missing_too%'");
});

/** The histogram's figures (the last column of its table under "Show as table"), bucket by bucket. */
async function histogramFigures(page: Page): Promise<string[]> {
  const table = page.getByRole('table', { name: / per / });
  return table.locator('tbody tr td:last-child').allTextContents();
}

test('grouping a query by a field changes what the histogram counts', async ({ page, context }) => {
  test.setTimeout(120_000);
  const baseUrl = serverUrl('production');
  const { session } = await signUpThroughApi(baseUrl, 'logs-histogram');
  const { ref } = await createActiveProject(session, 'Histogram');
  const app = await projectApp(session, ref);
  for (let i = 0; i < 3; i += 1) await app('/rest/v1/no_such_table?select=*');
  await app('/rest/v1/missing_too?select=*');
  await session.shareWith(context);

  // Every failing call: one row each, and the histogram counts the rows, four of them.
  await page.goto(`${baseUrl}/project/${ref}/logs/explorer?q=${encodeURIComponent("select timestamp, path from edge_logs where status = 404 and path in ('/no_such_table', '/missing_too')")}`);
  await runUntil(page, /missing_too/);
  const caption = page.locator('figcaption').filter({ hasText: 'over the range' });
  await expect(async () => {
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(caption).toContainText('4 rows over the range', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('img', { name: /^Histogram: 4 rows/ })).toBeVisible();
  await page.getByText('Show as table').click();
  const before = await histogramFigures(page);
  expect(before.reduce((n, row) => n + Number(row.replace(/,/g, '')), 0)).toBe(4);

  // Grouped by path per minute: the histogram sums the counted column over one row per path and minute.
  await page.goto(`${baseUrl}/project/${ref}/logs/explorer?q=${encodeURIComponent("select date_trunc('minute', timestamp) as minute, path, count(*) as calls from edge_logs where status = 404 and path = '/no_such_table' group by 1, 2")}&run=1`);
  await expect(page.getByRole('grid', { name: 'Query results' }).getByRole('row', { name: /no_such_table/ }).first()).toBeVisible();
  await expect(caption).toContainText('3 calls over the range');
  await expect(caption).toContainText('(by minute)');
  await expect(page.getByRole('img', { name: /^Histogram: 3 calls/ })).toBeVisible();
  await page.getByText('Show as table').click();
  const after = await histogramFigures(page);
  expect(after).not.toEqual(before);
  expect(after.reduce((n, row) => n + Number(row.replace(/,/g, '')), 0)).toBe(3);
  await expect(page.getByRole('table', { name: /^calls per / }).getByRole('columnheader', { name: 'calls' })).toBeVisible();
});
