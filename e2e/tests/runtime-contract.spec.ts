import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createActiveProject, signUpThroughApi } from '../support/api-session';
import { areaErrorPanel, navRail } from '../support/console-ui';
import { TEST_ENVIRONMENTS } from '../support/environments';
import { NOTES_AREA, publishedDir, runDeploy } from '../support/fixture-remotes';
import { ENVIRONMENTS_DIR, PUBLISHED_DIR, REPO_ROOT } from '../support/paths';
import { serverUrl } from '../support/servers';

// The runtime contract in a mixed environment: an area built against a newer shared-ui minor than
// the environment's shell is refused by promote and accepted once the shell is updated; an area
// built against an older minor runs under a newer shell; and the shell itself refuses an entry
// assembled by hand that needs an export it does not have.

const ENV = TEST_ENVIRONMENTS.staging;
const ENV_FILE = path.join(ENVIRONMENTS_DIR, `${ENV}.json`);
const UI = '@plinth/shared-ui';

type Modules = Record<string, { version?: string; exports?: string[]; requiredVersion?: string | null; imports?: string[] | null }>;
const readJson = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;
const environment = () => readJson<{ areas: Record<string, { requires?: { modules: Modules } }>; shell?: unknown }>(ENV_FILE);
const writeEnvironment = (value: unknown) => writeFileSync(ENV_FILE, `${JSON.stringify(value, null, 2)}\n`);

/** shared-ui's version in the workspace (what the published shell provides) and the minors either side of it. */
const uiVersion = readJson<{ version: string }>(path.join(REPO_ROOT, 'shared-ui/package.json')).version;
const [major, minor] = uiVersion.split('.').map(Number);
const olderMinor = `${major}.${minor - 1}.0`;
const newerMinor = `${major}.${minor + 1}.0`;

/** Every shared-ui entry of a provides or requires file, with `change` applied. */
function withSharedUi<T extends { modules: Modules }>(value: T, change: (entry: Modules[string]) => Modules[string]): T {
  return { ...value, modules: Object.fromEntries(Object.entries(value.modules).map(([name, entry]) => [name, name.startsWith(UI) ? change(entry) : entry])) };
}

/** deploy's command line, returning its error output instead of throwing when it refuses. */
function refusalOf(args: string[]): string {
  try {
    runDeploy(args);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`deploy ${args.join(' ')} was expected to refuse, and did not.`);
}

