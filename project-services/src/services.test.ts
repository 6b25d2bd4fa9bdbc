import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectSettings } from '@plinth/contracts-settings';
import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';
import { startProjectServer, type ProjectTestServer } from '@plinth/platform-api/testing/project-server';
import { projectKeys, type ProjectKeys } from './auth/testing';

// The services apps call (auth, data, storage) are a server of their own, on an origin that is
// never the console's: the console's API no longer answers them and sends no CORS headers, refuses
// writes from any other origin and CSRF tokens of another session, and (over HTTPS) reads only its
// own `__Host-` cookies. The project services answer CORS for any site without credentials, and
// find a project by path, by a host name of the URL template, or by its active custom hostname.
// On both databases.

const CONSOLE = '127.0.0.1:3000';
const CONSOLE_ORIGIN = `http://${CONSOLE}`;
const CUSTOM_HOST = 'app.customer.test';

let s: ProjectTestServer;
let h: TestHarness;
let keys: ProjectKeys;
const ref = () => s.ref;

/** Sets the project's notes table (readable with the anon key) with `title`, and a public bucket with one file. */
async function seedProject(harness: TestHarness, owner: TestUser, projectRef: string, title: string) {
  const db = await harness.internals.databases.get(projectRef);
  await db.exec(`create table public.notes (id int primary key, title text); grant select on public.notes to anon, authenticated; insert into public.notes values (1, '${title}')`);
  await owner.api.storage.createBucket(projectRef, { id: 'pics', public: true });
  await owner.api.storage.uploadObject(projectRef, 'pics', 'a.txt', new TextEncoder().encode(`file of ${title}`), { contentType: 'text/plain' });
}

/** The owner of the pro project as a TestUser (signed in anew: startProjectServer keeps its own). */
let owner: TestUser;

beforeAll(async () => {
  s = await startProjectServer({ plan: 'pro' });
  h = s.harness;
  const email = (await h.internals.control.query<{ email: string }>('select email from users where id = $1', [s.idOf()])).rows[0]!.email;
  owner = await h.signIn(email, 'correct horse battery staple');
  keys = await projectKeys(h, s.ref);
  await seedProject(h, owner, s.ref, 'pro notes');
}, 300_000);
afterAll(async () => s?.close());

const anonHeaders = () => ({ apikey: keys.anonKey, authorization: `Bearer ${keys.anonKey}` });
const corsHeadersOf = (headers: Record<string, unknown>) => Object.keys(headers).filter((k) => k.startsWith('access-control-'));

