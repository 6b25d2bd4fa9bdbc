import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '@plinth/platform-core/jwt';
import { ensureStorageSchema } from './storage-engine/schema';
import { createTestHarness, type TestHarness } from '@plinth/platform-api/testing';
import { projectKeys, type ProjectKeys } from './auth/testing';

// Hostile tokens at the app-facing endpoints (/rest/v1, /storage/v1, /auth/v1), on both databases:
// each is refused with 401 in the shape that endpoint's clients read, while the same claims signed
// as they should be are let in (so each refusal is for the flaw it carries).

let h: TestHarness;
let keys: ProjectKeys;
let other: ProjectKeys;
/** A user's own access token, from /auth/v1/signup, and its claims. */
let session: { token: string; claims: Record<string, unknown> };

const nowS = () => Math.floor(Date.now() / 1000);
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
const signedAs = (alg: string, claims: Record<string, unknown>, secret: string) =>
  new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).sign(new TextEncoder().encode(secret));

/** The user's claims, with changes. */
const userClaims = (changes: Record<string, unknown> = {}) => ({ ...session.claims, exp: nowS() + 600, ...changes });

/** Every flawed token, by what is wrong with it. */
async function hostileTokens(): Promise<[string, string][]> {
  const good = await signJwt(userClaims(), keys.jwtSecret);
  const [head, , sig] = good.split('.');
  return [
    ['alg none', `${b64({ alg: 'none', typ: 'JWT' })}.${b64(userClaims({ role: 'service_role' }))}.`],
    ['HS384 under the project secret', await signedAs('HS384', userClaims(), keys.jwtSecret)],
    ['HS512 under the project secret', await signedAs('HS512', userClaims(), keys.jwtSecret)],
    ["another project's service_role key", other.serviceRoleKey],
    ["a user token of another project's secret", await signJwt(userClaims({ ref: other.ref }), other.jwtSecret)],
    ['exp as a string', await signJwt(userClaims({ exp: String(nowS() + 600) }), keys.jwtSecret)],
    ['exp that is not a date', await signJwt(userClaims({ exp: 'never' }), keys.jwtSecret)],
    ['no exp', await signJwt({ ...session.claims, exp: undefined }, keys.jwtSecret)],
    ['nbf in the future', await signJwt(userClaims({ nbf: nowS() + 120 }), keys.jwtSecret)],
    ['past exp by one second', await signJwt(userClaims({ exp: nowS() - 1 }), keys.jwtSecret)],
    ['signed with the anon key as the secret', await signJwt(userClaims(), keys.anonKey)],
    ['a tampered payload', `${head}.${b64(userClaims({ role: 'service_role' }))}.${sig}`],
  ];
}

const call = (method: 'GET' | 'POST', path: string, apikey: string, token?: string) =>
  h.services.inject({ method, url: `/${keys.ref}${path}`, headers: { apikey, ...(token ? { authorization: `Bearer ${token}` } : {}) } });

beforeAll(async () => {
  h = await createTestHarness();
  const { project } = await h.userWithProject();
  keys = await projectKeys(h, project.ref);
  other = await projectKeys(h, (await h.userWithProject()).project.ref);
  const db = await ensureStorageSchema(await h.internals.databases.get(keys.ref));
  await db.exec(`create table public.notes (id int primary key, body text); grant select on public.notes to anon, authenticated; insert into public.notes values (1, 'hello');`);
  const signUp = await h.services.inject({
    method: 'POST',
    url: `/${keys.ref}/auth/v1/signup`,
    headers: { apikey: keys.anonKey, 'content-type': 'application/json' },
    payload: { email: `tokens-${Date.now()}@example.com`, password: 'a long enough password' },
  });
  expect(signUp.statusCode).toBe(200);
  const token = signUp.json<{ access_token: string }>().access_token;
  session = { token, claims: claimsOf(token) };
}, 120_000);
afterAll(async () => {
  await h?.close();
});

describe('hostile tokens are refused with 401 in each endpoint’s shape', () => {
  it('the data API (/rest/v1)', async () => {
    const good = await call('GET', '/rest/v1/notes?select=id', keys.anonKey, await signJwt(userClaims(), keys.jwtSecret));
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual([{ id: 1 }]);
    for (const [flaw, token] of await hostileTokens()) {
      const res = await call('GET', '/rest/v1/notes?select=id', keys.anonKey, token);
      expect([flaw, res.statusCode]).toEqual([flaw, 401]);
      expect([flaw, res.json()]).toEqual([flaw, { code: expect.stringMatching(/^PGRST30[13]$/), message: expect.any(String), details: null, hint: null }]);
      // As the API key itself, the same token is no key of this project.
      const asKey = await call('GET', '/rest/v1/notes?select=id', token);
      expect([flaw, asKey.statusCode, asKey.json().message]).toEqual([flaw, 401, 'Invalid API key']);
    }
  });

  it('the storage service (/storage/v1)', async () => {
    const good = await call('GET', '/storage/v1/bucket', keys.anonKey, await signJwt(userClaims(), keys.jwtSecret));
    expect(good.statusCode).toBe(200);
    for (const [flaw, token] of await hostileTokens()) {
      const res = await call('GET', '/storage/v1/bucket', keys.anonKey, token);
      expect([flaw, res.statusCode]).toEqual([flaw, 401]);
      expect([flaw, res.json()]).toEqual([flaw, { statusCode: '401', error: 'Unauthorized', message: expect.any(String) }]);
    }
  });

  it('the auth service (/auth/v1/user)', async () => {
    const good = await call('GET', '/auth/v1/user', keys.anonKey, session.token);
    expect(good.statusCode).toBe(200);
    for (const [flaw, token] of await hostileTokens()) {
      const res = await call('GET', '/auth/v1/user', keys.anonKey, token);
      expect([flaw, res.statusCode]).toEqual([flaw, 401]);
      expect([flaw, res.json()]).toEqual([flaw, { code: 401, error_code: 'bad_jwt', msg: expect.any(String) }]);
    }
  });

  it('an expired token says so (PGRST303), a forged one that it is invalid (PGRST301)', async () => {
    const expired = await call('GET', '/rest/v1/notes', keys.anonKey, await signJwt(userClaims({ exp: nowS() - 1 }), keys.jwtSecret));
    expect(expired.json()).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });
    const forged = await call('GET', '/rest/v1/notes', keys.anonKey, await signJwt(userClaims(), keys.anonKey));
    expect(forged.json()).toMatchObject({ code: 'PGRST301' });
  });
});
