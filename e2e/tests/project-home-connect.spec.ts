import { expect, test } from '@playwright/test';
import { createActiveProject, signUpThroughApi } from '../support/api-session';
import { servicesUrl, serverUrl } from '../support/servers';

// The project home's "Connecting" card: the project URL, what it says of the database connection
// string (the test servers run the embedded database, which has none), and the quick starts, each
// copied with its button. The curl one is run as copied, on a table of the project's.

test('the Connecting card says where the database is, and its quick starts copy and work as written', async ({ page, context }) => {
  test.setTimeout(120_000);
  const baseUrl = serverUrl('production');
  const { session } = await signUpThroughApi(baseUrl, 'connect');
  const { ref } = await createActiveProject(session, 'Connect');
  await session.client.database.runQuery(ref, {
    query: `create table public.your_table (id int primary key, note text); insert into public.your_table values (1, 'hello from curl');
      grant select on public.your_table to anon;`,
  });
  await session.shareWith(context);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

  await page.goto(`${baseUrl}/project/${ref}`);
  const card = page.getByRole('region', { name: 'Connecting' });
  const projectUrl = `${servicesUrl('production')}/${ref}`;
  await expect(card.getByLabel('Project URL', { exact: true })).toHaveText(projectUrl);
  // The embedded database has no address: the card says so instead of showing a string.
  await expect(card.getByTestId('no-connection-string')).toContainText('No connection string: this server keeps each project\'s database embedded');
  await expect(card.getByText(/postgres(ql)?:\/\//)).toHaveCount(0);

  // supabase-js first.
  await expect(card.getByRole('tab', { name: 'supabase-js' })).toHaveAttribute('aria-selected', 'true');
  const js = card.getByLabel('supabase-js quick start', { exact: true });
  await expect(js).toContainText(`createClient('${projectUrl}', 'ey`);
  await card.getByRole('button', { name: 'Copy supabase-js quick start' }).click();
  await expect(card.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await clipboard()).toBe(await js.textContent());

  // curl: copied, then sent as written.
  await card.getByRole('tab', { name: 'curl' }).click();
  await card.getByRole('button', { name: 'Copy curl quick start' }).click();
  await expect(card.getByRole('button', { name: 'Copied' })).toBeVisible();
  const curl = await clipboard();
  const url = /^curl '([^']+)'/.exec(curl)?.[1];
  const headers = Object.fromEntries([...curl.matchAll(/-H '([^:]+): ([^']+)'/g)].map((m) => [m[1], m[2]]));
  expect(url).toBe(`${projectUrl}/rest/v1/your_table?select=*`);
  const answer = await fetch(url!, { headers });
  expect(answer.status).toBe(200);
  expect(await answer.json()).toEqual([{ id: 1, note: 'hello from curl' }]);

  // psql needs an address: said plainly, with the way to the SQL editor.
  await card.getByRole('tab', { name: 'psql' }).click();
  await expect(card.getByRole('tabpanel')).toContainText("psql needs a database address, and this project's database has none");
  await card.getByRole('tabpanel').getByRole('link', { name: 'SQL editor' }).click();
  await expect(page).toHaveURL(`${baseUrl}/project/${ref}/sql/new`);
});