describe("the console's API", () => {
  it('no longer answers the project services under /api/projects/{ref}/..., which the project services answer', async () => {
    const paths = [`/rest/v1/notes?select=title`, `/auth/v1/settings`, `/auth/v1/health`, `/storage/v1/object/public/pics/a.txt`, `/storage/v1/bucket`];
    for (const path of paths) {
      const old = await h.app.inject({ method: 'GET', url: `/api/projects/${ref()}${path}`, headers: anonHeaders() });
      expect([path, old.statusCode]).toEqual([path, 404]);
      const moved = await h.services.inject({ method: 'GET', url: `/${ref()}${path}`, headers: anonHeaders() });
      expect([path, moved.statusCode]).toEqual([path, 200]);
    }
    // Nor does the project services' server answer the console's API.
    expect((await h.services.inject({ method: 'GET', url: '/api/auth/session' })).statusCode).toBe(404);
    expect((await h.services.inject({ method: 'GET', url: `/api/platform/projects/${ref()}` })).statusCode).toBe(404);
  });

  it('sends no CORS header, to a preflight or a request with an Origin', async () => {
    const preflight = { origin: 'http://localhost:3001', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, x-csrf-token' };
    const answers = [
      await h.app.inject({ method: 'OPTIONS', url: `/api/projects/${ref()}/rest/v1/notes`, headers: preflight }),
      await h.app.inject({ method: 'OPTIONS', url: '/api/platform/organizations', headers: { ...preflight, host: CONSOLE } }),
      await h.app.inject({ method: 'OPTIONS', url: '/api/auth/sign-in', headers: { ...preflight, origin: 'https://evil.example' } }),
      await h.app.inject({ method: 'GET', url: '/api/auth/session', headers: { origin: 'https://evil.example', cookie: owner.jar.header() } }),
      await h.app.inject({ method: 'GET', url: '/api/platform/organizations', headers: { origin: 'http://localhost:3001', cookie: owner.jar.header() } }),
      await h.app.inject({ method: 'GET', url: `/api/projects/${ref()}/storage/v1/object/public/pics/a.txt`, headers: { origin: 'https://evil.example' } }),
    ];
    for (const res of answers) expect(corsHeadersOf(res.headers)).toEqual([]);
    // The signed-in GET is answered (just not readable by another origin).
    expect(answers[4]!.statusCode).toBe(200);
  });

  describe('refuses a write from another origin', () => {
    const orgNames = async () => (await owner.api.organizations.list()).map((o) => o.name);
    const createOrg = (name: string, headers: Record<string, string>) =>
      h.app.inject({
        method: 'POST',
        url: '/api/platform/organizations',
        headers: { host: CONSOLE, cookie: owner.jar.header(), 'x-csrf-token': owner.jar.get('plinth_csrf') ?? '', 'content-type': 'application/json', ...headers },
        payload: JSON.stringify({ name }),
      });

    it('by its Origin or Sec-Fetch-Site, with 403 CROSS_ORIGIN, creating nothing', async () => {
      const before = await orgNames();
      const refused: Record<string, string>[] = [
        { origin: `http://localhost:${h.internals.config.projectPort}` },
        { origin: 'http://localhost:3000' },
        { origin: 'http://127.0.0.1:3001' },
        { origin: 'https://evil.example' },
        { origin: 'null' },
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site' },
        { origin: CONSOLE_ORIGIN, 'sec-fetch-site': 'same-site' },
      ];
      for (const [i, headers] of refused.entries()) {
        const res = await createOrg(`refused ${i}`, headers);
        expect([headers, res.statusCode]).toEqual([headers, 403]);
        expect(res.json()).toMatchObject({ code: 'CROSS_ORIGIN', message: expect.any(String) });
        expect(corsHeadersOf(res.headers)).toEqual([]);
      }
      expect(await orgNames()).toEqual(before);
    });

    it("and takes one from the console's own origin (or a client that sends no Origin)", async () => {
      for (const [name, headers] of [
        ['same origin', { origin: CONSOLE_ORIGIN, 'sec-fetch-site': 'same-origin' }],
        ['typed address', { origin: CONSOLE_ORIGIN, 'sec-fetch-site': 'none' }],
        ['no origin', {}],
        ['the same host over https (a proxy in front ends TLS)', { origin: CONSOLE_ORIGIN.replace(/^http:/, 'https:') }],
      ] as const) {
        const res = await createOrg(`made from ${name}`, headers);
        expect([name, res.statusCode]).toEqual([name, 201]);
      }
      expect(await orgNames()).toEqual(expect.arrayContaining(['made from same origin', 'made from typed address', 'made from no origin', 'made from the same host over https (a proxy in front ends TLS)']));
    });
  });

  it("refuses a CSRF token minted for another session (an attacker's own valid one) with the victim's session", async () => {
    const victim = await h.signUp();
    const attacker = await h.signUp();
    const anonymous = await h.anonymous();
    const victimSession = victim.jar.get('plinth_session')!;
    const before = (await victim.api.organizations.list()).length;
    for (const token of [attacker.jar.get('plinth_csrf')!, anonymous.jar.get('plinth_csrf')!]) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/platform/organizations',
        headers: { host: CONSOLE, origin: CONSOLE_ORIGIN, cookie: `plinth_session=${victimSession}; plinth_csrf=${token}`, 'x-csrf-token': token, 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'forged' }),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'CSRF' });
    }
    // The attacker's token still works for the attacker.
    expect((await attacker.api.organizations.create({ name: 'their own' })).name).toBe('their own');
    expect((await victim.api.organizations.list()).length).toBe(before);
  });
});

