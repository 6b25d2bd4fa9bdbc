import { expect, test, type Page } from '@playwright/test';
import { createActiveProject, signUpThroughApi } from '../support/api-session';
import { AREA_VISITS, expectAreaMenu } from '../support/console-ui';
import { FIXTURE_REMOTES, packageVersion } from '../support/fixture-remotes';
import { serverUrl } from '../support/servers';

/** Opens the storage area on a server and returns every storage version the browser fetched files of. */
async function storageVersionsLoaded(page: Page, baseUrl: string): Promise<string[]> {
  const versions = new Set<string>();
  page.on('response', (response) => {
    const match = /^\/remotes\/storage\/([^/]+)\//.exec(new URL(response.url()).pathname);
    if (match && response.ok()) versions.add(match[1]);
  });
  const { session } = await signUpThroughApi(baseUrl, 'versions');
  const project = await createActiveProject(session, 'Versions');
  await session.shareWith(page.context());
  await page.goto(`${baseUrl}/project/${project.ref}/${AREA_VISITS.storage.path}`);
  await expectAreaMenu(page, 'storage');
  return [...versions];
}

test('staging, whose manifest pins an older storage area beside newer others, loads the older one', async ({ page }) => {
  const baseUrl = serverUrl('staging');
  const manifest = (await (await page.request.get(`${baseUrl}/environment.json`)).json()) as { areas: Record<string, { version: string }> };
  expect(manifest.areas.storage.version).toBe(FIXTURE_REMOTES.older.version);
  expect(manifest.areas.logs.version).toBe(packageVersion('logs'));

  expect(await storageVersionsLoaded(page, baseUrl)).toEqual([FIXTURE_REMOTES.older.version]);
});

test('production loads the storage area at its current version', async ({ page }) => {
  const baseUrl = serverUrl('production');
  const current = packageVersion('storage');
  expect(current).not.toBe(FIXTURE_REMOTES.older.version);
  expect(await storageVersionsLoaded(page, baseUrl)).toEqual([current]);
});
