import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallbackFailure, exchangeProviderCode, providerAuthorizationUrl, providerJson } from './oauth-client';

// The provider-facing half (arctic's OAuth2Client with our endpoints) against a token endpoint that
// answers whatever the test names: how each kind of answer becomes a GoTrue-shaped failure.

let server: Server;
let url = '';
let answer: { status: number; body: unknown; delayMs?: number } = { status: 200, body: {} };

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const { status, body, delayMs = 0 } = answer;
      setTimeout(() => res.writeHead(status, { 'content-type': 'application/json' }).end(typeof body === 'string' ? body : JSON.stringify(body)), delayMs).unref();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.PLINTH_OAUTH_ENDPOINTS = JSON.stringify({
    google: { authorize: `${url}/authorize`, token: `${url}/token`, userinfo: `${url}/userinfo` },
    apple: { authorize: `${url}/authorize`, token: `${url}/token` },
    gitlab: { authorize: `${url}/authorize`, token: 'http://127.0.0.1:1/token' },
  });
});
afterAll(() => {
  delete process.env.PLINTH_OAUTH_ENDPOINTS;
  server?.closeAllConnections();
  server?.close();
});

const request = { provider: 'google' as const, clientId: 'client', clientSecret: 'secret', redirectUri: 'http://service/callback', code: 'abc', verifier: 'v'.repeat(43) };

async function failureOf(work: Promise<unknown>): Promise<CallbackFailure> {
  const err = await work.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(CallbackFailure);
  return err as CallbackFailure;
}

describe('the provider-facing half of OAuth sign-in', () => {
  it('asks for PKCE only from providers that take it, with the app\'s scopes or the provider\'s default', () => {
    const google = new URL(providerAuthorizationUrl({ ...request, state: 'st', scopes: null }));
    expect(Object.fromEntries(google.searchParams)).toMatchObject({ client_id: 'client', redirect_uri: 'http://service/callback', response_type: 'code', state: 'st', scope: 'openid email profile', code_challenge_method: 'S256' });
    expect(google.toString()).not.toContain('secret');
    const apple = new URL(providerAuthorizationUrl({ ...request, provider: 'apple', state: 'st', scopes: ' email  name ' }));
    expect(apple.searchParams.get('scope')).toBe('email name');
    expect(apple.searchParams.has('code_challenge')).toBe(false);
  });

  it('answers the access token (and id_token) of a bearer token answer', async () => {
    answer = { status: 200, body: { access_token: 'at', token_type: 'Bearer', id_token: 'a.b.c', expires_in: 3600 } };
    expect(await exchangeProviderCode(request)).toEqual({ accessToken: 'at', idToken: 'a.b.c' });
  });

  it('turns refusals and malformed answers into unexpected_provider_answer', async () => {
    const cases: [typeof answer, string][] = [
      [{ status: 400, body: { error: 'invalid_grant', error_description: 'Bad Request' } }, 'invalid_grant (Bad Request)'],
      [{ status: 200, body: { error: 'bad_verification_code' } }, 'bad_verification_code'], // GitHub's way
      [{ status: 200, body: { access_token: 'at', token_type: 'mac' } }, 'not a bearer token'],
      [{ status: 200, body: { token_type: 'bearer' } }, 'no access token'],
      [{ status: 200, body: 'not json' }, 'answered 200'],
      [{ status: 500, body: {} }, 'answered 500'],
    ];
    for (const [given, detail] of cases) {
      answer = given;
      const failure = await failureOf(exchangeProviderCode(request));
      expect({ error: failure.error, code: failure.code }).toEqual({ error: 'server_error', code: 'unexpected_provider_answer' });
      expect(failure.message).toContain(detail);
    }
  });

  it('fails with provider_unreachable when the provider cannot be reached or answers too late', async () => {
    expect((await failureOf(exchangeProviderCode({ ...request, provider: 'gitlab' }))).code).toBe('provider_unreachable');
    answer = { status: 200, body: { access_token: 'at', token_type: 'bearer' }, delayMs: 2_000 };
    const started = Date.now();
    const late = await failureOf(exchangeProviderCode(request, 200));
    expect(late).toMatchObject({ code: 'provider_unreachable', message: 'The provider did not answer in time' });
    expect(Date.now() - started).toBeLessThan(1_500);
    expect((await failureOf(providerJson(`${url}/userinfo`, 'at', 200))).code).toBe('provider_unreachable');
  });
});
