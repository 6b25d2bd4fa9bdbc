/**
 * Fuzz of every route's request schema (the console's API and the project services apps call, each
 * on its own server), as a signed-in tenant and as a signed-out client, against a
 * second tenant's real identifiers. Every answer: never a 5xx (a deliberate 503 with a message
 * aside), errors as JSON {message}, none of the other tenant's names, contents or file bytes, no
 * server path. FUZZ_RUNS (default 10) generated requests per route and caller; FUZZ_SEED (default
 * 7) fixes them. See platform-api/README.md, "Tests".
 */
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('fastify', async (importOriginal) => (await import('./route-catalog')).withRouteRecorder(await importOriginal()));

import { createTestHarness, type TestHarness } from '../testing/harness';
import { CookieJar } from '../testing/cookie-jar';
import { answerProblems, fixedRequests, requestArbitrary, sqlProbes, type FuzzRequest, type IdSources } from './requests';
import { fuzzCatalog, routeKey, undescribedParams, type FuzzRoute } from './route-catalog';
import { baseValue, sweepRequests } from './sweep';
import { deliver } from './transport';
import { seedTenant, type Tenant } from './tenants';

const RUNS = Number(process.env.FUZZ_RUNS) || 10;
const SEED = Number(process.env.FUZZ_SEED) || 7;

/** Routes that create projects or change a project's lifecycle: fuzzed with the other tenant's and generated ids only, so the caller's own project stays up. */
const OWN_IDS_LEFT_OUT = new Set(['POST /api/platform/projects', 'POST /api/platform/projects/:ref/pause', 'POST /api/platform/projects/:ref/restore', 'POST /api/platform/projects/:ref/restart', 'POST /api/v1/projects/:ref/branches', 'DELETE /api/platform/projects/:ref']);

// The server is built at collection time so each route gets its own test.
const h: TestHarness = await createTestHarness();
const routes = fuzzCatalog();
const requested = new Map<string, number>();
let requests = 0;
const statuses = new Map<number, number>();
const perRoute = new Map<string, Map<number, number>>();
let a: Tenant;
let b: Tenant;
let anonymous: CookieJar;
let forbiddenPaths: string[];
let signIns = 0;

beforeAll(async () => {
  console.log(`fuzz: seed ${SEED} (FUZZ_SEED), ${RUNS} runs per route (FUZZ_RUNS), ${h.mode} database`);
  a = await seedTenant(h, 'A');
  b = await seedTenant(h, 'B');
  anonymous = (await h.anonymous()).jar;
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  forbiddenPaths = [...new Set([h.dataDir, await realpath(h.dataDir), repoRoot])];
});

afterAll(async () => {
  const tally = [...statuses].sort(([x], [y]) => x - y).map(([code, n]) => `${code}×${n}`).join(' ');
  console.log(`fuzz: ${requested.size} of ${routes.length} routes covered, ${requests} requests made (${tally}), seed ${SEED}`);
  if (process.env.FUZZ_DEBUG) for (const [k, m] of perRoute) console.log(k, [...m].map(([c, n]) => `${c}×${n}`).join(' '));
  await h?.close();
});

/** The server that answers a route: the project services' (routed by path, /{ref}/...) or the console's. */
const serverOf = (route: FuzzRoute) => (route.server === h.services ? h.services : h.app);

/**
 * Sends as `jar`'s holder; a caller that signs out, up or in keeps (or gets back) its own session.
 * The console's cookies go to the project services too, as if a browser sent them: they must change nothing there.
 */
async function send(server: TestHarness['app'], req: FuzzRequest, jar: CookieJar, keepCookies: boolean, apiKey: string | null) {
  const before = new Map([['plinth_session', jar.get('plinth_session')], ['plinth_csrf', jar.get('plinth_csrf')]]);
  const csrf = jar.get('plinth_csrf');
  const key: Record<string, string> = apiKey ? { apikey: apiKey, authorization: `Bearer ${apiKey}` } : {};
  const res = await deliver(server, req, { cookie: jar.header(), ...(csrf ? { 'x-csrf-token': csrf } : {}), ...key });
  requests++;
  statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
  if (keepCookies) jar.absorb(res.headers['set-cookie'] as string[] | string | undefined);
  if (jar.get('plinth_session') !== before.get('plinth_session')) await restoreSession(jar, before);
  return res;
}

