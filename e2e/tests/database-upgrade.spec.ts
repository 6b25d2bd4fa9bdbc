import { PGlite } from '@electric-sql/pglite';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { openApiSession, signUpThroughApi, TEST_PASSWORD, waitForProjectStatus } from '../support/api-session';
import { startConsoleServer, type ConsoleServer } from '../support/console-server';
import { TEST_ENVIRONMENTS } from '../support/environments';
import { runLogDir } from '../support/servers';

// Project Settings → Infrastructure as an owner of a project made on an older platform uses it: the
// page offers the current database version, the upgrade runs through its eight steps while the shell
// shows the checklist, and the project comes back on the new version with its data.
//
// A project is "older" when the platform's image moved on after it was made. The test makes one the
// way it happens: a console server makes the project and stops; its record is then what a platform
// that predates image versions left (no image: image 1), and a console server starts again on the
// same data directory.

test('a project made on an older platform is upgraded from Infrastructure: the checklist runs to the end and the data is there', async ({ page, context }) => {
  test.setTimeout(240_000);
  const logDir = runLogDir();
  let server: ConsoleServer | undefined = await startConsoleServer(TEST_ENVIRONMENTS.production, logDir, 120_000, { keepData: true, logName: 'upgrade-before.log' });
  const dataDir = server.dataDir;
  try {
    const { session, email } = await signUpThroughApi(server.url, 'upgrade');
    const org = await session.client.organizations.create({ name: 'Upgrade team' });
    const { ref } = await session.client.projects.create({ name: 'Almanac', organization_slug: org.slug });
    await waitForProjectStatus(session, ref, 'ACTIVE_HEALTHY');
    await session.client.database.runQuery(ref, {
      query: `create table public.entries (id serial primary key, body text not null);
        insert into public.entries (body) select 'entry ' || n from generate_series(1, 500) n;
        create view public.entry_count as select count(*)::int as n from public.entries;`,
    });
    await server.stop();
    server = undefined;

    // What a platform from before image versions left: the project's image unrecorded.
    const control = await PGlite.create(path.join(dataDir, 'control'));
    await control.query('update projects set database_image = null where ref = $1', [ref]);
    await control.close();

    server = await startConsoleServer(TEST_ENVIRONMENTS.production, logDir, 120_000, { dataDir, logName: 'upgrade-after.log' });
    const owner = await openApiSession(server.url);
    await owner.client.auth.signIn({ email, password: TEST_PASSWORD });
    await waitForProjectStatus(owner, ref, 'ACTIVE_HEALTHY', 90_000);
    await owner.shareWith(context);

    await page.goto(`${server.url}/project/${ref}/settings/infrastructure`);
    const upgrade = page.getByRole('region', { name: 'Upgrade', exact: true });
    await expect(upgrade.getByText(/^\d+-plinth\.1$/)).toBeVisible({ timeout: 30_000 });
    const target = (await upgrade.getByText(/^\d+-plinth\.\d+$/).last().textContent())!;
    expect(target).not.toMatch(/\.1$/);
    await upgrade.getByRole('button', { name: 'Upgrade database' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade the project database' });
    await expect(dialog).toContainText(`Your project goes offline while its data moves to ${target}.`);
    await dialog.getByRole('button', { name: 'Upgrade now' }).click();

    // The shell shows the upgrade's checklist while it runs, then its end (or, once the project is
    // back, the page again with the upgrade's outcome).
    const steps = page.getByRole('list', { name: 'Upgrade steps' });
    await expect(steps).toBeVisible({ timeout: 30_000 });
    await expect(steps.getByRole('listitem')).toHaveCount(8);
    await expect(steps.getByRole('listitem').first()).toHaveAttribute('aria-label', /^Prepare new server: (in progress|completed)$/);
    const complete = page.getByRole('heading', { name: 'Database upgrade complete' });
    const outcome = page.getByTestId('last-upgrade').getByRole('status');
    await expect(complete.or(outcome).first()).toBeVisible({ timeout: 120_000 });
    if (await complete.isVisible()) await page.getByRole('button', { name: 'Return to project' }).click();

    await page.goto(`${server.url}/project/${ref}/settings/infrastructure`);
    await expect(page.getByRole('region', { name: 'Database' }).getByText(target, { exact: true })).toBeVisible();
    await expect(page.getByTestId('last-upgrade').getByRole('status')).toHaveText('Upgraded: the project is on the new database');
    await expect(page.getByRole('region', { name: 'Upgrade', exact: true })).toContainText(/on the latest version/);
    const rows = await owner.client.database.runQuery(ref, { query: 'select n from public.entry_count' });
    expect(rows.rows).toEqual([{ n: 500 }]);
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
