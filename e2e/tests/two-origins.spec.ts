import { chromium, expect, test, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/paths';
import { createActiveProject, projectAccess, signUpThroughApi, type ApiSession } from '../support/api-session';
import { startTestDnsServer } from '@plinth/platform-api/testing/dns-server';
import { servicesUrl, serverUrl } from '../support/servers';

// A tenant's files are served by the project services, on an origin that is never the console's
// (on one machine: the other loopback name and a port of its own). A signed-in console user who
// opens a tenant's HTML or SVG by its public, signed or authenticated URL gets a download or a
// refusal, never a page that runs; and a page that does run on the project origin can neither read
// the console's cookies, nor make the console act, nor frame it, nor toss a cookie it would take.
// The same holds on a project's custom domain, once proved by its DNS record and activated.

/** What a tenant's page tries when a console user opens it: the marks it leaves say whether it ran. */
const payload = (consoleUrl: string, tag: string) => `
  (async () => {
    document.title = 'ran ${tag}';
    const cookies = document.cookie;
    const body = JSON.stringify({ name: 'taken over ${tag} ' + cookies });
    await fetch('${consoleUrl}/api/platform/organizations', { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'content-type': 'text/plain' }, body }).catch(() => {});
  })();`;

const html = (consoleUrl: string, tag: string) => `<!doctype html><html><head><title>a page</title></head><body><p>hello</p><script>${payload(consoleUrl, tag)}</script></body></html>`;
const svg = (consoleUrl: string, tag: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><title>an image</title><script>${payload(consoleUrl, tag)}</script><rect width="10" height="10"/></svg>`;

/** Opens a URL that must come as a download: answers the file name the browser was given. */
async function openAsDownload(page: Page, url: string): Promise<string> {
  const download = page.waitForEvent('download');
  await page.goto(url).catch(() => undefined); // a navigation that turns into a download is aborted
  return (await download).suggestedFilename();
}

/** The service_role key of a project, as its API settings show it to its owner. */
async function serviceKeyOf(session: ApiSession, ref: string): Promise<string> {
  const settings = await session.client.settings.getProjectSettings(ref);
  return settings.services[0]!.service_api_keys.find((k) => k.tags.split(',').includes('service_role'))!.api_key;
}

/**
 * A tenant stores pages and images that try to act as whoever opens them, in a public bucket
 * ("site") and a private one ("vault"), through the storage API at `storageBase` (…/storage/v1).
 */
async function uploadTenantFiles(storageBase: string, serviceKey: string, consoleUrl: string) {
  const upload = async (bucket: string, name: string, type: string, body: string) => {
    const res = await fetch(`${storageBase}/object/${bucket}/${name}`, { method: 'POST', headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}`, 'content-type': type }, body });
    expect(res.status, `${bucket}/${name}`).toBe(200);
  };
  await upload('site', 'page.html', 'text/html', html(consoleUrl, 'public html'));
  await upload('site', 'image.svg', 'image/svg+xml', svg(consoleUrl, 'public svg'));
  await upload('site', 'page.png', 'image/png', html(consoleUrl, 'html named png'));
  await upload('vault', 'page.html', 'text/html', html(consoleUrl, 'signed html'));
}

/**
 * A signed-in console user opens the tenant's files at `storageBase` by their public, signed and
 * authenticated URLs: HTML and SVG come as downloads, an HTML file stored as PNG shows as an image
 * (nosniff), the authenticated link wants the app's token. Nothing in them runs.
 */
async function expectFilesNeverRun(page: Page, storageBase: string, signedPathAndQuery: string) {
  expect(await openAsDownload(page, `${storageBase}/object/public/site/page.html`)).toBe('page.html');
  expect(await openAsDownload(page, `${storageBase}/object/public/site/image.svg`)).toBe('image.svg');
  expect(await openAsDownload(page, `${storageBase}${signedPathAndQuery}`)).toBe('page.html');
  const png = await page.goto(`${storageBase}/object/public/site/page.png`);
  expect(png?.headers()['content-type']).toBe('image/png');
  expect(png?.headers()['x-content-type-options']).toBe('nosniff');
  await expect(page).not.toHaveTitle(/ran/);
  const authenticated = await page.goto(`${storageBase}/object/authenticated/vault/page.html`);
  expect(authenticated?.status()).toBeGreaterThanOrEqual(400);
  expect(await page.content()).not.toContain('<script>');
}