async function restoreSession(jar: CookieJar, before: Map<string, string | undefined>) {
  for (const [k, v] of before) (v === undefined ? jar.delete(k) : jar.set(k, v));
  if (!before.get('plinth_session')) return;
  const session = await h.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: jar.header() } });
  if ((session.json() as { user?: { id?: string } | null }).user?.id === a.user.id) return;
  // Signed out for good: sign in again, from an address of its own so the fuzz's failed sign-ins do not count against it.
  const fresh = new CookieJar();
  const page = await h.app.inject({ method: 'GET', url: '/api/auth/session' });
  fresh.absorb(page.headers['set-cookie'] as string[]);
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress: `10.77.${Math.floor(++signIns / 250)}.${signIns % 250}`,
    headers: { cookie: fresh.header(), 'x-csrf-token': fresh.get('plinth_csrf') ?? '', 'content-type': 'application/json' },
    payload: JSON.stringify({ email: a.user.email, password: a.user.password }),
  });
  expect(res.statusCode, `signing tenant A in again: ${res.body}`).toBe(200);
  fresh.absorb(res.headers['set-cookie'] as string[]);
  for (const k of ['plinth_session', 'plinth_csrf']) jar.set(k, fresh.get(k)!);
}

/**
 * Puts back tenant A's buckets and file if a fuzzed request removed them, so later routes meet real
 * objects. Answers why it could not (A's project no longer answering is reported once, by the route after which it happened).
 */
