import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '@plinth/platform-api/testing';
import { projectApiRequestRecorders, type ProjectApiRequestRecord } from '../caller';
import { appClient, listen, projectKeys, randomEmail, type ProjectKeys } from './testing';

// Bad input on every kind of route answers a 4xx in the auth clients' shape, never a 500; sign-in
// attempts are limited; every answered request reaches the request recorders.

let h: TestHarness;
let base: string;
let keys: ProjectKeys;
const records: ProjectApiRequestRecord[] = [];
const recorder = (r: ProjectApiRequestRecord) => records.push(r);

beforeAll(async () => {
  projectApiRequestRecorders.push(recorder);
  h = await createTestHarness();
  const { project } = await h.userWithProject();
  keys = await projectKeys(h, project.ref);
  base = await listen(h);
});
afterAll(async () => {
  projectApiRequestRecorders.splice(projectApiRequestRecorders.indexOf(recorder), 1);
  await h?.close();
});

async function call(path: string, init: { method?: string; body?: string; headers?: Record<string, string>; key?: string } = {}) {
  const key = init.key ?? keys.anonKey;
  const res = await fetch(`${base}/${keys.ref}/auth/v1${path}`, {
    method: init.method ?? 'GET',
    headers: { apikey: key, authorization: `Bearer ${key}`, ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers },
    body: init.body,
    redirect: 'manual',
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

describe('bad input', () => {
  it('answers each with a 4xx naming the problem in the { code, error_code, msg } shape', async () => {
    const cases: [string, Parameters<typeof call>[1], number, string][] = [
      ['/signup', { method: 'POST', body: '[1,2]' }, 400, 'validation_failed'],
      ['/signup', { method: 'POST', body: '{"email": ' }, 400, 'bad_json'],
      ['/signup', { method: 'POST', body: 'email=a', headers: { 'content-type': 'text/plain' } }, 400, 'validation_failed'],
      ['/signup', { method: 'POST', body: JSON.stringify({ email: 'a\u0000b@example.com', password: 'abcdefgh' }) }, 400, 'validation_failed'],
      ['/signup', { method: 'POST', body: JSON.stringify({ email: `${'a'.repeat(10_000)}@example.com`, password: 'abcdefgh' }) }, 400, 'validation_failed'],
      ['/signup', { method: 'POST', body: JSON.stringify({ email: randomEmail(), password: 'x'.repeat(100_000) }) }, 400, 'validation_failed'],
      ['/signup', { method: 'POST', body: JSON.stringify({ email: randomEmail(), password: 'abcdefgh', data: 'text' }) }, 400, 'validation_failed'],
      ['/signup', { method: 'POST', body: JSON.stringify({ email: 42, password: 'abcdefgh' }) }, 400, 'validation_failed'],
      ['/token?grant_type=magic', { method: 'POST', body: '{}' }, 400, 'validation_failed'],
      ['/token?grant_type=password', { method: 'POST', body: JSON.stringify({ email: ['x'], password: {} }) }, 400, 'validation_failed'],
      ['/token?grant_type=refresh_token', { method: 'POST', body: JSON.stringify({ refresh_token: 12 }) }, 400, 'validation_failed'],
      ['/token?grant_type=refresh_token', { method: 'POST', body: JSON.stringify({ refresh_token: "' or 1=1 --" }) }, 400, 'refresh_token_not_found'],
      ['/verify', { method: 'POST', body: JSON.stringify({ type: 'bogus', token_hash: 'x' }) }, 400, 'validation_failed'],
      ['/verify', { method: 'POST', body: JSON.stringify({ type: 'signup', token_hash: 'z'.repeat(5000) }) }, 403, 'otp_expired'],
      ['/verify', { method: 'POST', body: JSON.stringify({ type: 'signup', email: 'nobody@example.com', token: '123456' }) }, 403, 'otp_expired'],
      ['/logout?scope=everyone', { method: 'POST' }, 400, 'validation_failed'],
      ['/user', {}, 403, 'bad_jwt'],
      ['/admin/users?page=abc', { key: keys.serviceRoleKey }, 400, 'validation_failed'],
      ['/admin/users?per_page=-1', { key: keys.serviceRoleKey }, 400, 'validation_failed'],
      ['/admin/users/not-a-uuid', { key: keys.serviceRoleKey }, 404, 'user_not_found'],
      ['/admin/users/00000000-0000-0000-0000-000000000000', { method: 'PUT', body: '{}', key: keys.serviceRoleKey }, 404, 'user_not_found'],
      ['/admin/users', { method: 'POST', body: JSON.stringify({ email: randomEmail(), app_metadata: [1] }), key: keys.serviceRoleKey }, 400, 'validation_failed'],
      ['/settings', { key: 'not.a.jwt' }, 401, 'invalid_api_key'],
    ];
    for (const [path, init, status, errorCode] of cases) {
      const res = await call(path, init);
      expect({ path, body: init?.body?.slice(0, 40), status: res.status }).toEqual({ path, body: init?.body?.slice(0, 40), status });
      expect(res.json).toMatchObject({ code: status, error_code: errorCode, msg: expect.any(String) });
    }
    const unknown = await fetch(`${base}/zzzzzzzzzzzzzzzzzzzz/auth/v1/settings`, { headers: { apikey: keys.anonKey } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error_code: 'project_not_found' });
    const malformed = await fetch(`${base}/nosuchprojectref/auth/v1/settings`, { headers: { apikey: keys.anonKey } });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 400, error_code: 'validation_failed' });
  });

  it('turns a bad email link into an error in the redirect, and sends a redirect outside the allow-list to the site URL', async () => {
    const res = await fetch(`${base}/${keys.ref}/auth/v1/verify?token=nope&type=signup`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin).toBe('http://localhost:3000');
    expect(new URLSearchParams(location.hash.slice(1)).get('error_code')).toBe('otp_expired');
    const evil = await fetch(`${base}/${keys.ref}/auth/v1/verify?token=nope&type=signup&redirect_to=https://evil.example.net`, { redirect: 'manual' });
    expect(evil.status).toBe(303);
    expect(new URL(evil.headers.get('location')!).origin).toBe('http://localhost:3000');
  });
});

describe('limits and records', () => {
  it('locks an email out after 10 failed sign-ins from one address, even with the right password', async () => {
    const email = randomEmail('locked');
    const client = appClient(base, keys.ref, keys.anonKey);
    await client.auth.signUp({ email, password: 'the-password' });
    for (let i = 0; i < 10; i++) expect((await client.auth.signInWithPassword({ email, password: `wrong-${i}` })).error?.code).toBe('invalid_credentials');
    const locked = await client.auth.signInWithPassword({ email, password: 'the-password' });
    expect(locked.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
  });

  it('tells the request recorders of each answered request, with role, user and event', async () => {
    const email = randomEmail('recorded');
    const { data } = await appClient(base, keys.ref, keys.anonKey).auth.signUp({ email, password: 'the-password' });
    await appClient(base, keys.ref, keys.anonKey).auth.getUser(data.session!.access_token);
    const mine = records.filter((r) => r.ref === keys.ref && r.userId === data.user!.id);
    expect(mine).toEqual([
      expect.objectContaining({ service: 'auth', method: 'POST', path: '/signup', status: 200, role: 'anon', event: 'user_signedup' }),
      expect.objectContaining({ service: 'auth', method: 'GET', path: '/user', status: 200, role: 'authenticated' }),
    ]);
    expect(mine[0]!.latencyMs).toEqual(expect.any(Number));
  });
});
