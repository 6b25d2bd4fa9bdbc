import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { createActiveProject, signUpThroughApi } from '../support/api-session';
import { serverUrl } from '../support/servers';

// The SQL editor against a real project database: a query typed, run, exported as CSV, its error
// marked in the text, formatted; the query saved as it is typed through a reload, a switch of
// tabs, a visit to another area and a network outage; two pages editing it see a conflict.

const editorOf = (page: Page) => page.getByRole('textbox', { name: 'SQL' });
const lines = (page: Page) => page.locator('[data-testid="sql-code-editor"] .cm-line');

/** Replaces the editor's text by typing (no Enter: it would accept a completion). */
async function replaceText(page: Page, text: string) {
  await page.getByTestId('sql-code-editor').waitFor();
  await editorOf(page).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.type(text);
  await page.keyboard.press('Escape');
}

async function typeAtEnd(page: Page, text: string) {
  await page.getByTestId('sql-code-editor').waitFor();
  await editorOf(page).click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(text);
  await page.keyboard.press('Escape');
}

test('type, run, export CSV, see an error marked, format; the query survives reloads, tabs, other areas, an outage, and a second page', async ({ page, context }) => {
  test.setTimeout(240_000);
  const baseUrl = serverUrl('production');
  const { session } = await signUpThroughApi(baseUrl, 'sql-owner');
  const { ref } = await createActiveProject(session, 'Sql');
  await session.client.database.runQuery(ref, {
    query: `create table public.orders (id int primary key, customer text, total numeric, meta jsonb);
      insert into public.orders values (1, 'ada', 12.5, '{"vip": true}'), (2, 'bob, jr', null, null);`,
  });
  const second = await session.client.snippets.createSnippet(ref, { name: 'Second query', sql: 'select 2' });
  await session.shareWith(context);

  // A new query becomes a saved personal query with its first text.
  await page.goto(`${baseUrl}/project/${ref}/sql/new`);
  await replaceText(page, 'select id, customer, meta from orders order by id');
  await expect(page.getByRole('heading', { name: 'Untitled query' })).toBeVisible();
  await expect(page).toHaveURL(/\/sql\/[0-9a-f-]{36}$/);
  const queryUrl = page.url();

  // Run it, read the grid, export CSV.
  await editorOf(page).click();
  await page.keyboard.press('ControlOrMeta+Enter');
  const grid = page.getByRole('grid', { name: 'Results' });
  await expect(grid.getByRole('row')).toHaveCount(3);
  await expect(grid.getByRole('row').nth(1)).toContainText('ada');
  await expect(grid.getByRole('row').nth(2)).toContainText('NULL');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await readFile((await (await download).path())!, 'utf8');
  expect(csv).toBe('id,customer,meta\r\n1,ada,"{""vip"":true}"\r\n2,"bob, jr",\r\n');

  // An error: the message, where it is, and the place marked in the text.
  await replaceText(page, 'select * from missing_orders');
  await page.getByRole('button', { name: 'Run' }).click();
  const error = page.getByRole('alert').filter({ hasText: 'relation "missing_orders" does not exist' });
  await expect(error).toContainText('Line 1, column 15');
  await expect(page.locator('[data-error-mark]')).toHaveText('missing_orders');

  // Format.
  await replaceText(page, 'select id,customer from orders where total>1');
  await page.getByRole('button', { name: 'Format' }).click();
  await expect(lines(page)).toHaveText(['select', '  id,', '  customer', 'from', '  orders', 'where', '  total > 1']);
  await expect(page.getByRole('status', { name: 'Query saved' })).toBeVisible();

  // Reload: the saved text is there.
  await page.reload();
  await expect(lines(page).last()).toHaveText('  total > 1');

  // Another query's tab and back, another area and back.
  await page.goto(`${baseUrl}/project/${ref}/sql/${second.id}`);
  const tabs = page.getByRole('navigation', { name: 'Open queries' });
  await expect(tabs.getByRole('link', { name: 'Second query' })).toHaveAttribute('aria-current', 'page');
  await typeAtEnd(page, ' + 1');
  await tabs.getByRole('link', { name: 'Untitled query' }).click();
  await expect(lines(page).last()).toHaveText('  total > 1');
  await tabs.getByRole('link', { name: 'Second query' }).click();
  await expect(lines(page)).toHaveText(['select 2 + 1']);
  await page.getByRole('navigation', { name: 'Project', exact: true }).getByRole('link', { name: 'Storage' }).click();
  await expect(page).toHaveURL(/\/storage\//);
  await page.goBack();
  await expect(lines(page)).toHaveText(['select 2 + 1']);
  await expect.poll(async () => (await session.client.snippets.listSnippets(ref)).data.find((s) => s.id === second.id)?.content.sql).toBe('select 2 + 1');

  // The network drops: the text is kept and said to be; it is saved when the network is back.
  await context.setOffline(true);
  await typeAtEnd(page, ' + 1');
  await expect(page.getByText('Your changes are kept on this device')).toBeVisible();
  await expect(page.getByRole('status', { name: 'Query not saved: offline' })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole('status', { name: 'Query saved' })).toBeVisible();
  await expect.poll(async () => (await session.client.snippets.listSnippets(ref)).data.find((s) => s.id === second.id)?.content.sql).toBe('select 2 + 1 + 1');

  // Two pages on the same query: the second to save sees a conflict with both texts.
  await page.goto(queryUrl);
  await expect(lines(page).last()).toHaveText('  total > 1');
  const other = await context.newPage();
  await other.goto(queryUrl);
  await typeAtEnd(other, ' -- page two');
  await expect(other.getByRole('status', { name: 'Query saved' })).toBeVisible();
  await typeAtEnd(page, ' -- page one');
  const conflict = page.getByRole('region', { name: 'Conflicting changes' });
  await expect(conflict).toBeVisible();
  await expect(conflict.getByLabel('Your text')).toContainText('total > 1 -- page one');
  await expect(conflict.getByLabel('Their text')).toContainText('total > 1 -- page two');
  await conflict.getByRole('button', { name: 'Take theirs' }).click();
  await expect(lines(page).last()).toHaveText('  total > 1 -- page two');
  await expect(page.getByRole('status', { name: 'Query saved' })).toBeVisible();
});

test('several statements show a result each, EXPLAIN draws a plan tree, a template opens and runs, the history lists the runs', async ({ page, context }) => {
  test.setTimeout(180_000);
  const baseUrl = serverUrl('production');
  const { session } = await signUpThroughApi(baseUrl, 'sql-statements');
  const { ref } = await createActiveProject(session, 'Sql statements');
  await session.shareWith(context);

  // Several statements: a tab per statement with its row count or command tag.
  await page.goto(`${baseUrl}/project/${ref}/sql/new`);
  await replaceText(page, 'create table public.notes (id int primary key, body text); insert into public.notes values (1, $$one$$), (2, $$two$$); select * from public.notes order by id');
  await expect(page).toHaveURL(/\/sql\/[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: 'Run' }).click();
  const tabs = page.getByRole('tablist', { name: 'Statement results' });
  await expect(tabs.getByRole('tab')).toHaveText(['1. CREATE TABLECREATE TABLE', '2. INSERTINSERT 2', '3. SELECT2 rows']);
  await expect(page.getByRole('grid', { name: 'Results' }).getByRole('row')).toHaveCount(3);
  await tabs.getByRole('tab', { name: /2\. INSERT/ }).click();
  await expect(page.getByText('Success. 2 rows affected.')).toBeVisible();

  // EXPLAIN ANALYZE as a tree, and a typed EXPLAIN too.
  await replaceText(page, 'select * from public.notes where id = 2');
  await page.getByRole('button', { name: 'Explain analyze' }).click();
  const tree = page.getByRole('tree', { name: 'Plan tree' });
  await expect(tree.getByRole('treeitem').first()).toContainText(/rows estimated/);
  await expect(tree.getByRole('treeitem').first()).toContainText(/rows in .* ms/);
  await expect(page.getByRole('region', { name: 'Query plan' })).toContainText('Execution');
  await replaceText(page, 'explain select count(*) from public.notes');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(tree.getByRole('treeitem', { name: /Aggregate/ })).toBeVisible();

  // A template opened as a new query, then run.
  await page.goto(`${baseUrl}/project/${ref}/sql/templates`);
  await page.getByRole('button', { name: 'Open as new query: Full-text search' }).click();
  await expect(page.getByRole('heading', { name: 'Full-text search', level: 1 })).toBeVisible();
  await expect(lines(page).first()).toHaveText('create table if not exists public.articles (');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('tablist', { name: 'Statement results' }).getByRole('tab')).toHaveCount(4);
  await expect(page.getByRole('grid', { name: 'Results' })).toContainText('Full-text search in Postgres');

  // The history lists what ran, newest first; a run opens as a new query.
  await page.goto(`${baseUrl}/project/${ref}/sql/history`);
  const history = page.getByRole('grid', { name: 'Query history' });
  await expect(history.getByRole('row').nth(1)).toContainText('create table if not exists public.articles');
  await expect(history.getByRole('row').nth(1)).toContainText('Success');
  await expect(history.getByRole('row')).toHaveCount(5);
  await history.getByRole('row').last().click();
  await expect(page).toHaveURL(/\/sql\/[0-9a-f-]{36}$/);
  await expect(lines(page).first()).toHaveText(/^create table public\.notes/);
});