async function openNotes(page: Page, baseUrl: string, ref: string) {
  await page.goto(`${baseUrl}/project/${ref}`);
  await navRail(page).getByRole('link', { name: 'Release Notes' }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${ref}/notes/latest$`));
}

test.describe.configure({ timeout: 300_000 });

test('an area built against a newer shared-ui minor is refused under an older shell and accepted once the shell is updated; one built against an older minor runs under a newer shell', async ({ page }) => {
  const baseUrl = serverUrl('staging');
  const { session } = await signUpThroughApi(baseUrl, 'runtime-contract');
  const project = await createActiveProject(session, 'Releases');
  await session.shareWith(page.context());
  const original = readFileSync(ENV_FILE, 'utf8');
  const shellProvides = readJson<{ modules: Modules }>(path.join(PUBLISHED_DIR, 'host-shell', 'runtime-provides.json'));
  expect(shellProvides.modules[UI]).toMatchObject({ version: uiVersion, exports: expect.arrayContaining(['Badge']) });

  try {
    // The area, built from the workspace, requires the shared-ui minor the workspace has now.
    runDeploy(['publish', NOTES_AREA.area, '--from', NOTES_AREA.folder, '--version', NOTES_AREA.version, '--force']);
    const requires = readJson<{ modules: Modules }>(path.join(publishedDir(NOTES_AREA.area, NOTES_AREA.version), 'runtime-requires.json'));
    expect(requires.modules[UI]).toEqual({ requiredVersion: `^${uiVersion}`, imports: ['Badge'] });

    // The environment runs an older shell: one whose shared-ui is the minor before.
    writeEnvironment({ ...environment(), shell: { version: '0.9.0', provides: withSharedUi(shellProvides, (entry) => ({ ...entry, version: olderMinor })) } });
    const refusal = refusalOf(['promote', ENV, NOTES_AREA.area, NOTES_AREA.version]);
    expect(refusal).toContain(`Cannot promote notes ${NOTES_AREA.version} into ${ENV}: The Notes area (version ${NOTES_AREA.version}) cannot run in the ${ENV} environment:`);
    expect(refusal).toContain(`it was built against ${UI} ^${uiVersion} and the shell provides ${UI} ${olderMinor}`);
    expect(refusal).toContain('Ask its team to publish a compatible version, or update the shell.');
    expect(environment().areas[NOTES_AREA.area]).toBeUndefined();
    await page.goto(`${baseUrl}/project/${project.ref}`);
    await expect(navRail(page).getByRole('link', { name: 'Reports' })).toBeVisible();
    await expect(navRail(page).getByRole('link', { name: 'Release Notes' })).toHaveCount(0);

    // The shell is updated (the published one is promoted into the environment): the area goes in and runs.
    expect(runDeploy(['promote-shell', ENV])).toContain(`${ENV}: shell`);
    expect(runDeploy(['promote', ENV, NOTES_AREA.area, NOTES_AREA.version])).toContain(`${ENV}: notes (none) -> ${NOTES_AREA.version}`);
    await openNotes(page, baseUrl, project.ref);
    const region = page.locator(`[data-area-root="${NOTES_AREA.area}"]`);
    await expect(region.getByRole('heading', { name: 'Release notes' })).toBeVisible();
    await expect(region.getByText('new', { exact: true })).toBeVisible();

    // An area built against the older minor (its build states ^<older>) runs under this newer shell.
    runDeploy(['publish', NOTES_AREA.area, '--from', NOTES_AREA.folder, '--version', NOTES_AREA.olderVersion, '--force']);
    const olderFile = path.join(publishedDir(NOTES_AREA.area, NOTES_AREA.olderVersion), 'runtime-requires.json');
    writeFileSync(olderFile, JSON.stringify(withSharedUi(readJson<{ modules: Modules }>(olderFile), (entry) => ({ ...entry, requiredVersion: `^${olderMinor}` }))));
    expect(runDeploy(['promote', ENV, NOTES_AREA.area, NOTES_AREA.olderVersion])).toContain(`${ENV}: notes ${NOTES_AREA.version} -> ${NOTES_AREA.olderVersion}`);
    expect(environment().areas[NOTES_AREA.area]?.requires?.modules[UI]?.requiredVersion).toBe(`^${olderMinor}`);
    await openNotes(page, baseUrl, project.ref);
    await expect(region.getByRole('heading', { name: 'Release notes' })).toBeVisible();
    await expect(region.getByText('new', { exact: true })).toBeVisible();

    // An environment assembled by hand, whose entry needs an export this shell's shared-ui lacks:
    // the shell refuses the area itself, in the words deploy uses.
    const handMade = environment();
    const entry = handMade.areas[NOTES_AREA.area] as { requires: { modules: Modules } };
    entry.requires = withSharedUi(entry.requires, (module) => ({ ...module, requiredVersion: `^${newerMinor}`, imports: [...(module.imports ?? []), 'Timeline'] }));
    writeEnvironment(handMade);
    await openNotes(page, baseUrl, project.ref);
    const panel = areaErrorPanel(page);
    await expect(panel.getByRole('heading', { name: 'The Notes area cannot run in this console' })).toBeVisible();
    await expect(panel).toContainText(
      `The Notes area (version ${NOTES_AREA.olderVersion}) cannot run in this console: it was built against ${UI} ^${newerMinor} and the shell provides ${UI} ${uiVersion}; it imports "Timeline" from ${UI}, which the shell's ${UI} ${uiVersion} does not export;`,
    );
    await expect(region.getByRole('heading', { name: 'Release notes' })).toHaveCount(0);
  } finally {
    // The environment as global setup wrote it, also when a step above failed.
    writeFileSync(ENV_FILE, original);
  }
});
