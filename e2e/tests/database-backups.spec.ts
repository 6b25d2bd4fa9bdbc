import { expect, test } from '@playwright/test';
import { createActiveProject, signUpThroughApi } from '../support/api-session';
import { serverUrl } from '../support/servers';

// Database → Backups (issue 24), as an owner uses it: take a backup, change the data, restore the
// backup with the project's ref typed, and find the rows of the backup again.

test('take and restore a backup', async ({ page, context }) => {
  test.setTimeout(240_000);
  const baseUrl = serverUrl('production');
  const { session } = await signUpThroughApi(baseUrl, 'backups');
  const project = await createActiveProject(session, 'Backed up');
  await session.shareWith(context);
  const sql = (query: string) => session.client.database.runQuery(project.ref, { query });
  await sql(`create table public.notes (id int primary key, body text); insert into public.notes values (1, 'kept'), (2, 'also kept')`);

  await page.goto(`${baseUrl}/project/${project.ref}/database/backups/scheduled`);
  await expect(page.getByRole('heading', { level: 1, name: 'Backups' })).toBeVisible();
  await expect(page.getByText('No backups yet', { exact: true })).toBeVisible();
  await expect(page.getByText(/Backups are kept for 1 day on the Free plan/)).toBeVisible();
  await page.getByRole('button', { name: 'Create backup' }).click();
  const table = page.getByRole('grid', { name: 'Backups' });
  await expect(table.getByText('Completed')).toBeVisible({ timeout: 120_000 });
  await expect(table).toContainText('On demand');

  await sql(`delete from public.notes where id = 1; insert into public.notes values (3, 'after the backup')`);

  await table.getByRole('button', { name: /^Restore the backup of/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('every change made after the backup was taken is lost');
  await dialog.getByRole('textbox').fill(project.ref);
  await dialog.getByRole('button', { name: 'Restore backup' }).click();

  await expect
    .poll(async () => (await session.client.projects.getStatus(project.ref)).status, { timeout: 120_000, intervals: [1000] })
    .toBe('ACTIVE_HEALTHY');
  await page.goto(`${baseUrl}/project/${project.ref}/database/backups/scheduled`);
  await expect(page.getByRole('grid', { name: 'Backups' }).getByText('Restored')).toBeVisible({ timeout: 60_000 });
  expect((await sql('select id, body from public.notes order by id')).rows).toEqual([
    { id: 1, body: 'kept' },
    { id: 2, body: 'also kept' },
  ]);
});
