import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '@plinth/platform-api/testing';
import { writeOAuthProviders } from './providers';
import { writeProjectAuthSettings } from './settings';
import { appClient, claimsOf, listen, projectKeys, randomEmail, type ProjectKeys } from './testing';

// Sign-in with an OAuth provider through the unmodified supabase-js client, against a stand-in
// provider on a local socket (PLINTH_OAUTH_ENDPOINTS points GitHub at it).

const CLIENT_ID = 'Iv1.plinth-test';
const CLIENT_SECRET = 'github-client-secret';
const SITE = 'http://localhost:5173';

/** A provider in miniature: it signs in whoever `nextUser` names and checks what the auth service sends it (client credentials with HTTP Basic, the PKCE verifier). */
class FakeProvider {
  server: Server;
  url = '';
  nextUser: { id: number; login: string; email: string | null; emails?: { email: string; primary: boolean; verified: boolean }[] } = { id: 1, login: 'ada', email: null };
  tokenRequests: { form: URLSearchParams; clientId: string | null; clientSecret: string | null }[] = [];
  private codes = new Map<string, string>();
  private challenges = new Map<string, string | null>();
  private tokens = new Map<string, FakeProvider['nextUser']>();

  constructor() {
    this.server = createServer(async (req, res) => {
      const url = new URL(req.url!, this.url);
      const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (url.pathname === '/login/oauth/authorize') {
        const code = `code-${this.codes.size + 1}`;
        this.codes.set(code, JSON.stringify(this.nextUser));
        this.challenges.set(code, url.searchParams.get('code_challenge_method') === 'S256' ? url.searchParams.get('code_challenge') : null);
        const back = new URL(url.searchParams.get('redirect_uri')!);
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state')!);
        res.writeHead(302, { location: back.toString() }).end();
      } else if (url.pathname === '/login/oauth/access_token' && req.method === 'POST') {
        const form = new URLSearchParams(await text(req));
        const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
        const [clientId, clientSecret] = basic ? Buffer.from(basic[1]!, 'base64').toString('utf8').split(':') : [form.get('client_id'), form.get('client_secret')];
        this.tokenRequests.push({ form, clientId: clientId ?? null, clientSecret: clientSecret ?? null });
        const user = this.codes.get(form.get('code') ?? '');
        if (!user || clientId !== CLIENT_ID || clientSecret !== CLIENT_SECRET) return send(401, { error: 'bad_verification_code' });
        const challenge = this.challenges.get(form.get('code')!);
        if (challenge && createHash('sha256').update(form.get('code_verifier') ?? '').digest('base64url') !== challenge) return send(400, { error: 'invalid_grant', error_description: 'code_verifier does not match' });
        this.codes.delete(form.get('code')!);
        const token = `token-${form.get('code')}`;
        this.tokens.set(token, JSON.parse(user));
        send(200, { access_token: token, token_type: 'bearer', scope: 'user:email' });
      } else {
        const user = this.tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
        if (!user) return send(401, { message: 'Bad credentials' });
        if (url.pathname === '/user') send(200, { id: user.id, login: user.login, email: user.email, avatar_url: `https://avatars.example/${user.id}` });
        else if (url.pathname === '/user/emails') send(200, user.emails ?? []);
        else send(404, {});
      }
    });
  }

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }
}

const text = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => resolve(body));
  });

/** Follows one redirect the way a browser would; answers where it points. */
async function redirectOf(url: string): Promise<URL> {
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status, await res.clone().text()).toBe(302);
  return new URL(res.headers.get('location')!);
}

let h: TestHarness;
let base: string;
let keys: ProjectKeys;
let provider: FakeProvider;