describe('a console with secure cookies', () => {
  let secure: TestHarness;
  beforeAll(async () => {
    secure = await createTestHarness({ secureCookies: true });
  }, 120_000);
  afterAll(async () => secure?.close());

  const cookiesOf = (res: { headers: Record<string, unknown> }) => [res.headers['set-cookie'] ?? []].flat().map(String);
  const valueOf = (cookies: string[], name: string) => cookies.find((c) => c.startsWith(`${name}=`))?.split(';')[0]!.slice(name.length + 1);
  const sessionUser = async (cookie: string) => (await secure.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json<{ user: { email: string } | null }>().user;

  it('sets and reads __Host- cookies only (Secure, Path=/, no Domain); a tossed plain plinth_session is ignored', async () => {
    const page = await secure.app.inject({ method: 'GET', url: '/api/auth/session' });
    const first = cookiesOf(page);
    expect(first.map((c) => c.split('=')[0])).toEqual(['__Host-plinth_csrf']);
    const csrf = valueOf(first, '__Host-plinth_csrf')!;
    // A plain CSRF cookie is not this server's: the write is refused.
    const plain = await secure.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: { cookie: `plinth_csrf=${csrf}`, 'x-csrf-token': csrf, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'plain@example.com', password: 'long enough password' }),
    });
    expect(plain.statusCode).toBe(403);
    expect(plain.json()).toMatchObject({ code: 'CSRF' });

    const signUp = await secure.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: { cookie: `__Host-plinth_csrf=${csrf}`, 'x-csrf-token': csrf, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'victim@example.com', password: 'long enough password' }),
    });
    expect(signUp.statusCode).toBe(200);
    const cookies = cookiesOf(signUp);
    expect(cookies.map((c) => c.split('=')[0]).sort()).toEqual(['__Host-plinth_csrf', '__Host-plinth_session']);
    for (const c of cookies) {
      const attrs = c.split(';').slice(1).map((a) => a.trim().toLowerCase());
      expect(attrs).toContain('secure');
      expect(attrs).toContain('path=/');
      expect(attrs.filter((a) => a.startsWith('domain'))).toEqual([]);
    }
    const session = valueOf(cookies, '__Host-plinth_session')!;
    expect(await sessionUser(`__Host-plinth_session=${session}`)).toMatchObject({ email: 'victim@example.com' });
    // The same token under the plain name is no session here.
    expect(await sessionUser(`plinth_session=${session}`)).toBeNull();

    // An attacker's own session, tossed in as a plain cookie (as another host of the site could), changes nothing.
    const attackerPage = cookiesOf(await secure.app.inject({ method: 'GET', url: '/api/auth/session' }));
    const attackerCsrf = valueOf(attackerPage, '__Host-plinth_csrf')!;
    const attacker = await secure.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: { cookie: `__Host-plinth_csrf=${attackerCsrf}`, 'x-csrf-token': attackerCsrf, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'attacker@example.com', password: 'long enough password' }),
    });
    expect(attacker.statusCode).toBe(200);
    const attackerSession = valueOf(cookiesOf(attacker), '__Host-plinth_session')!;
    expect(await sessionUser(`plinth_session=${attackerSession}`)).toBeNull();
    expect(await sessionUser(`plinth_session=${attackerSession}; __Host-plinth_session=${session}`)).toMatchObject({ email: 'victim@example.com' });
    expect(await sessionUser(`__Host-plinth_session=${session}; plinth_session=${attackerSession}`)).toMatchObject({ email: 'victim@example.com' });
  });
});

