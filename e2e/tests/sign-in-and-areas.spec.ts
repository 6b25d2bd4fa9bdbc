import { expect, test } from '@playwright/test';
import { createActiveProject, openApiSession, TEST_PASSWORD, uniqueEmail } from '../support/api-session';
import { AREA_VISITS, expectAreaMenu, navRail, signInThroughUi, signUpThroughUi } from '../support/console-ui';
import { AREAS } from '../support/environments';
import { serverUrl } from '../support/servers';

test('a new user signs up, signs in, opens a project and every area mounts from its remote with its side menu', async ({ page, context }) => {
  const baseUrl = serverUrl('production');
  const email = uniqueEmail('newcomer');

  await signUpThroughUi(page, baseUrl, email, TEST_PASSWORD);
  await expect(page).toHaveURL(/\/projects$/);
  await context.clearCookies();

  await signInThroughUi(page, baseUrl, email, TEST_PASSWORD);
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();

  // The project is made through the API as this same user; the projects page lists it.
  const api = await openApiSession(baseUrl);
  await api.client.auth.signIn({ email, password: TEST_PASSWORD });
  const project = await createActiveProject(api, 'Inventory');
  await page.reload();
  await page.getByRole('link', { name: /Inventory/ }).first().click();
  await expect(page).toHaveURL(new RegExp(`/project/${project.ref}$`));

  const remoteEntries: string[] = [];
  page.on('response', (response) => {
    if (/\/remotes\/[^/]+\/[^/]+\/mf-manifest\.json$/.test(response.url())) remoteEntries.push(new URL(response.url()).pathname);
  });
  for (const area of AREAS) {
    await navRail(page).getByRole('link', { name: AREA_VISITS[area].railLink }).click();
    await expect(page).toHaveURL(new RegExp(`/project/${project.ref}/${AREA_VISITS[area].path}$`));
    await expectAreaMenu(page, area);
    await expect(navRail(page)).toBeVisible();
  }
  // Each area came from its own published remote, fetched on its first visit.
  for (const area of AREAS) expect(remoteEntries.some((p) => p.startsWith(`/remotes/${area}/`))).toBe(true);

  // Back walks through the areas in reverse and into the shell's own project home; forward returns.
  for (const area of [...AREAS].reverse().slice(1)) {
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/project/${project.ref}/${AREA_VISITS[area].path}$`));
    await expectAreaMenu(page, area);
  }
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/project/${project.ref}$`));
  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`/project/${project.ref}/${AREA_VISITS.storage.path}$`));
  await expectAreaMenu(page, 'storage');
});

test('links inside an area and back/forward keep the shell and the area in step', async ({ page, context }) => {
  const baseUrl = serverUrl('production');
  const api = await openApiSession(baseUrl);
  const email = uniqueEmail('links');
  await api.client.auth.signUp({ email, password: TEST_PASSWORD });
  const project = await createActiveProject(api, 'Links');
  await api.shareWith(context);

  await page.goto(`${baseUrl}/project/${project.ref}/storage/buckets`);
  await expectAreaMenu(page, 'storage');
  // Policies is an entry of the storage menu that leads to another page of the same area.
  await page.locator('[data-area-root="storage"]').getByRole('link', { name: 'Policies' }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${project.ref}/storage/policies$`));
  await expect(navRail(page).getByRole('link', { name: 'Storage' })).toHaveAttribute('aria-current', 'page');

  await navRail(page).getByRole('link', { name: 'Logs' }).click();
  await expectAreaMenu(page, 'logs');
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/project/${project.ref}/storage/policies$`));
  await expectAreaMenu(page, 'storage');
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/project/${project.ref}/storage/buckets$`));
  await expectAreaMenu(page, 'storage');
  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`/project/${project.ref}/storage/policies$`));
});
