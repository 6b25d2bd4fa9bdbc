import { expect, test, type Page } from '@playwright/test';
import { createActiveProject, signUpThroughApi } from '../support/api-session';
import { AREA_VISITS, expectAreaMenu, navRail } from '../support/console-ui';
import { AREAS } from '../support/environments';
import { serverUrl } from '../support/servers';

/**
 * How "one copy of React" is checked, without any hook in the product:
 * 1. The Module Federation runtime's share scope (window.__FEDERATION__.__SHARE__, which the host
 *    and every remote use) must hold exactly one loaded copy of react and of react-dom once every
 *    area is mounted, and that copy must be the host's.
 * 2. No script the browser fetched from /remotes/ may carry React's own code: React's element type
 *    is created with Symbol.for("react.transitional.element") inside react and react-dom only, so a
 *    remote chunk holding that string bundled its own React.
 */
interface LoadedShare {
  pkg: string;
  version: string;
  from: string;
}

async function loadedShares(page: Page, packages: string[]): Promise<LoadedShare[]> {
  return page.evaluate((wanted) => {
    type ShareEntry = { from?: string; loaded?: boolean; lib?: unknown };
    const federation = (window as unknown as { __FEDERATION__?: { __SHARE__?: Record<string, Record<string, Record<string, Record<string, ShareEntry>>>> } }).__FEDERATION__;
    const seen = new Map<string, { pkg: string; version: string; from: string }>();
    for (const scopes of Object.values(federation?.__SHARE__ ?? {})) {
      for (const scope of Object.values(scopes)) {
        for (const pkg of wanted) {
          for (const [version, entry] of Object.entries(scope[pkg] ?? {})) {
            if (!entry.loaded && !entry.lib) continue;
            seen.set(`${pkg}@${version}@${entry.from}`, { pkg, version, from: String(entry.from) });
          }
        }
      }
    }
    return [...seen.values()];
  }, packages);
}

test('the page runs one copy of React, the shell\'s, after every area has been mounted', async ({ page, context }) => {
  const baseUrl = serverUrl('production');
  const { session } = await signUpThroughApi(baseUrl, 'one-react');
  const project = await createActiveProject(session, 'Singletons');
  await session.shareWith(context);

  const remoteScripts: { url: string; body: Promise<string> }[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/remotes/') && url.pathname.endsWith('.js')) remoteScripts.push({ url: url.pathname, body: response.text() });
  });

  await page.goto(`${baseUrl}/project/${project.ref}`);
  // One page life: every area is reached through the nav rail, so all of them share one runtime.
  for (const area of AREAS) {
    await navRail(page).getByRole('link', { name: AREA_VISITS[area].railLink }).click();
    await expectAreaMenu(page, area);
  }

  const shares = await loadedShares(page, ['react', 'react-dom']);
  const react = shares.filter((s) => s.pkg === 'react');
  const reactDom = shares.filter((s) => s.pkg === 'react-dom');
  expect(react, `loaded copies of react: ${JSON.stringify(react)}`).toHaveLength(1);
  expect(reactDom, `loaded copies of react-dom: ${JSON.stringify(reactDom)}`).toHaveLength(1);
  expect(react[0].from).toBe('plinth_host');
  expect(reactDom[0].from).toBe('plinth_host');

  expect(remoteScripts.length).toBeGreaterThan(0);
  const withReact: string[] = [];
  for (const script of remoteScripts) {
    if ((await script.body).includes('react.transitional.element')) withReact.push(script.url);
  }
  expect(withReact, 'remote scripts that bundle their own React').toEqual([]);
});
