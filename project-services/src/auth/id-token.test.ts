import { createHash, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { createTestHarness, type TestHarness } from '@plinth/platform-api/testing';
import { writeOAuthProviders } from './providers';
import { appClient, claimsOf, listen, projectKeys, randomEmail, type ProjectKeys } from './testing';

// signInWithIdToken through the unmodified supabase-js client: ID tokens signed by a stand-in
// provider whose keys a local server publishes as a JWKS (PLINTH_OAUTH_ENDPOINTS points Google's
// and Azure's key sets at it; Azure keeps its own issuer, which names the user's tenant).

const GOOGLE_CLIENT = 'google-client.apps.example';
const AZURE_CLIENT = 'azure-client-id';
const GOOGLE_ISSUER = 'https://accounts.example-google.test';
const TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';

let h: TestHarness;
let base: string;
let keys: ProjectKeys;
let jwksServer: Server;
let signing: CryptoKey;
let stranger: CryptoKey;

const app = () => appClient(base, keys.ref, keys.anonKey);
const sha256hex = (text: string) => createHash('sha256').update(text).digest('hex');

async function idToken(claims: JWTPayload, o: { key?: CryptoKey; issuer?: string; audience?: string; expiresIn?: string | number } = {}) {
  return new SignJWT({ email_verified: true, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: o.key === stranger ? 'stranger' : 'provider-key' })
    .setIssuer(o.issuer ?? GOOGLE_ISSUER)
    .setAudience(o.audience ?? GOOGLE_CLIENT)
    .setSubject(typeof claims.sub === 'string' ? claims.sub : randomUUID())
    .setIssuedAt()
    .setExpirationTime(o.expiresIn ?? '10m')
    .sign(o.key ?? signing);
}

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  signing = pair.privateKey;
  stranger = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'provider-key', alg: 'RS256', use: 'sig' };
  jwksServer = createServer((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] })));
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  const jwks = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/jwks`;
  process.env.PLINTH_OAUTH_ENDPOINTS = JSON.stringify({ google: { issuer: GOOGLE_ISSUER, jwks }, azure: { jwks } });
  h = await createTestHarness();
  const { project } = await h.userWithProject();
  keys = await projectKeys(h, project.ref);
  base = await listen(h);
  await writeOAuthProviders(h.internals.control, keys.ref, {
    google: { enabled: true, client_id: GOOGLE_CLIENT, secret: 'google-secret' },
    azure: { enabled: true, client_id: AZURE_CLIENT, secret: 'azure-secret' },
  });
});
afterAll(async () => {
  delete process.env.PLINTH_OAUTH_ENDPOINTS;
  await h?.close();
  jwksServer?.close();
});

describe('signInWithIdToken', () => {
  it("signs in the ID token's user, created on first use and the same user after, with the nonce checked", async () => {
    const email = randomEmail('one-tap');
    const nonce = randomUUID();
    const token = await idToken({ sub: 'google-user-42', email, name: 'Ada Lovelace', picture: 'https://pictures.example/ada', nonce: sha256hex(nonce) });
    const first = await app().auth.signInWithIdToken({ provider: 'google', token, nonce });
    expect(first.error).toBeNull();
    expect(claimsOf(first.data.session!.access_token)).toMatchObject({ email, role: 'authenticated', app_metadata: { provider: 'google' } });
    expect(first.data.user).toMatchObject({ email, user_metadata: { full_name: 'Ada Lovelace', avatar_url: 'https://pictures.example/ada', provider_id: 'google-user-42' } });

    const again = await app().auth.signInWithIdToken({ provider: 'google', token: await idToken({ sub: 'google-user-42', email }) });
    expect(again.error).toBeNull();
    expect(again.data.user?.id).toBe(first.data.user?.id);
  });

  it("accepts Azure's issuer only for the tenant the token names", async () => {
    const email = randomEmail('azure');
    const issuer = `https://login.microsoftonline.com/${TENANT}/v2.0`;
    const ok = await app().auth.signInWithIdToken({ provider: 'azure', token: await idToken({ email, tid: TENANT }, { issuer, audience: AZURE_CLIENT }) });
    expect(ok.error).toBeNull();
    expect(ok.data.user?.email).toBe(email);
    const otherTenant = await idToken({ email, tid: randomUUID() }, { issuer, audience: AZURE_CLIENT });
    expect((await app().auth.signInWithIdToken({ provider: 'azure', token: otherTenant })).error).toMatchObject({ status: 400, message: 'The ID token was not issued by azure' });
  });

  it('refuses a token another key signed, another issuer, another audience, an expired one, an unverified email or a nonce that does not match', async () => {
    const email = randomEmail('refused');
    const cases: [string, Promise<string>, string | undefined, string][] = [
      ['another key', idToken({ email }, { key: stranger }), undefined, "The ID token could not be verified with google's keys"],
      ['another issuer', idToken({ email }, { issuer: 'https://issuer.example' }), undefined, 'The ID token was not issued by google'],
      ['another audience', idToken({ email }, { audience: 'someone-else' }), undefined, "The ID token was not issued for this project's google client id"],
      ['expired', idToken({ email }, { expiresIn: Math.floor(Date.now() / 1000) - 3600 }), undefined, 'The ID token has expired'],
      ['unverified email', idToken({ email, email_verified: false }), undefined, 'Unverified email with google: verify it there first'],
      ['nonce missing', idToken({ email, nonce: sha256hex('n-1') }), undefined, 'Passed nonce and nonce in id_token should either both exist or not, and the nonce must hash to the one in the token'],
      ['nonce wrong', idToken({ email, nonce: sha256hex('n-1') }), 'n-2', 'Passed nonce and nonce in id_token should either both exist or not, and the nonce must hash to the one in the token'],
      ['nonce not in the token', idToken({ email }), 'n-3', 'Passed nonce and nonce in id_token should either both exist or not, and the nonce must hash to the one in the token'],
    ];
    for (const [what, token, nonce, message] of cases) {
      const r = await app().auth.signInWithIdToken({ provider: 'google', token: await token, ...(nonce ? { nonce } : {}) });
      expect(r.error, what).toMatchObject({ status: 400, code: 'bad_oauth_callback', message });
      expect(r.data.session, what).toBeNull();
    }
    // None of them made the user.
    const listed = await fetch(`${base}/${keys.ref}/auth/v1/admin/users?filter=${encodeURIComponent(email)}`, { headers: { apikey: keys.serviceRoleKey, authorization: `Bearer ${keys.serviceRoleKey}` } });
    expect(((await listed.json()) as { users: unknown[] }).users).toEqual([]);
  });

  it('refuses a provider that is not enabled and one that issues no ID tokens', async () => {
    const token = await idToken({ email: randomEmail('apple') });
    expect((await app().auth.signInWithIdToken({ provider: 'apple', token })).error).toMatchObject({ status: 400, message: 'Unsupported provider: provider is not enabled' });
    const github = await fetch(`${base}/${keys.ref}/auth/v1/token?grant_type=id_token`, {
      method: 'POST',
      headers: { apikey: keys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'github', id_token: token }),
    });
    expect(github.status).toBe(400);
    expect(await github.json()).toMatchObject({ error_code: 'validation_failed', msg: 'github issues no ID tokens: sign in with signInWithOAuth' });
  });
});
