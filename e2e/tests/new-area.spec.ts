import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createActiveProject, signUpThroughApi } from '../support/api-session';
import { expectAreaMenu, navRail } from '../support/console-ui';
import { TEST_ENVIRONMENTS } from '../support/environments';
import { NEW_AREA, runDeploy } from '../support/fixture-remotes';
import { ENVIRONMENTS_DIR, PUBLISHED_DIR } from '../support/paths';
import { serverUrl } from '../support/servers';

const ENV = TEST_ENVIRONMENTS.staging;
/** The published shell's record (its build's fingerprint): the same before and after, so nothing rebuilt the shell. */
const shellRecord = () => JSON.parse(readFileSync(path.join(PUBLISHED_DIR, 'host-shell', '.published.json'), 'utf8')).fingerprint as string;

test.describe.configure({ timeout: 240_000 });

test('an area the shell was never built with joins an environment by publishing it and adding its manifest entry, and leaves with it', async ({ page }) => {
  const baseUrl = serverUrl('staging');
  const { session } = await signUpThroughApi(baseUrl, 'new-area');
  const project = await createActiveProject(session, 'Jobs');
  await session.shareWith(page.context());
  const shellBefore = shellRecord();

  await page.goto(`${baseUrl}/project/${project.ref}`);
  await expect(navRail(page).getByRole('link', { name: 'Reports' })).toBeVisible();
  await expect(navRail(page).getByRole('link', { name: 'Scheduled Jobs' })).toHaveCount(0);

  try {
    // Publish the fixture area (built from its own folder) and add it to the environment: no shell
    // build, no contracts change. promote writes its manifest into the environment's entry.
    runDeploy(['publish', NEW_AREA.area, '--from', NEW_AREA.folder, '--version', NEW_AREA.version, '--force']);
    runDeploy(['promote', ENV, NEW_AREA.area, NEW_AREA.version]);
    const environment = (await (await page.request.get(`${baseUrl}/environment.json`)).json()) as { areas: Record<string, { manifest: { title: string } }> };
    expect(environment.areas[NEW_AREA.area].manifest.title).toBe('Scheduler');

    // The next page load reads the environment: the rail has the new entry where its order puts it.
    await page.reload();
    const labels = navRail(page).getByRole('listitem');
    await expect(navRail(page).getByRole('link', { name: 'Scheduled Jobs' })).toBeVisible();
    const texts = await labels.allTextContents();
    expect(texts.slice(texts.indexOf('Reports'), texts.indexOf('Reports') + 3)).toEqual(['Reports', 'Scheduled Jobs', 'Logs']);

    // Its page mounts from its own remote under the segment it owns, titled from its manifest.
    await navRail(page).getByRole('link', { name: 'Scheduled Jobs' }).click();
    await expect(page).toHaveURL(new RegExp(`/project/${project.ref}/scheduler/jobs$`));
    const region = page.locator(`[data-area-root="${NEW_AREA.area}"]`);
    await expect(region.getByRole('heading', { name: 'Scheduled jobs' })).toBeVisible();
    await expect(region.getByText(`No jobs scheduled in project ${project.ref} (mounted at /project/${project.ref}).`)).toBeVisible();
    await expect(page).toHaveTitle(`Scheduled Jobs | ${project.name} | Plinth`);

    // Its link into the storage area resolves through storage's manifest.
    await region.getByRole('link', { name: 'Storage buckets' }).click();
    await expect(page).toHaveURL(new RegExp(`/project/${project.ref}/storage/buckets$`));
    await expectAreaMenu(page, 'storage');
  } finally {
    // Also when a step above failed, so the other tests find the environment as global setup wrote it.
    const environment = JSON.parse(readFileSync(path.join(ENVIRONMENTS_DIR, `${ENV}.json`), 'utf8')) as { areas: Record<string, unknown> };
    if (environment.areas[NEW_AREA.area]) runDeploy(['remove', ENV, NEW_AREA.area]);
  }

  // Out of the environment, out of the rail; its address is no longer anyone's page.
  await page.goto(`${baseUrl}/project/${project.ref}`);
  await expect(navRail(page).getByRole('link', { name: 'Reports' })).toBeVisible();
  await expect(navRail(page).getByRole('link', { name: 'Scheduled Jobs' })).toHaveCount(0);
  await page.goto(`${baseUrl}/project/${project.ref}/scheduler/jobs`);
  await expect(page.getByRole('heading', { name: /not found/i })).toBeVisible();
  expect(shellRecord()).toBe(shellBefore);
});
