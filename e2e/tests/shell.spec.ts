import { expect, test } from '@playwright/test';
import { createActiveProject, signUpThroughApi } from '../support/api-session';
import { expectAreaMenu } from '../support/console-ui';
import { serverUrl } from '../support/servers';

test('page titles read "{title} | Plinth"', async ({ page, context }) => {
  const baseUrl = serverUrl('production');
  await page.goto(`${baseUrl}/sign-in`);
  await expect(page).toHaveTitle('Sign in | Plinth');
  await page.goto(`${baseUrl}/sign-up`);
  await expect(page).toHaveTitle('Sign up | Plinth');

  const { session } = await signUpThroughApi(baseUrl, 'titles');
  await session.shareWith(context);
  await page.goto(`${baseUrl}/projects`);
  await expect(page).toHaveTitle('All projects | Plinth');
});

test('the theme chosen in the account menu is kept across reloads', async ({ page, context }) => {
  const baseUrl = serverUrl('production');
  const { session } = await signUpThroughApi(baseUrl, 'theme');
  const project = await createActiveProject(session, 'Theme');
  await session.shareWith(context);

  const html = page.locator('html');
  const chooseTheme = async (name: 'Dark' | 'Light') => {
    await page.getByRole('button', { name: 'Account', exact: true }).click();
    await page.getByRole('menuitemradio', { name }).click();
  };
  const expectChosen = async (name: 'Dark' | 'Light') => {
    await page.getByRole('button', { name: 'Account', exact: true }).click();
    await expect(page.getByRole('menuitemradio', { name })).toBeChecked();
    await page.keyboard.press('Escape');
  };

  await page.goto(`${baseUrl}/project/${project.ref}`);
  await chooseTheme('Light');
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await expectChosen('Light');

  await chooseTheme('Dark');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expectChosen('Dark');
});

test('Ctrl+K opens the command menu, which finds a page and goes there', async ({ page, context }) => {
  const baseUrl = serverUrl('production');
  const { session } = await signUpThroughApi(baseUrl, 'command');
  const project = await createActiveProject(session, 'Commands');
  await session.shareWith(context);

  await page.goto(`${baseUrl}/project/${project.ref}`);
  await expect(page.getByRole('navigation', { name: 'Project' })).toBeVisible();
  await page.keyboard.press('Control+k');
  const search = page.getByRole('combobox', { name: 'Search the console' });
  await expect(search).toBeFocused();
  await search.fill('Storage');
  await expect(page.getByRole('listbox', { name: 'Results' }).getByRole('option').first()).toContainText('Storage');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/project/${project.ref}/storage`));
  await expectAreaMenu(page, 'storage');
  await expect(search).toHaveCount(0);
});

test("an area fills the content region: its side menu runs the region's full height", async ({ page, context }) => {
  const baseUrl = serverUrl('production');
  const { session } = await signUpThroughApi(baseUrl, 'fill');
  const project = await createActiveProject(session, 'Fill');
  await session.shareWith(context);
  await page.setViewportSize({ width: 1100, height: 700 });

  await page.goto(`${baseUrl}/project/${project.ref}/storage/buckets`);
  await expectAreaMenu(page, 'storage');
  const region = await page.locator('main#content').boundingBox();
  const menu = await page.getByRole('navigation', { name: 'Storage' }).boundingBox();
  expect(region && menu).toBeTruthy();
  expect(Math.abs(menu!.height - region!.height)).toBeLessThanOrEqual(1);
});