/**
 * A page that does run on a project origin (as a tenant's site would, were it ever served inline):
 * it reads no console cookie, its writes and reads of the console's API are refused, it cannot
 * show the console in a frame, and the cookies it sets never reach the console. The page is handed
 * to the browser by the test; Chromium's local-network checks, which would block such a page's
 * calls before they leave, are off in this browser, so the refusals are the console's own.
 */
async function expectProjectOriginCannotAct(session: ApiSession, consoleUrl: string, projectOrigin: string, extraArgs: string[] = []) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...extraArgs, '--disable-features=LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests,PrivateNetworkAccessSendPreflights'],
  });
  try {
    const attackerContext = await browser.newContext();
    await session.shareWith(attackerContext);
    const tenantPage = await attackerContext.newPage();
    const attacker = `${projectOrigin}/a-tenant-page`;
    await tenantPage.route(attacker, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>tenant page</title><p>tenant</p>' }));
    const failed: string[] = [];
    tenantPage.on('requestfailed', (r) => failed.push(`${r.method()} ${new URL(r.url()).pathname} ${r.failure()?.errorText}`));
    await tenantPage.goto(attacker);
    const csrf = (await attackerContext.cookies(consoleUrl)).find((c) => c.name === 'plinth_csrf')!.value;
    const tried = await tenantPage.evaluate(
      async ({ consoleUrl, csrfToken }) => {
        const outcome = (p: Promise<Response>) => p.then((r) => `answered ${r.status}`, () => 'refused by the browser');
        const cookies = document.cookie;
        const simpleWrite = await outcome(fetch(`${consoleUrl}/api/platform/organizations`, { method: 'POST', credentials: 'include', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ name: 'taken over by a simple write' }) }));
        const withToken = await outcome(fetch(`${consoleUrl}/api/platform/organizations`, { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken }, body: JSON.stringify({ name: 'taken over with the token' }) }));
        const read = await outcome(fetch(`${consoleUrl}/api/platform/organizations`, { credentials: 'include' }));
        const session = await outcome(fetch(`${consoleUrl}/api/auth/session`, { credentials: 'include' }));
        document.cookie = 'plinth_session=tossed-by-a-tenant; path=/';
        document.cookie = 'plinth_csrf=tossed-by-a-tenant; path=/';
        const frame = document.createElement('iframe');
        frame.src = `${consoleUrl}/organizations`;
        document.body.append(frame);
        await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
        return { cookies, simpleWrite, withToken, read, session };
      },
      { consoleUrl, csrfToken: csrf },
    );
    expect(tried.cookies).not.toContain('plinth');
    expect(tried).toMatchObject({ simpleWrite: 'refused by the browser', withToken: 'refused by the browser', read: 'refused by the browser', session: 'refused by the browser' });
    // The frame shows no console: its answer forbids any other origin from framing it.
    expect(failed).toContain('GET /organizations net::ERR_BLOCKED_BY_RESPONSE');
    const frame = tenantPage.frames().find((f) => f !== tenantPage.mainFrame())!;
    expect(frame.url()).not.toContain(new URL(consoleUrl).host);
    expect(await frame.locator('body').innerText().catch(() => '')).not.toContain('Organizations');
    const tossed = await attackerContext.cookies(consoleUrl);
    expect(tossed.find((c) => c.name === 'plinth_session')?.value).not.toBe('tossed-by-a-tenant');
    expect(tossed.find((c) => c.name === 'plinth_csrf')?.value).toBe(csrf);
  } finally {
    await browser.close();
  }
}

/** Nothing reached the console: no organization was made, and the user is still signed in as themselves. */
async function expectConsoleUntouched(page: Page, session: ApiSession, consoleUrl: string, email: string, organizationsBefore: string[]) {
  expect((await session.client.organizations.list()).map((o) => o.name)).toEqual(organizationsBefore);
  await page.goto(`${consoleUrl}/organizations`);
  const signedIn = await page.evaluate(async () => (await fetch('/api/auth/session')).json());
  expect((signedIn as { user?: { email?: string } }).user?.email).toBe(email);
}

