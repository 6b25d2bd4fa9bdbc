import { renameSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { createActiveProject, signUpThroughApi } from '../support/api-session';
import { AREA_VISITS, areaErrorPanel, expectAreaMenu, navRail } from '../support/console-ui';
import { OUTAGE_REMOTE, publishedDir } from '../support/fixture-remotes';
import { serverUrl } from '../support/servers';

test('a remote that is down shows an error panel with Retry, the rest keeps working, and Retry recovers once it is back', async ({ page, context }) => {
  const baseUrl = serverUrl('broken'); // logs is served from a copy this test hides
  const { session } = await signUpThroughApi(baseUrl, 'outage');
  const project = await createActiveProject(session, 'Outage');
  await session.shareWith(context);

  const folder = publishedDir(OUTAGE_REMOTE.area, OUTAGE_REMOTE.version);
  const hidden = `${folder}.hidden`;
  renameSync(folder, hidden); // the remote's files are gone: its manifest answers 404
  try {
    await page.goto(`${baseUrl}/project/${project.ref}/${AREA_VISITS.logs.path}`);
    const panel = areaErrorPanel(page);
    await expect(panel.getByRole('heading', { name: 'The Logs area could not be loaded' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Retry' })).toBeVisible();

    // The shell and another area still work.
    await expect(navRail(page)).toBeVisible();
    await navRail(page).getByRole('link', { name: 'SQL Editor' }).click();
    await expectAreaMenu(page, 'sql-editor');
    await navRail(page).getByRole('link', { name: 'Logs' }).click();
    await expect(panel.getByRole('button', { name: 'Retry' })).toBeVisible();

    // Retry while still down fails again.
    await panel.getByRole('button', { name: 'Retry' }).click();
    await expect(panel.getByRole('heading', { name: 'The Logs area could not be loaded' })).toBeVisible();
  } finally {
    renameSync(hidden, folder); // the remote is back
  }
  await areaErrorPanel(page).getByRole('button', { name: 'Retry' }).click();
  await expectAreaMenu(page, 'logs');
  await expect(areaErrorPanel(page)).toHaveCount(0);
});

test('an area that throws while mounting shows an error panel in its region; the nav rail and other areas keep working', async ({ page, context }) => {
  const baseUrl = serverUrl('throws'); // storage is a build that throws on mount
  const { session } = await signUpThroughApi(baseUrl, 'throws');
  const project = await createActiveProject(session, 'Throws');
  await session.shareWith(context);

  await page.goto(`${baseUrl}/project/${project.ref}/${AREA_VISITS.storage.path}`);
  const panel = areaErrorPanel(page);
  await expect(panel.getByRole('heading', { name: 'The Storage area failed to start' })).toBeVisible();
  await expect(panel).toContainText('threw while mounting');
  await expect(panel.getByRole('button', { name: 'Retry' })).toBeVisible();

  await navRail(page).getByRole('link', { name: 'Authentication' }).click();
  await expectAreaMenu(page, 'auth-policies');
  await expect(areaErrorPanel(page)).toHaveCount(0);
  await navRail(page).getByRole('link', { name: 'Storage' }).click();
  await expect(areaErrorPanel(page).getByRole('heading', { name: 'The Storage area failed to start' })).toBeVisible();
  await navRail(page).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${project.ref}$`));
});

test('an area built for another contracts major is refused with its message, and the others still load', async ({ page, context }) => {
  const baseUrl = serverUrl('broken'); // storage is a build stating contracts v0
  const { session } = await signUpThroughApi(baseUrl, 'incompatible');
  const project = await createActiveProject(session, 'Contracts');
  await session.shareWith(context);

  await page.goto(`${baseUrl}/project/${project.ref}/${AREA_VISITS.storage.path}`);
  const panel = areaErrorPanel(page);
  await expect(panel.getByRole('heading', { name: 'The Storage area cannot run in this console' })).toBeVisible();
  await expect(panel).toContainText('The Storage area (version 1.0.0-e2e-contracts0) was built for contracts v0 and cannot run in this console');
  await expect(page.locator('[data-area-root="storage"]')).toHaveCount(0);

  await navRail(page).getByRole('link', { name: 'SQL Editor' }).click();
  await expectAreaMenu(page, 'sql-editor');
});
