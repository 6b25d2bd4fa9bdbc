import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestHarness, TestUser } from '@plinth/platform-api/testing';
import { writeProjectAuthSettings } from './settings';
import { appClient, claimsOf, randomEmail, startAuthApp, type ProjectKeys } from './testing';

// Email flows under PKCE, as supabase-js runs them with flowType 'pkce' (the default of its
// server-side helpers): the email's link leads back to the app with ?code=…, which only the client
// holding the verifier turns into a session (exchangeCodeForSession), once. On both databases.

let h: TestHarness;
let base: string;
let owner: TestUser;
let keys: ProjectKeys;
const SITE = 'http://localhost:5173';
const PASSWORD = 'app-password-1';
const pkceClient = () => appClient(base, keys.ref, keys.anonKey, 'pkce');
const implicitClient = () => appClient(base, keys.ref, keys.anonKey);

async function lastLink(to: string, kind: string): Promise<string> {
  const res = await owner.fetch(`/api/platform/projects/${keys.ref}/auth/outbox`);
  expect(res.status).toBe(200);
  const mail = ((await res.json()) as { emails: { to: string; kind: string; link: string }[] }).emails.find((m) => m.to === to && m.kind === kind);
  if (!mail) throw new Error(`no ${kind} email to ${to}`);
  return mail.link;
}

/** Opens an email's link as a browser would: where it sends the browser. */
async function follow(link: string): Promise<URL> {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!);
}

beforeAll(async () => {
  ({ h, owner, keys, base } = await startAuthApp());
  await writeProjectAuthSettings(h.internals.control, keys.ref, { siteUrl: SITE, redirectAllowList: ['https://*.example.app/**'], emailConfirmationRequired: true });
}, 120_000);
afterAll(async () => {
  await h?.close();
});

describe('email flows with PKCE', () => {
  it('confirms a sign-up through a link that answers a code, which the client with the verifier exchanges once', async () => {
    const email = randomEmail('pkce-signup');
    const client = pkceClient();
    const signedUp = await client.auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: 'https://my.example.app/welcome' } });
    expect(signedUp.error).toBeNull();
    expect(signedUp.data.session).toBeNull();

    const back = await follow(await lastLink(email, 'signup'));
    expect(`${back.origin}${back.pathname}`).toBe('https://my.example.app/welcome');
    expect(back.hash).toBe('');
    const code = back.searchParams.get('code')!;
    expect(code).toBeTruthy();

    // Another client (no verifier) cannot use it; the one that asked can, once.
    const stranger = await implicitClient().auth.exchangeCodeForSession(code);
    expect(stranger.error).not.toBeNull();
    const exchanged = await client.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user).toMatchObject({ email });
    expect(exchanged.data.user?.email_confirmed_at).toBeTruthy();
    expect(claimsOf(exchanged.data.session!.access_token).amr).toEqual([expect.objectContaining({ method: 'otp' })]);
    const reused = await fetch(`${base}/${keys.ref}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: { apikey: keys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(43) }),
    });
    expect([reused.status, ((await reused.json()) as { error_code?: string }).error_code]).toEqual([404, 'flow_state_not_found']);
    // The confirmed user signs in with the password as usual.
    expect((await implicitClient().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it('signs in by magic link and recovers a password with codes; a wrong verifier is refused', async () => {
    const email = randomEmail('pkce-magic');
    await writeProjectAuthSettings(h.internals.control, keys.ref, { emailConfirmationRequired: false });
    expect((await implicitClient().auth.signUp({ email, password: PASSWORD })).error).toBeNull();

    const client = pkceClient();
    expect((await client.auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error).toBeNull();
    const magic = await follow(await lastLink(email, 'magiclink'));
    expect(magic.origin).toBe(SITE);
    const signedIn = await client.auth.exchangeCodeForSession(magic.searchParams.get('code')!);
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.email).toBe(email);

    const resetter = pkceClient();
    expect((await resetter.auth.resetPasswordForEmail(email, { redirectTo: 'https://my.example.app/reset' })).error).toBeNull();
    const reset = await follow(await lastLink(email, 'recovery'));
    expect(reset.pathname).toBe('/reset');
    const code = reset.searchParams.get('code')!;
    const wrong = await fetch(`${base}/${keys.ref}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: { apikey: keys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(43) }),
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error_code: 'bad_code_verifier' });

    // The wrong verifier used that code up: ask again.
    expect((await resetter.auth.resetPasswordForEmail(email, { redirectTo: 'https://my.example.app/reset' })).error).toBeNull();
    const again = await follow(await lastLink(email, 'recovery'));
    const recovered = await resetter.auth.exchangeCodeForSession(again.searchParams.get('code')!);
    expect(recovered.error).toBeNull();
    expect(claimsOf(recovered.data.session!.access_token).amr).toEqual([expect.objectContaining({ method: 'recovery' })]);
    expect((await resetter.auth.updateUser({ password: 'new-password-2' })).error).toBeNull();
    expect((await implicitClient().auth.signInWithPassword({ email, password: 'new-password-2' })).error).toBeNull();
  });

  it('keeps implicit links as they were, and a later implicit request is not captured by an earlier PKCE one', async () => {
    const email = randomEmail('pkce-then-implicit');
    expect((await implicitClient().auth.signUp({ email, password: PASSWORD })).error).toBeNull();
    expect((await pkceClient().auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error).toBeNull();
    // The magic link limit is one a minute per address; the recovery link is another token type.
    expect((await implicitClient().auth.resetPasswordForEmail(email)).error).toBeNull();
    const implicit = await follow(await lastLink(email, 'recovery'));
    expect(implicit.search).toBe('');
    expect(new URLSearchParams(implicit.hash.slice(1)).get('access_token')).toBeTruthy();
  });

  it('refuses a malformed challenge with validation_failed, before any email', async () => {
    const email = randomEmail('pkce-bad');
    const res = await fetch(`${base}/${keys.ref}/auth/v1/otp`, {
      method: 'POST',
      headers: { apikey: keys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, code_challenge: 'short', code_challenge_method: 's256' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error_code: 'validation_failed', msg: expect.stringContaining('code_challenge') });
    await expect(lastLink(email, 'signup')).rejects.toThrow('no signup email');
  });
});