test("a tenant's HTML and SVG never run as the console user, and a page on the project origin cannot make the console act", async ({ page, context }) => {
  test.setTimeout(120_000);
  const baseUrl = serverUrl('production');
  const { session, email } = await signUpThroughApi(baseUrl, 'two-origins');
  const { ref } = await createActiveProject(session, 'Site');
  await session.client.storage.createBucket(ref, { id: 'site', public: true });
  await session.client.storage.createBucket(ref, { id: 'vault' });
  await session.shareWith(context);
  const { projectUrl } = await projectAccess(session, ref);

  // The project's URL is on the project services' origin: another host name and another port.
  expect(projectUrl).toBe(`${servicesUrl('production')}/${ref}`);
  expect(new URL(projectUrl).hostname).not.toBe(new URL(baseUrl).hostname);
  await uploadTenantFiles(`${projectUrl}/storage/v1`, await serviceKeyOf(session, ref), baseUrl);
  const before = (await session.client.organizations.list()).map((o) => o.name);

  // The console gives the links on the project's origin.
  expect((await session.client.storage.getPublicUrl(ref, 'site', 'page.html')).publicUrl).toBe(`${projectUrl}/storage/v1/object/public/site/page.html`);
  const signed = (await session.client.storage.signUrl(ref, 'vault', 'page.html', 60)).signedUrl;
  expect(signed.startsWith(`${projectUrl}/storage/v1/object/sign/vault/page.html?token=`)).toBe(true);
  await expectFilesNeverRun(page, `${projectUrl}/storage/v1`, signed.slice(`${projectUrl}/storage/v1`.length));

  await expectProjectOriginCannotAct(session, baseUrl, new URL(projectUrl).origin);
  await expectConsoleUntouched(page, session, baseUrl, email, before);
});

test('the same through a custom domain, proved by its DNS record and activated from the API', async ({ page, context }) => {
  test.setTimeout(120_000);
  const baseUrl = serverUrl('production');
  const { session, email } = await signUpThroughApi(baseUrl, 'custom-domain');
  const { ref, orgSlug } = await createActiveProject(session, 'Shop');
  await session.client.plans.updateSubscription(orgSlug, { plan: 'pro' });
  // Pro has a custom domain with its add-on.
  await session.client.addons.selectAddon(ref, { addon_variant: 'cd_default' });
  await session.client.storage.createBucket(ref, { id: 'site', public: true });
  await session.client.storage.createBucket(ref, { id: 'vault' });
  await session.shareWith(context);

  // The console server reads TXT records from the DNS server whose port global setup gave it.
  const host = `files-${ref}.shop.test`;
  const dns = await startTestDnsServer(Number(process.env.PLINTH_E2E_DNS_PORT));
  try {
    const record = (await session.client.settings.setCustomHostname(ref, host)).data!.result!.ownership_verification!;
    expect(record.name).toBe(`_plinth-challenge.${host}`);
    dns.setTxt(record.name, record.value);
    expect((await session.client.settings.reverifyCustomHostname(ref)).status).toBe('4_origin_setup_completed');
    expect((await session.client.settings.activateCustomHostname(ref)).status).toBe('5_services_reconfigured');
  } finally {
    await dns.close();
  }

  // The browser finds the domain on this machine; the project services answer on it, by host name alone.
  const customOrigin = `http://${host}:${new URL(servicesUrl('production')).port}`;
  const resolveHere = `--host-resolver-rules=MAP ${host} 127.0.0.1`;
  const storageBase = `${customOrigin}/storage/v1`;
  // The tenant uploads by the project's path; the files are the same on its domain.
  await uploadTenantFiles(`${(await projectAccess(session, ref)).projectUrl}/storage/v1`, await serviceKeyOf(session, ref), baseUrl);
  const before = (await session.client.organizations.list()).map((o) => o.name);

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, resolveHere] });
  try {
    const customContext = await browser.newContext({ acceptDownloads: true });
    await session.shareWith(customContext);
    const customPage = await customContext.newPage();
    const health = await customPage.goto(`${customOrigin}/auth/v1/health`);
    expect(health?.status()).toBe(200);
    const signed = (await session.client.storage.signUrl(ref, 'vault', 'page.html', 60)).signedUrl;
    const signedPath = new URL(signed).pathname.replace(`/${ref}/storage/v1`, '') + new URL(signed).search;
    await expectFilesNeverRun(customPage, storageBase, signedPath);
  } finally {
    await browser.close();
  }
  await expectProjectOriginCannotAct(session, baseUrl, customOrigin, [resolveHere]);
  await expectConsoleUntouched(page, session, baseUrl, email, before);
});