beforeAll(async () => {
  provider = await new FakeProvider().start();
  process.env.PLINTH_OAUTH_ENDPOINTS = JSON.stringify({
    github: { authorize: `${provider.url}/login/oauth/authorize`, token: `${provider.url}/login/oauth/access_token`, userinfo: `${provider.url}/user`, emails: `${provider.url}/user/emails` },
  });
  h = await createTestHarness();
  const { project } = await h.userWithProject();
  keys = await projectKeys(h, project.ref);
  base = await listen(h);
  await writeProjectAuthSettings(h.internals.control, keys.ref, { siteUrl: SITE, redirectAllowList: [] });
});
afterAll(async () => {
  delete process.env.PLINTH_OAUTH_ENDPOINTS;
  await h?.close();
  provider?.server.close();
});

describe('sign-in with an OAuth provider', () => {
  it('refuses a provider that is not enabled, in the clients\' error shape', async () => {
    const { data } = await appClient(base, keys.ref, keys.anonKey).auth.signInWithOAuth({ provider: 'gitlab', options: { redirectTo: `${SITE}/welcome`, skipBrowserRedirect: true } });
    const res = await fetch(data.url!, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 400, error_code: 'validation_failed', msg: 'Unsupported provider: provider is not enabled' });
  });

  it('sends the browser to the provider with the saved client id, and back with a session (implicit flow)', async () => {
    await writeOAuthProviders(h.internals.control, keys.ref, { github: { enabled: true, client_id: CLIENT_ID, secret: CLIENT_SECRET } });
    const email = randomEmail('octo');
    provider.nextUser = { id: 7, login: 'octo', email: null, emails: [{ email: 'old@example.com', primary: false, verified: true }, { email, primary: true, verified: true }] };
    const client = appClient(base, keys.ref, keys.anonKey);
    const { data } = await client.auth.signInWithOAuth({ provider: 'github', options: { redirectTo: `${SITE}/welcome`, skipBrowserRedirect: true } });

    const atProvider = await redirectOf(data.url!);
    expect(atProvider.origin + atProvider.pathname).toBe(`${provider.url}/login/oauth/authorize`);
    expect(atProvider.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(atProvider.searchParams.get('redirect_uri')).toBe(`${base}/${keys.ref}/auth/v1/callback`);
    expect(atProvider.toString()).not.toContain(CLIENT_SECRET);
    expect(atProvider.searchParams.get('scope')).toBe('user:email');
    expect(atProvider.searchParams.get('code_challenge_method')).toBe('S256');
    expect(atProvider.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const back = await redirectOf((await redirectOf(atProvider.toString())).toString());
    expect(back.origin + back.pathname).toBe(`${SITE}/welcome`);
    expect(provider.tokenRequests.at(-1)).toMatchObject({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    expect(provider.tokenRequests.at(-1)?.form.get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const session = new URLSearchParams(back.hash.slice(1));
    expect(session.get('token_type')).toBe('bearer');
    expect(claimsOf(session.get('access_token')!)).toMatchObject({ email, role: 'authenticated', app_metadata: { provider: 'github', providers: ['github'] } });
    const { data: me } = await client.auth.getUser(session.get('access_token')!);
    expect(me.user).toMatchObject({ email, user_metadata: { full_name: 'octo', avatar_url: 'https://avatars.example/7', provider_id: '7' } });
  });

  it('answers a code with PKCE that exchangeCodeForSession turns into a session once, signing in the user who already has that email', async () => {
    await writeOAuthProviders(h.internals.control, keys.ref, { github: { enabled: true, client_id: CLIENT_ID, secret: CLIENT_SECRET } });
    const email = randomEmail('pkce');
    const existing = await appClient(base, keys.ref, keys.anonKey).auth.signUp({ email, password: 'app-password-1' });
    expect(existing.error).toBeNull();
    provider.nextUser = { id: 8, login: 'pkce-user', email };

    const client = appClient(base, keys.ref, keys.anonKey, 'pkce');
    const { data } = await client.auth.signInWithOAuth({ provider: 'github', options: { redirectTo: `${SITE}/welcome?from=github`, skipBrowserRedirect: true } });
    expect(new URL(data.url!).searchParams.get('code_challenge_method')).toBe('s256');
    const back = await redirectOf((await redirectOf((await redirectOf(data.url!)).toString())).toString());
    expect(back.origin + back.pathname).toBe(`${SITE}/welcome`);
    expect(back.searchParams.get('from')).toBe('github');
    expect(back.hash).toBe('');
    const code = back.searchParams.get('code')!;

    const exchange = (authCode: string) =>
      fetch(`${base}/${keys.ref}/auth/v1/token?grant_type=pkce`, {
        method: 'POST',
        headers: { apikey: keys.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ auth_code: authCode, code_verifier: 'x'.repeat(50) }),
      }).then((res) => res.json());
    expect(await exchange(code)).toMatchObject({ code: 400, error_code: 'bad_code_verifier' });

    // The wrong verifier used the code up: sign in again for a fresh one.
    const again = await client.auth.signInWithOAuth({ provider: 'github', options: { redirectTo: `${SITE}/welcome`, skipBrowserRedirect: true } });
    const fresh = (await redirectOf((await redirectOf((await redirectOf(again.data.url!)).toString())).toString())).searchParams.get('code')!;
    const exchanged = await client.auth.exchangeCodeForSession(fresh);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user).toMatchObject({ id: existing.data.user!.id, email, app_metadata: { provider: 'email', providers: ['email', 'github'] } });
    expect((await client.auth.getSession()).data.session?.access_token).toBe(exchanged.data.session!.access_token);

    expect(await exchange(fresh)).toMatchObject({ code: 404, error_code: 'flow_state_not_found' });
  });

  it('sends a redirect_to outside the allow-list back to the site URL, refuses a forged state, and sends a provider refusal back to the app', async () => {
    const client = appClient(base, keys.ref, keys.anonKey);
    const outside = await client.auth.signInWithOAuth({ provider: 'github', options: { redirectTo: 'https://evil.example/steal', skipBrowserRedirect: true } });
    const outsideState = (await redirectOf(outside.data.url!)).searchParams.get('state')!;
    const outsideDenied = await redirectOf(`${base}/${keys.ref}/auth/v1/callback?${new URLSearchParams({ error: 'access_denied', state: outsideState })}`);
    expect(outsideDenied.origin).toBe(new URL(SITE).origin);

    const forged = await fetch(`${base}/${keys.ref}/auth/v1/callback?code=abc&state=not-a-state`, { redirect: 'manual' });
    expect(forged.status).toBe(400);
    expect((await forged.json()).error_code).toBe('bad_oauth_state');

    const { data } = await client.auth.signInWithOAuth({ provider: 'github', options: { redirectTo: `${SITE}/welcome`, skipBrowserRedirect: true } });
    const state = (await redirectOf(data.url!)).searchParams.get('state')!;
    const denied = await redirectOf(`${base}/${keys.ref}/auth/v1/callback?${new URLSearchParams({ error: 'access_denied', error_description: 'The user has denied your application access.', state })}`);
    expect(Object.fromEntries(new URLSearchParams(denied.hash.slice(1)))).toMatchObject({ error: 'access_denied', error_description: 'The user has denied your application access.' });
  });

  it('sends a code the provider refuses back to the app in GoTrue\'s error parameters', async () => {
    const { data } = await appClient(base, keys.ref, keys.anonKey).auth.signInWithOAuth({ provider: 'github', options: { redirectTo: `${SITE}/welcome`, skipBrowserRedirect: true } });
    const callback = await redirectOf((await redirectOf(data.url!)).toString());
    callback.searchParams.set('code', 'code-the-provider-never-issued');
    const failed = Object.fromEntries(new URLSearchParams((await redirectOf(callback.toString())).hash.slice(1)));
    expect(failed).toMatchObject({ error: 'server_error', error_code: 'unexpected_provider_answer' });
    expect(failed.error_description).toContain('bad_verification_code');
  });
});
