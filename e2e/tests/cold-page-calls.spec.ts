import { expect, test, type Page } from '@playwright/test';
import { createActiveProject, signUpThroughApi } from '../support/api-session';
import { expectAreaMenu } from '../support/console-ui';
import { serverUrl } from '../support/servers';

// Issue 21, "a cold page in one wave": a project page opened cold asks the API once for what its
// frame needs (GET /api/platform/bootstrap, started by the page's own inline script), not the
// session, then the organizations and projects, then the project's members, flags, status and API
// check one wave after another. Asserts on the calls the page makes, never on how long they took.

/** Every call the page makes to the API, in the order the browser sent them ("GET /api/…?…"). */
function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  return calls;
}

/** What the frame used to ask for itself, in waves; none of it may be asked for on a cold page now. */
function frameCalls(ref: string, orgSlug: string): RegExp[] {
  return [
    /^GET \/api\/auth\/session/,
    /^GET \/api\/platform\/organizations(\?|$)/,
    /^GET \/api\/platform\/projects(\?|$)/,
    new RegExp(`^GET /api/platform/projects/${ref}(\\?|$)`),
    new RegExp(`^GET /api/platform/projects/${ref}/status`),
    new RegExp(`^GET /api/platform/organizations/${orgSlug}/members`),
    /^GET \/api\/platform\/feature-flags/,
    new RegExp(`^GET /api/projects/${ref}/(live|api/rest)`),
  ];
}

test('a cold project page asks for its frame in one call, started by the page, and preloads the area it shows', async ({ page, context }) => {
  const baseUrl = serverUrl('production');
  const { session } = await signUpThroughApi(baseUrl, 'cold-page');
  const project = await createActiveProject(session, 'Cold page');
  await session.shareWith(context);
  const calls = recordApiCalls(page);
  const policyViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) policyViolations.push(message.text());
  });
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });

  await page.goto(`${baseUrl}/project/${project.ref}/storage/buckets`);
  await expectAreaMenu(page, 'storage');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Cold page');
  await page.waitForLoadState('networkidle');

  // One bootstrap call, the page's first call to the API, for the project of the address.
  expect(calls.filter((call) => call.includes('/api/platform/bootstrap'))).toEqual([`GET /api/platform/bootstrap?project=${project.ref}`]);
  expect(calls[0]).toBe(`GET /api/platform/bootstrap?project=${project.ref}`);
  // None of the frame's former calls.
  const slug = project.orgSlug;
  expect(calls.filter((call) => frameCalls(project.ref, slug).some((pattern) => pattern.test(call)))).toEqual([]);
  // The area's own data, and the banner's usage and warnings (asked for after the area's content).
  expect(calls.some((call) => call.startsWith(`GET /api/platform/storage/${project.ref}/buckets`))).toBe(true);
  // The area page's first call (its manifest's preload) goes out with the bootstrap, from the
  // page's script, not after the area's code has loaded.
  expect(calls[1]).toBe(`GET /api/platform/storage/${project.ref}/buckets`);
  expect(calls).toContain('GET /api/platform/projects-resource-warnings');

  // The page named the area's first files for the browser to fetch beside the shell's, and each
  // was fetched once.
  const preloaded = await page.locator('link[rel="preload"]').evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  const remoteEntry = preloaded.find((href) => /^\/remotes\/storage\/[^/]+\/remoteEntry\.js$/.test(href));
  expect(remoteEntry).toBeDefined();
  expect(preloaded.some((href) => /^\/remotes\/storage\/[^/]+\/mf-manifest\.json$/.test(href))).toBe(true);
  expect(scripts.filter((script) => script === remoteEntry)).toHaveLength(1);
  // The inline script that starts the bootstrap runs under the page's policy (allowed by its hash).
  expect(policyViolations).toEqual([]);
});

test('a signed-out visitor opening a project page is sent to sign in after the one bootstrap call', async ({ page }) => {
  const baseUrl = serverUrl('production');
  const calls = recordApiCalls(page);
  await page.goto(`${baseUrl}/project/abcdefghijabcdefghij/storage/buckets`);
  await expect(page).toHaveURL(/\/sign-in\?returnTo=/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  expect(calls.filter((call) => !call.startsWith('GET /api/platform/bootstrap'))).toEqual([]);
});
