import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';

let h: TestHarness;
let user: TestUser;
let ref: string;
let slug: string;

beforeAll(async () => {
  h = await createTestHarness();
  const s = await h.userWithProject();
  user = s.user;
  ref = s.project.ref;
  slug = s.org.slug;
});
afterAll(async () => {
  await h?.close();
});

async function call(method: string, url: string, body?: unknown, raw?: string) {
  const headers: Record<string, string> = { 'x-csrf-token': user.jar.get('plinth_csrf')! };
  if (body !== undefined || raw !== undefined) headers['content-type'] = 'application/json';
  const res = await user.fetch(url, { method, headers, body: raw ?? (body === undefined ? undefined : JSON.stringify(body)) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const long = 'x'.repeat(5000);

describe('bad input is a 4xx naming what is wrong, never a 500', () => {
  const cases: [string, string, () => string, unknown, string | undefined][] = [
    ['sign-up without email', 'POST', () => '/api/auth/sign-up', { password: 'long enough pw' }, 'email'],
    ['sign-up with a number for email', 'POST', () => '/api/auth/sign-up', { email: 42, password: 'long enough pw' }, 'email'],
    ['sign-up with a short password', 'POST', () => '/api/auth/sign-up', { email: 'a@b.co', password: 'short' }, 'password'],
    ['sign-in with an oversize password', 'POST', () => '/api/auth/sign-in', { email: 'a@b.co', password: long }, 'password'],
    ['organization without a name', 'POST', () => '/api/platform/organizations', {}, 'name'],
    ['organization with an oversize name', 'POST', () => '/api/platform/organizations', { name: long }, 'name'],
    ['project with a number for a name', 'POST', () => '/api/platform/projects', { name: 1, organization_slug: slug }, 'name'],
    ['project without an organization', 'POST', () => '/api/platform/projects', { name: 'p' }, 'organization_slug'],
    ['project with a bad organization slug', 'POST', () => '/api/platform/projects', { name: 'p', organization_slug: 'NOT A SLUG' }, 'organization_slug'],
    ['rename project to an empty name', 'PATCH', () => `/api/platform/projects/${ref}`, { name: '' }, 'name'],
    ['member with an unknown role', 'POST', () => `/api/platform/organizations/${slug}/members`, { email: 'a@b.co', role: 'Boss' }, 'role'],
    ['member without email', 'POST', () => `/api/platform/organizations/${slug}/members`, { role: 'Developer' }, 'email'],
    ['subscription with an unknown plan', 'PATCH', () => `/api/platform/organizations/${slug}/subscription`, { plan: 'gold' }, 'plan'],
    ['subscription with a string flag', 'PATCH', () => `/api/platform/organizations/${slug}/subscription`, { plan: 'pro', usage_billing_enabled: 'yes' }, 'usage_billing_enabled'],
    ['restore with a body', 'POST', () => `/api/platform/projects/${ref}/restore`, { now: true }, undefined],
    ['MFA code of letters', 'POST', () => '/api/auth/mfa/factors/abc/verify', { code: 'abcdef' }, 'code'],
    ['profile with an oversize username', 'PATCH', () => '/api/platform/profile', { username: long }, 'username'],
  ];
  for (const [label, method, url, body, field] of cases) {
    it(label, async () => {
      const res = await call(method, url(), body);
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
      if (field) {
        expect(res.body.field).toBe(field);
        expect(res.body.message).toContain(field);
      }
    });
  }

  it('a NUL character in any text of body, query or path is a 400 naming the field, never a database message', async () => {
    const nul = 'bad\u0000name';
    const cases: [string, string, unknown, string][] = [
      ['POST', '/api/platform/organizations', { name: nul }, 'name'],
      ['PATCH', `/api/platform/organizations/${slug}`, { name: nul }, 'name'],
      ['POST', '/api/platform/projects', { name: nul, organization_slug: slug }, 'name'],
      ['PATCH', `/api/platform/projects/${ref}`, { name: nul }, 'name'],
      ['POST', `/api/platform/projects/${ref}/content`, { name: nul, sql: 'select 1' }, 'name'],
      ['POST', `/api/platform/projects/${ref}/content`, { name: 'ok', sql: 'select 1', description: nul }, 'description'],
      ['POST', `/api/platform/storage/${ref}/buckets`, { id: nul }, 'id'],
      ['POST', `/api/platform/pg-meta/${ref}/policies`, { name: nul, table: 'todos', definition: 'true' }, 'name'],
      ['POST', `/api/platform/pg-meta/${ref}/policies`, { name: 'p', table: 'todos', roles: ['anon', nul] }, 'roles.1'],
      ['POST', `/api/platform/pg-meta/${ref}/query`, { query: `select '${nul}'` }, 'query'],
      ['PATCH', '/api/platform/profile', { first_name: nul }, 'first_name'],
      ['POST', '/api/auth/sign-in', { email: 'a@b.co', password: `long ${nul}` }, 'password'],
      ['GET', `/api/platform/pg-meta/${ref}/tables?schema=pub%00lic`, undefined, 'schema'],
      ['GET', `/api/platform/projects/${ref}%00/status`, undefined, 'ref'],
    ];
    for (const [method, url, body, field] of cases) {
      const res = await call(method, url, body);
      expect(res.status, `${method} ${url} ${field}`).toBe(400);
      expect(res.body, `${method} ${url}`).toMatchObject({ code: 'VALIDATION', field });
      expect(res.body.message).toContain(field);
      expect(res.body.message).not.toMatch(/byte sequence|UTF8|0x00/);
    }
  });

  it('half of a surrogate pair in a name or object path is a 400 naming the field (it cannot go into a link or a header)', async () => {
    await call('POST', `/api/platform/storage/${ref}/buckets`, { id: 'surrogates' });
    const cases: [string, string, unknown, string][] = [
      ['POST', `/api/platform/storage/${ref}/buckets/surrogates/objects/sign`, { path: '\ud800', expiresIn: 60 }, 'path'],
      ['POST', `/api/platform/storage/${ref}/buckets/surrogates/objects/download`, { path: 'a/\udfff.txt' }, 'path'],
      ['POST', '/api/platform/organizations', { name: 'org \ud83d' }, 'name'],
    ];
    for (const [method, url, body, field] of cases) {
      const res = await call(method, url, body);
      expect(res.status, `${method} ${url}`).toBe(400);
      expect(res.body, `${method} ${url}`).toMatchObject({ code: 'VALIDATION', field });
    }
  });

  it('malformed JSON is a 400', async () => {
    const res = await call('POST', '/api/platform/organizations', undefined, '{"name": ');
    expect(res.status).toBe(400);
  });

  it('unknown refs, slugs, members and routes are 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/platform/projects/zzzzzzzzzzzzzzzzzzzz'],
      ['GET', '/api/platform/projects/zzzzzzzzzzzzzzzzzzzz/status'],
      ['POST', '/api/platform/projects/zzzzzzzzzzzzzzzzzzzz/restore'],
      ['POST', '/api/platform/projects/zzzzzzzzzzzzzzzzzzzz/pause'],
      ['GET', '/api/platform/projects/zzzzzzzzzzzzzzzzzzzz/usage'],
      ['GET', '/api/platform/projects/zzzzzzzzzzzzzzzzzzzz/upgrade/status'],
      ['GET', '/api/projects/zzzzzzzzzzzzzzzzzzzz/live'],
      ['GET', '/api/platform/organizations/no-such-org'],
      ['GET', '/api/platform/organizations/no-such-org/members/reached-free-project-limit'],
      ['DELETE', `/api/platform/organizations/${slug}/members/no-such-user`],
      ['DELETE', '/api/auth/mfa/factors/no-such-factor'],
      ['GET', '/api/platform/nothing-here'],
    ] as const) {
      const res = await call(method, url, method === 'POST' ? {} : undefined);
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body.message, `${method} ${url}`).toMatch(/not found/i);
    }
  });

  it('a malformed project ref is a 400 naming ref, on every route', async () => {
    for (const url of [`/api/platform/projects/${'q'.repeat(60)}`, '/api/platform/projects/NOT_A_REF/status', '/api/platform/storage/abc/buckets']) {
      const res = await call('GET', url);
      expect(res.status, url).toBe(400);
      expect(res.body, url).toMatchObject({ field: 'ref', message: expect.stringContaining('A project ref is 20 lowercase letters') });
    }
  });

  it('an overlong path parameter is a 400 naming it', async () => {
    const res = await call('GET', `/api/platform/projects/${'q'.repeat(100)}/status`);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('ref');
  });

  it('upgrade status without an upgrade is null; plans carry the comparison; OpenAPI lists the routes', async () => {
    expect(await user.api.projects.getUpgradeStatus(ref)).toEqual({ databaseUpgradeStatus: null });
    const plans = await user.api.plans.list();
    expect(plans.plans.map((p) => p.id)).toEqual(['free', 'pro', 'team', 'enterprise']);
    const doc = (await h.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/platform/projects/{ref}/status');
  });

  it('usage and resource warnings come from measurements', async () => {
    const usage = await user.api.usage.getProjectUsage(ref);
    expect(usage.db_size.usage).toBeGreaterThan(1_000_000);
    expect(usage.db_size.limit).toBe(500 * 1024 * 1024);
    expect(usage.db_egress.usage).toBeGreaterThan(0);
    await h.internals.deps.objects.put(ref, randomUUID(), new Uint8Array(4096));
    expect((await user.api.usage.getProjectUsage(ref)).storage_size.usage).toBe(4096);
    const org = await user.api.usage.getOrganizationUsage(slug);
    expect(org.projects.map((p) => p.project)).toEqual([ref]);
    const warnings = await user.api.projects.getResourceWarnings();
    expect(warnings).toEqual([{ project: ref, is_readonly_mode_enabled: false, database_size: null, storage_size: null, egress: null, disk_space_exhaustion: null, monthly_active_users: null }]);
  });
});
