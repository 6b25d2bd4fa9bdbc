import { expect, test } from '@playwright/test';
import { addReadOnlyMember, createActiveProject, signUpThroughApi, waitForProjectStatus } from '../support/api-session';
import { AREA_VISITS, expectAreaMenu, navRail } from '../support/console-ui';
import { serverUrl } from '../support/servers';

test('a project paused through the API shows the paused screen; restoring shows progress, then the project', async ({ page, context }) => {
  test.setTimeout(120_000); // pausing and restoring open and close a real database
  const baseUrl = serverUrl('production');
  const { session } = await signUpThroughApi(baseUrl, 'pause');
  const project = await createActiveProject(session, 'Paused');
  await session.shareWith(context);

  await session.client.projects.pause(project.ref);
  await waitForProjectStatus(session, project.ref, 'INACTIVE');

  await page.goto(`${baseUrl}/project/${project.ref}/${AREA_VISITS.storage.path}`);
  await expect(page.getByRole('heading', { name: 'This project is paused' })).toBeVisible();
  await expect(navRail(page)).toBeVisible();
  await expect(page.locator('[data-area-root="storage"]')).toHaveCount(0);

  await page.getByRole('button', { name: 'Restore project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Restore this project' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm restore' }).click();

  await expect(page.getByRole('heading', { name: 'Restoring project' })).toBeVisible();
  const complete = page.getByRole('heading', { name: 'Restoration complete' });
  const failed = page.getByRole('heading', { name: 'Restoration failed' });
  await expect(complete.or(failed)).toBeVisible({ timeout: 60_000 });
  if (await failed.isVisible()) {
    const history = (await session.client.projects.get(project.ref)).status_history ?? [];
    expect(history.at(-1), 'the restore failed; the API recorded this as its last status event').toBeUndefined();
  }
  await expect(complete).toBeVisible();
  await page.getByRole('button', { name: 'Return to project' }).click();
  await expectAreaMenu(page, 'storage');
  expect((await session.client.projects.getStatus(project.ref)).status).toBe('ACTIVE_HEALTHY');
});

test('a read-only member sees the restore button disabled with the permission tooltip', async ({ page, context }) => {
  const baseUrl = serverUrl('production');
  const { session: owner } = await signUpThroughApi(baseUrl, 'owner');
  const project = await createActiveProject(owner, 'Shared');
  const member = await addReadOnlyMember(owner, project.orgSlug);
  await owner.client.projects.pause(project.ref);
  await waitForProjectStatus(owner, project.ref, 'INACTIVE');
  await member.session.shareWith(context);

  await page.goto(`${baseUrl}/project/${project.ref}/${AREA_VISITS.storage.path}`);
  await expect(page.getByRole('heading', { name: 'This project is paused' })).toBeVisible();
  const restore = page.getByRole('button', { name: 'Restore project' });
  await expect(restore).toBeDisabled();
  await restore.hover();
  await expect(page.getByRole('tooltip')).toContainText('You need additional permissions to resume this project');

  // Clicking does nothing: no confirmation opens and the project stays paused.
  await restore.click({ force: true });
  await expect(page.getByRole('dialog', { name: 'Restore this project' })).toHaveCount(0);
  expect((await owner.client.projects.getStatus(project.ref)).status).toBe('INACTIVE');
});
