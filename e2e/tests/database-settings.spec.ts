import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { createActiveProject, signUpThroughApi } from '../support/api-session';
import { serverUrl } from '../support/servers';

// Project Settings → Database as an owner uses it: reveal the password, copy the connection string
// and connect with it from outside the browser (psql, through the platform's wire protocol port of
// the embedded database); then restart the project from Settings → General, watch it come back, and
// connect again to the same data.

const run = promisify(execFile);
async function psql(uri: string, sql: string): Promise<string> {
  const out = await run('psql', [uri, '-X', '-q', '-tA', '-c', sql], { env: { ...process.env, PGCONNECT_TIMEOUT: '10' } }).catch((err: NodeJS.ErrnoException & { stderr?: string }) => {
    if (err.code === 'ENOENT') throw new Error('psql is not installed on this machine: install the PostgreSQL client (apt-get install postgresql-client) to run this test');
    throw new Error(`psql failed: ${err.stderr ?? err.message}`);
  });
  return out.stdout.trim();
}

test('the copied connection string connects with psql; a restart from settings brings the project back on its data', async ({ page, context }) => {
  test.setTimeout(150_000);
  const baseUrl = serverUrl('production');
  const { session } = await signUpThroughApi(baseUrl, 'database-settings');
  const project = await createActiveProject(session, 'Ledger');
  await session.shareWith(context);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

  await page.goto(`${baseUrl}/project/${project.ref}/settings/database`);
  const details = page.getByRole('region', { name: 'Connection details' });
  await expect(details.getByText(`postgres.${project.ref}`, { exact: true })).toBeVisible();
  await expect(details.getByLabel('Connection string (URI)', { exact: true })).toContainText('[YOUR-PASSWORD]');
  await details.getByRole('button', { name: 'Reveal password' }).click();
  await expect(details.getByLabel('Connection string (URI)', { exact: true })).not.toContainText('[YOUR-PASSWORD]');
  await details.getByRole('button', { name: 'Copy Connection string (URI)' }).click();
  await expect(details.getByRole('button', { name: 'Copied' })).toBeVisible();
  const uri = await clipboard();
  expect(uri).toMatch(new RegExp(`^postgresql://postgres\\.${project.ref}:[^@]+@localhost:\\d+/postgres$`));

  expect(await psql(uri, `create table ledger (entry text); insert into ledger values ('first'); select count(*) from ledger`)).toBe('1');
  // What psql wrote, the console's SQL runs see: the same database.
  const seen = await session.client.database.runQuery(project.ref, { query: 'select entry from ledger' });
  expect(seen.rows).toEqual([{ entry: 'first' }]);

  await page.goto(`${baseUrl}/project/${project.ref}/settings/general`);
  const restart = page.getByRole('region', { name: 'Restart project' });
  await restart.getByRole('button', { name: 'Restart project' }).click();
  await page.getByRole('dialog', { name: 'Restart Ledger?' }).getByRole('button', { name: 'Restart project' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The page follows the restart until the project is back.
  await expect(page.getByText('Ledger is running again', { exact: true })).toBeVisible({ timeout: 60_000 });
  expect((await session.client.projects.getStatus(project.ref)).status).toBe('ACTIVE_HEALTHY');
  const history = (await session.client.projects.get(project.ref)).status_history ?? [];
  expect(history.slice(-3).map((e) => e.status)).toEqual(['GOING_DOWN', 'COMING_UP', 'ACTIVE_HEALTHY']);
  await expect(restart.getByRole('button', { name: 'Restart project' })).toBeEnabled();
  expect(await psql(uri, 'select entry from ledger')).toBe('first');
});
