import { expect, test, type Page } from '@playwright/test';
import { createActiveProject, signUpThroughApi } from '../support/api-session';
import { serverUrl } from '../support/servers';

// What is typed in the SQL editor survives the page going away at any moment: a query typed into
// sql/new and then reloaded (in one tab, or in two tabs each typing its own), its tab closed, or its
// tab crashed, well within the autosave pause, opens again with its text and is saved once as the
// user's new query.

const editorOf = (page: Page) => page.getByRole('textbox', { name: 'SQL' });
const lines = (page: Page) => page.locator('[data-testid="sql-code-editor"] .cm-line');
const SAVED_QUERY = /\/sql\/[0-9a-f-]{36}$/;

async function typeNewQuery(page: Page, text: string) {
  await page.getByTestId('sql-code-editor').waitFor();
  await editorOf(page).click();
  await page.keyboard.type(text);
}

test('a new query reloaded, closed or crashed within the autosave pause opens again with its text', async ({ page, context }) => {
  test.setTimeout(150_000);
  const baseUrl = serverUrl('production');
  const { session } = await signUpThroughApi(baseUrl, 'sql-drafts');
  const { ref } = await createActiveProject(session, 'Drafts');
  await session.shareWith(context);
  const sqlEditor = `${baseUrl}/project/${ref}/sql`;
  const savedTexts = async () => (await session.client.snippets.listSnippets(ref)).data.map((s) => s.content.sql).sort();
  const creates: string[] = [];
  context.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(`/projects/${ref}/content`)) creates.push(request.postData() ?? '');
  });

  // Typed and reloaded at once: nothing was sent before the reload.
  await page.goto(`${sqlEditor}/new`);
  await typeNewQuery(page, 'select 4242 as kept');
  expect(creates).toEqual([]);
  await page.reload();
  await expect(lines(page)).toHaveText(['select 4242 as kept']);
  // It is saved as the user's new query, and the page is that query's, through another reload.
  await expect(page).toHaveURL(SAVED_QUERY);
  await expect(page.getByRole('heading', { name: 'Untitled query' })).toBeVisible();
  await expect.poll(savedTexts).toEqual(['select 4242 as kept']);
  await page.reload();
  await expect(lines(page)).toHaveText(['select 4242 as kept']);
  await expect(page.getByRole('status', { name: 'Query saved' })).toBeVisible();
  await page.close();

  // Two tabs each typing a new query, both reloaded at once: each finds its own text.
  const left = await context.newPage();
  const right = await context.newPage();
  await left.goto(`${sqlEditor}/new`);
  await right.goto(`${sqlEditor}/new`);
  await typeNewQuery(left, 'select 1 as left_tab');
  await typeNewQuery(right, 'select 2 as right_tab');
  await Promise.all([left.reload(), right.reload()]);
  await expect(lines(left)).toHaveText(['select 1 as left_tab']);
  await expect(lines(right)).toHaveText(['select 2 as right_tab']);
  await expect(left).toHaveURL(SAVED_QUERY);
  await expect(right).toHaveURL(SAVED_QUERY);
  await expect.poll(savedTexts).toEqual(['select 1 as left_tab', 'select 2 as right_tab', 'select 4242 as kept']);
  await left.close();
  await right.close();

  // Typed in a new query and the tab closed at once: the project's SQL editor, opened in a new tab, has it.
  const closing = await context.newPage();
  await closing.goto(`${sqlEditor}/new`);
  await typeNewQuery(closing, 'select 77 as closed');
  await closing.close();
  const reopened = await context.newPage();
  await reopened.goto(sqlEditor);
  await expect(lines(reopened)).toHaveText(['select 77 as closed']);
  await expect(reopened).toHaveURL(SAVED_QUERY);
  await expect.poll(savedTexts).toEqual(['select 1 as left_tab', 'select 2 as right_tab', 'select 4242 as kept', 'select 77 as closed']);
  await reopened.close();

  // Typed in a new query and the tab's renderer crashes at once: sql/new in a new tab has it.
  const crashing = await context.newPage();
  await crashing.goto(`${sqlEditor}/new`);
  await typeNewQuery(crashing, 'select 5 as crashed');
  const crashed = crashing.waitForEvent('crash');
  // Chromium's debug address kills the tab's renderer on the spot: no pagehide, nothing more runs.
  await crashing.goto('chrome://crash').catch(() => undefined);
  await crashed;
  const recovered = await context.newPage();
  await recovered.goto(`${sqlEditor}/new`);
  await expect(lines(recovered)).toHaveText(['select 5 as crashed']);
  await expect(recovered).toHaveURL(SAVED_QUERY);
  await expect.poll(savedTexts).toEqual(['select 1 as left_tab', 'select 2 as right_tab', 'select 4242 as kept', 'select 5 as crashed', 'select 77 as closed']);
  // Each query once, in the user's queries.
  await expect(recovered.getByRole('region', { name: 'Your queries' }).getByRole('link', { name: 'Untitled query' })).toHaveCount(5);
});
