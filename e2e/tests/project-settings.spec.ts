import { expect, test } from '@playwright/test';
import { createActiveProject, signUpThroughApi } from '../support/api-session';
import { serverUrl } from '../support/servers';

// Project Settings, General, as an owner uses it: rename the project (the header follows), pause it
// (the settings stay open, the project's home says it is paused), and delete another one by typing its name, after which
// the projects page no longer lists it and its address finds nothing.

test('a project is renamed and paused from its settings; another is deleted once its name is typed', async ({ page, context }) => {
  test.setTimeout(150_000); // two real databases are made, one is closed and one dropped
  const baseUrl = serverUrl('production');
  const { session } = await signUpThroughApi(baseUrl, 'project-settings');
  const [kept, doomed] = await Promise.all([createActiveProject(session, 'Orders'), createActiveProject(session, 'Scratch')]);
  await session.shareWith(context);

  await page.goto(`${baseUrl}/project/${kept.ref}/settings/general`);
  const details = page.getByRole('region', { name: 'Project details' });
  await expect(details.getByText(kept.ref)).toBeVisible();
  const name = details.getByRole('textbox', { name: 'Project name' });
  await name.fill('Orders (live)');
  await name.press('Enter');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Orders (live)');
  expect((await session.client.projects.get(kept.ref)).name).toBe('Orders (live)');

  const pause = page.getByRole('region', { name: 'Pause project' });
  await pause.getByRole('button', { name: 'Pause project' }).click();
  const confirm = page.getByRole('dialog', { name: 'Pause Orders (live)?' });
  await confirm.getByRole('button', { name: 'Pause project' }).click();
  // Settings stay open while the project is paused; the header's switcher follows its status.
  await expect(page.getByRole('button', { name: 'Project: Orders (live), Paused' })).toBeVisible({ timeout: 60_000 });
  await expect(pause.getByText('Only a running project can be paused.')).toBeVisible();
  expect((await session.client.projects.getStatus(kept.ref)).status).toBe('INACTIVE');
  await page.goto(`${baseUrl}/project/${kept.ref}`);
  await expect(page.getByRole('heading', { name: 'This project is paused' })).toBeVisible();

  await page.goto(`${baseUrl}/project/${doomed.ref}/settings/general`);
  const remove = page.getByRole('region', { name: 'Delete project' });
  await remove.getByRole('button', { name: 'Delete project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Scratch' });
  // The name must be typed exactly: until it is, the deletion cannot be confirmed.
  await dialog.getByRole('textbox').fill('scratch');
  await expect(dialog.getByRole('button', { name: 'Delete project' })).toBeDisabled();
  await dialog.getByRole('textbox').fill('Scratch');
  await dialog.getByRole('button', { name: 'Delete project' }).click();
  await expect(page).toHaveURL(`${baseUrl}/projects`);
  await expect(page.getByRole('link', { name: /Orders \(live\)/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Scratch/ })).toHaveCount(0);
  await expect(session.client.projects.get(doomed.ref)).rejects.toMatchObject({ status: 404 });
});