async function keepTenantAFixtures(): Promise<string | null> {
  const api = a.user.api;
  const { ref, bucket, objectPath } = a.ids;
  try {
    const buckets = await api.storage.listBuckets(ref);
    for (const id of [bucket, ...a.hostileBuckets]) if (!buckets.some((x) => x.id === id)) await api.storage.createBucket(ref, { id, public: false });
    const objects = await api.storage.listObjects(ref, bucket, { path: 'docs' });
    if (!objects.length) {
      // Fuzzed settings may refuse the upload (mime types, size limits): put them back first.
      await api.storage.updateBucket(ref, bucket, { public: false, file_size_limit: null, allowed_mime_types: null });
      // (On the free plan the limit is fixed, and already 50 MB: the fuzz may have changed the plan either way.)
      if (!(await api.storage.getStorageConfig(ref)).isFreeTier) await api.storage.updateStorageConfig(ref, { fileSizeLimit: 50 * 1024 * 1024 });
      await api.storage.uploadObject(ref, bucket, objectPath, new TextEncoder().encode('file bytes'), { contentType: 'text/plain' });
    }
    await api.database.runQuery(ref, { query: 'select 1' });
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}
let tenantABroken = false;

async function tenantAKeys(): Promise<{ anon: string; service: string }> {
  const settings = await a.user.api.settings.getProjectSettings(a.ids.ref);
  const keys = settings.services.flatMap((svc) => svc.service_api_keys);
  return { anon: keys.find((k) => k.tags === 'anon')!.api_key, service: keys.find((k) => k.tags.startsWith('service_role'))!.api_key };
}

const seedOf = (key: string) => [...key].reduce((acc, ch) => (acc * 31 + ch.charCodeAt(0)) | 0, SEED);

async function fuzz(route: FuzzRoute, caller: 'A' | 'signed out', runs: number): Promise<string[]> {
  const key = routeKey(route);
  const own = caller === 'A' && OWN_IDS_LEFT_OUT.has(key) ? null : a;
  const ids: IdSources = caller === 'A' ? { other: b, own, tokens: [a.signedToken], sqlProbes: sqlProbes(b, h.dataDir) } : { other: b, own, tokens: [], sqlProbes: [] };
  const jar = caller === 'A' ? a.user.jar : anonymous;
  // The project services (/{ref}/auth|rest|storage/v1/...) are called with tenant A's keys: its service_role key when
  // signed in as A, its anon key (public by design) when signed out. Read afresh: the fuzz may rotate A's JWT secret.
  const server = serverOf(route);
  const projectApi = server === h.services;
  const keys = projectApi ? await tenantAKeys() : null;
  const apiKey = (i: number) => (keys ? (caller === 'A' ? (i % 2 ? keys.service : keys.anon) : keys.anon) : null);
  const secrets = caller === 'A' || projectApi ? b.secrets : [...a.secrets, ...b.secrets];
  const sweep = caller === 'A' ? sweepRequests(route, ids, SEED) : [];
  const cases = [...fixedRequests(route, ids), ...sweep, ...fc.sample(requestArbitrary(route, ids), { seed: seedOf(`${caller} ${key}`), numRuns: runs })];
  const failures = new Map<string, string>();
  for (const [i, req] of cases.entries()) {
    const res = await send(server, req, jar, caller === 'A', apiKey(i)).catch((err: Error) => err);
    if (res instanceof Error) {
      failures.set(`no answer: ${res.message}`, `no answer: ${res.message}\n    ← ${req.method} ${req.url.slice(0, 300)} ${String(req.payload ?? '').slice(0, 300)}`);
      continue;
    }
    if (process.env.FUZZ_TRACE && key.includes(process.env.FUZZ_TRACE)) console.log(caller, res.statusCode, req.method, req.url.slice(0, 200), String(req.payload ?? '').slice(0, 200), '→', res.rawPayload.toString().slice(0, 200));
    if (process.env.FUZZ_DEBUG) {
      const m = perRoute.get(`${caller} ${key}`) ?? new Map<number, number>();
      perRoute.set(`${caller} ${key}`, m.set(res.statusCode, (m.get(res.statusCode) ?? 0) + 1));
    }
    for (const problem of answerProblems(res, { secrets, paths: forbiddenPaths }, req)) {
      const kind = problem.replace(/\(.*$/s, '');
      if (!failures.has(kind)) failures.set(kind, `${problem}\n    ← ${req.method} ${req.url.slice(0, 300)} ${String(req.payload ?? '').slice(0, 300)}`);
    }
  }
  requested.set(key, (requested.get(key) ?? 0) + cases.length);
  return [...failures.values()];
}

describe('the fuzz covers every route', () => {
  it("covers both servers' routes: the console's under /api, the project services' under /{ref}", () => {
    expect(routes.length).toBeGreaterThan(50);
    const services = routes.filter((r) => r.server === h.services);
    const consoleRoutes = routes.filter((r) => r.server === h.app);
    expect(services.length + consoleRoutes.length).toBe(routes.length);
    for (const prefix of ['/:ref/auth/v1/', '/:ref/rest/v1/', '/:ref/storage/v1/']) expect(services.some((r) => r.url.startsWith(prefix)), prefix).toBe(true);
    expect(services.filter((r) => !/^\/:ref\/(auth|rest|storage)\/v1(\/|$)/.test(r.url)).map(routeKey)).toEqual([]);
    expect(consoleRoutes.filter((r) => !r.url.startsWith('/api/')).map(routeKey)).toEqual([]);
  });

  it('every path parameter is described by its route schema', () => {
    expect(routes.filter((r) => undescribedParams(r).length).map(routeKey)).toEqual([]);
  });

  it("the sweep starts from a body and query string each route's own schemas accept", () => {
    const refused = routes.flatMap((r) =>
      (['body', 'querystring'] as const)
        .filter((part) => r[part] && !r.zod[part]?.safeParse(baseValue(r[part], r.zod[part], a, SEED)).success)
        .map((part) => `${routeKey(r)} ${part}`),
    );
    expect(refused).toEqual([]);
  });
});

describe('as tenant A (Owner, signed in), with tenant B ids', () => {
  for (const route of routes) {
    it(routeKey(route), async () => {
      await keepTenantAFixtures();
      const problems = await fuzz(route, 'A', RUNS);
      const broken = tenantABroken ? null : await keepTenantAFixtures();
      if (broken) {
        tenantABroken = true;
        problems.push(`after this route, tenant A's own project no longer answers: ${broken}`);
      }
      expect(problems).toEqual([]);
    });
  }
});

describe('signed out, with both tenants ids', () => {
  for (const route of routes) {
    it(routeKey(route), async () => {
      expect(await fuzz(route, 'signed out', Math.ceil(RUNS / 3))).toEqual([]);
    });
  }
});

describe('after the fuzz', () => {
  it('requested every registered route', () => {
    expect(routes.filter((r) => !requested.get(routeKey(r))).map(routeKey)).toEqual([]);
  });

  it('tenant B still has its project, file and table row', async () => {
    const api = b.user.api;
    expect((await api.projects.getStatus(b.ids.ref)).status, "tenant B's project status").toBe('ACTIVE_HEALTHY');
    const file = await api.storage.downloadObject(b.ids.ref, b.ids.bucket, b.ids.objectPath);
    expect(await file.text(), "tenant B's file bytes (tenant A's requests must not write them)").toContain(b.secrets[2]);
    const rows = await api.database.runQuery(b.ids.ref, { query: `select secret from public.${b.ids.table}` });
    expect(JSON.stringify(rows), "tenant B's table row").toContain(b.secrets[5]);
  });
});