describe('the project services', () => {
  it('answer CORS preflights for any origin with *, and no credentials', async () => {
    for (const path of ['/rest/v1/notes', '/auth/v1/token?grant_type=password', '/storage/v1/object/pics/a.txt']) {
      const pre = await h.services.inject({
        method: 'OPTIONS',
        url: `/${ref()}${path}`,
        headers: { origin: 'https://app.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'apikey, authorization, content-type' },
      });
      expect([path, pre.statusCode]).toEqual([path, 204]);
      expect(pre.headers['access-control-allow-origin']).toBe('*');
      expect(pre.headers['access-control-allow-credentials']).toBeUndefined();
      expect(String(pre.headers['access-control-allow-methods'])).toContain('POST');
      expect(String(pre.headers['access-control-allow-headers'])).toContain('apikey');
    }
    const res = await h.services.inject({ method: 'GET', url: `/${ref()}/rest/v1/notes?select=title`, headers: { ...anonHeaders(), origin: 'https://app.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ title: 'pro notes' }]);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('route by path, and a console session cookie grants nothing there', async () => {
    const file = await h.services.inject({ method: 'GET', url: `/${ref()}/storage/v1/object/public/pics/a.txt` });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('file of pro notes');
    expect(file.headers['set-cookie']).toBeUndefined();
    const other = 'zzzzzzzzzzzzzzzzzzzz';
    expect((await h.services.inject({ method: 'GET', url: `/${other}/rest/v1/notes`, headers: anonHeaders() })).statusCode).toBe(404);
    const withCookies = await h.services.inject({ method: 'GET', url: `/${ref()}/rest/v1/notes`, headers: { cookie: owner.jar.header(), 'x-csrf-token': owner.jar.get('plinth_csrf') ?? '' } });
    expect(withCookies.statusCode).toBe(401);
  });
});

describe('host-name routing', () => {
  let t: TestHarness;
  let a: { ref: string; keys: ProjectKeys; user: TestUser };
  let b: { ref: string; keys: ProjectKeys };
  beforeAll(async () => {
    t = await createTestHarness({ projectUrl: 'https://{ref}.projects.example.test' });
    const first = await t.userWithProject();
    const second = await t.userWithProject();
    a = { ref: first.project.ref, keys: await projectKeys(t, first.project.ref), user: first.user };
    b = { ref: second.project.ref, keys: await projectKeys(t, second.project.ref) };
    for (const [p, title] of [[a.ref, 'notes of a'], [b.ref, 'notes of b']] as const) {
      await (await t.internals.databases.get(p)).exec(`create table public.notes (id int primary key, title text); grant select on public.notes to anon; insert into public.notes values (1, '${title}')`);
    }
  }, 300_000);
  afterAll(async () => t?.close());

  const get = (host: string, url: string, key: string) => t.services.inject({ method: 'GET', url, headers: { host, apikey: key, authorization: `Bearer ${key}` } });

  it("answers /rest/v1/... on a project's host name for that project alone", async () => {
    const mine = await get(`${a.ref}.projects.example.test`, '/rest/v1/notes?select=title', a.keys.anonKey);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual([{ title: 'notes of a' }]);
    expect((await get(`${a.ref}.projects.example.test:443`, '/rest/v1/notes?select=title', a.keys.anonKey)).json()).toEqual([{ title: 'notes of a' }]);
    expect((await get(`${b.ref}.projects.example.test`, '/rest/v1/notes?select=title', b.keys.anonKey)).json()).toEqual([{ title: 'notes of b' }]);
    // Another project's host never reaches this one, by its path or by its key.
    expect((await get(`${b.ref}.projects.example.test`, `/${a.ref}/rest/v1/notes?select=title`, a.keys.anonKey)).statusCode).toBe(404);
    expect((await get(`${b.ref}.projects.example.test`, '/rest/v1/notes?select=title', a.keys.anonKey)).statusCode).toBe(401);
    // A host outside the template is routed by path.
    expect((await get('localhost', `/${a.ref}/rest/v1/notes?select=title`, a.keys.anonKey)).json()).toEqual([{ title: 'notes of a' }]);
    expect((await get(`${a.ref}.projects.example.test.evil.example`, '/rest/v1/notes', a.keys.anonKey)).statusCode).toBe(404);
  });

  it('shows the host name as the endpoint in the settings, with https', async () => {
    const settings = (await (await a.user.fetch(`/api/platform/props/project/${a.ref}/settings`)).json()) as ProjectSettings;
    expect(settings.services[0]!.app_config).toMatchObject({ endpoint: `${a.ref}.projects.example.test`, protocol: 'https' });
    await a.user.api.storage.createBucket(a.ref, { id: 'pics', public: true });
    await a.user.api.storage.uploadObject(a.ref, 'pics', 'x.txt', new TextEncoder().encode('on my host'), { contentType: 'text/plain' });
    const { signedUrl } = await a.user.api.storage.signUrl(a.ref, 'pics', 'x.txt', 60);
    const link = new URL(signedUrl);
    expect(link.origin).toBe(`https://${a.ref}.projects.example.test`);
    const got = await t.services.inject({ method: 'GET', url: link.pathname + link.search, headers: { host: link.host } });
    expect(got.statusCode).toBe(200);
    expect(got.body).toBe('on my host');
  });
});

describe('a custom hostname', () => {
  const url = () => `/api/platform/projects/${ref()}/custom-hostname`;
  const viaCustomHost = (path: string, host = CUSTOM_HOST) => h.services.inject({ method: 'GET', url: path, headers: { host, ...anonHeaders() } });

  it('reaches its project once active, and neither before nor after it is deleted', async () => {
    // Pro allows a custom domain with the custom-domain add-on (console-api's README, "Add-ons").
    const addon = await h.app.inject({ method: 'POST', url: `/api/platform/projects/${ref()}/billing/addons`, headers: await s.as('Owner'), payload: { addon_variant: 'cd_default' } });
    expect(addon.statusCode).toBe(200);
    const set = await h.app.inject({ method: 'POST', url: url(), headers: await s.as('Owner'), payload: { custom_hostname: CUSTOM_HOST } });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ status: '2_initiated' });
    // Not yet active: the host is not the project's.
    await h.internals.customHosts.refresh();
    expect((await viaCustomHost('/rest/v1/notes?select=title')).statusCode).toBe(404);

    await h.internals.control.query(`update custom_hostnames set status = '5_services_reconfigured' where project_ref = $1`, [ref()]);
    await h.internals.customHosts.refresh();
    const active = await viaCustomHost('/rest/v1/notes?select=title');
    expect(active.statusCode).toBe(200);
    expect(active.json()).toEqual([{ title: 'pro notes' }]);
    expect((await viaCustomHost('/storage/v1/object/public/pics/a.txt', 'App.Customer.Test:443')).body).toBe('file of pro notes');
    expect((await viaCustomHost('/auth/v1/settings')).statusCode).toBe(200);
    // Only this project: another ref's path under it is not reached.
    expect((await viaCustomHost(`/zzzzzzzzzzzzzzzzzzzz/rest/v1/notes`)).statusCode).toBe(404);
    expect((await viaCustomHost(`/${ref()}/rest/v1/notes`)).statusCode).toBe(404);

    const deleted = await h.app.inject({ method: 'DELETE', url: url(), headers: await s.as('Owner') });
    expect(deleted.statusCode).toBe(200);
    expect((await viaCustomHost('/rest/v1/notes?select=title')).statusCode).toBe(404);
    // The project is still reached by path.
    expect((await h.services.inject({ method: 'GET', url: `/${ref()}/rest/v1/notes?select=title`, headers: anonHeaders() })).statusCode).toBe(200);
  });
});

describe('a console with a public URL', () => {
  let pub: TestHarness;
  beforeAll(async () => {
    pub = await createTestHarness({ publicUrl: 'https://console.example.test' });
  }, 120_000);
  afterAll(async () => pub?.close());

  it('takes writes from that origin alone, its scheme included', async () => {
    const page = await pub.app.inject({ method: 'GET', url: '/api/auth/session', headers: { host: 'console.example.test' } });
    const csrf = String([page.headers['set-cookie']].flat()[0]).split(';')[0]!.split('=').slice(1).join('=');
    const signUp = (origin: string, email: string) =>
      pub.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        headers: { host: 'console.example.test', origin, cookie: `__Host-plinth_csrf=${csrf}`, 'x-csrf-token': csrf, 'content-type': 'application/json' },
        payload: JSON.stringify({ email, password: 'long enough password' }),
      });
    const overHttp = await signUp('http://console.example.test', 'over-http@example.com');
    expect(overHttp.statusCode).toBe(403);
    expect(overHttp.json()).toMatchObject({ code: 'CROSS_ORIGIN' });
    expect((await signUp('https://console.example.test', 'over-https@example.com')).statusCode).toBeLessThan(300);
  });
});
