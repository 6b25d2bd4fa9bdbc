import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';
import { signJwt } from '@plinth/platform-core/jwt';
import { issueProjectKeys } from '@plinth/platform-core/project-keys';
import { writeProjectAuthSettings } from './settings';
import { appClient, claimsOf, listen, projectKeys, randomEmail, type ProjectKeys } from './testing';

// The project auth service driven by the unmodified supabase-js client over a real socket.

let h: TestHarness;
let base: string;
let owner: TestUser;
let keys: ProjectKeys;
let anon: () => SupabaseClient;
let admin: SupabaseClient;
const PASSWORD = 'app-password-1';

beforeAll(async () => {
  h = await createTestHarness();
  const { user, project } = await h.userWithProject();
  owner = user;
  keys = await projectKeys(h, project.ref);
  base = await listen(h);
  anon = () => appClient(base, keys.ref, keys.anonKey);
  admin = appClient(base, keys.ref, keys.serviceRoleKey);
});
afterAll(async () => {
  await h?.close();
});

async function signedIn(email = randomEmail()) {
  const client = anon();
  const up = await client.auth.signUp({ email, password: PASSWORD });
  expect(up.error).toBeNull();
  return { client, email, session: up.data.session!, user: up.data.user! };
}

describe('sign-up and sign-in', () => {
  it('signs a new user up and in at once while email confirmation is off (the default)', async () => {
    const email = randomEmail();
    const client = anon();
    const { data, error } = await client.auth.signUp({ email, password: PASSWORD, options: { data: { name: 'Ada' } } });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { name: 'Ada' }, aud: 'authenticated', role: 'authenticated' });
    expect(data.session?.access_token).toBeTruthy();
    const claims = claimsOf(data.session!.access_token);
    expect(claims).toMatchObject({ sub: data.user!.id, role: 'authenticated', aud: 'authenticated', email, ref: keys.ref, aal: 'aal1' });
    expect(claims.session_id).toEqual(expect.any(String));
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);

    const again = await anon().auth.signUp({ email, password: PASSWORD });
    expect(again.error).toMatchObject({ status: 422, code: 'user_already_exists' });

    const signIn = await anon().auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user?.id).toBe(data.user!.id);
    const wrong = await anon().auth.signInWithPassword({ email, password: 'not the password' });
    expect(wrong.error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
  });

  it('refuses a short password with weak_password and answers validation errors in the client shape', async () => {
    const { error } = await anon().auth.signUp({ email: randomEmail(), password: '12345' });
    expect(error).toMatchObject({ status: 422, code: 'weak_password', name: 'AuthWeakPasswordError' });
    const bad = await anon().auth.signUp({ email: 'not-an-email', password: PASSWORD });
    expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Unable to validate email address: invalid format' });
  });

  it('confirms an email through the outbox link when confirmation is required, and not before', async () => {
    await writeProjectAuthSettings(h.internals.control, keys.ref, { emailConfirmationRequired: true, redirectAllowList: ['http://app.example.com/**'] });
    try {
      const email = randomEmail('confirm');
      const up = await anon().auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: 'http://app.example.com/welcome' } });
      expect(up.error).toBeNull();
      expect(up.data.session).toBeNull();
      expect(up.data.user).toMatchObject({ email });
      expect(up.data.user?.confirmation_sent_at).toBeTruthy();
      const early = await anon().auth.signInWithPassword({ email, password: PASSWORD });
      expect(early.error).toMatchObject({ status: 400, code: 'email_not_confirmed' });

      const outbox = await owner.fetch(`/api/platform/projects/${keys.ref}/auth/outbox`);
      expect(outbox.status).toBe(200);
      const mail = ((await outbox.json()) as { emails: { to: string; kind: string; link: string }[] }).emails.find((m) => m.to === email)!;
      expect(mail).toMatchObject({ kind: 'signup' });
      expect(mail.link.startsWith(`${base}/${keys.ref}/auth/v1/verify?`)).toBe(true);

      const followed = await fetch(mail.link, { redirect: 'manual' });
      expect(followed.status).toBe(303);
      const location = new URL(followed.headers.get('location')!);
      expect(`${location.origin}${location.pathname}`).toBe('http://app.example.com/welcome');
      const fragment = new URLSearchParams(location.hash.slice(1));
      expect(fragment.get('type')).toBe('signup');
      expect(claimsOf(fragment.get('access_token')!).sub).toBe(up.data.user!.id);
      const used = new URLSearchParams((await fetch(mail.link, { redirect: 'manual' }).then((r) => new URL(r.headers.get('location')!))).hash.slice(1));
      expect(used.get('error_code')).toBe('otp_expired');

      const later = await anon().auth.signInWithPassword({ email, password: PASSWORD });
      expect(later.error).toBeNull();
      expect(later.data.user?.email_confirmed_at).toBeTruthy();
    } finally {
      await writeProjectAuthSettings(h.internals.control, keys.ref, { emailConfirmationRequired: false, redirectAllowList: [] });
    }
  });

  it('never refuses a redirect target outside the allow-list (its emails lead to the site URL instead)', async () => {
    const { error } = await anon().auth.signUp({ email: randomEmail(), password: PASSWORD, options: { emailRedirectTo: 'https://evil.example.net/steal' } });
    expect(error).toBeNull();
    const reset = await anon().auth.resetPasswordForEmail(randomEmail(), { redirectTo: 'https://evil.example.net/' });
    expect(reset.error).toBeNull();
  });

  it('refuses sign-ups when they are turned off', async () => {
    await writeProjectAuthSettings(h.internals.control, keys.ref, { signUpsAllowed: false });
    try {
      const { error } = await anon().auth.signUp({ email: randomEmail(), password: PASSWORD });
      expect(error).toMatchObject({ status: 422, code: 'signup_disabled' });
    } finally {
      await writeProjectAuthSettings(h.internals.control, keys.ref, { signUpsAllowed: true });
    }
  });
});

describe('sessions', () => {
  it('reads and updates the user, and auth.uid() in the project database is their id', async () => {
    const { client, email, user, session } = await signedIn();
    const got = await client.auth.getUser();
    expect(got.error).toBeNull();
    expect(got.data.user).toMatchObject({ id: user.id, email });

    const updated = await client.auth.updateUser({ data: { plan: 'pro' }, password: 'a-new-password' });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toMatchObject({ plan: 'pro' });
    expect((await anon().auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe('invalid_credentials');
    expect((await anon().auth.signInWithPassword({ email, password: 'a-new-password' })).error).toBeNull();
    const same = await client.auth.updateUser({ password: 'a-new-password' });
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' });

    const db = await h.internals.databases.get(keys.ref);
    const claims = claimsOf(session.access_token);
    const r = await db.query<{ uid: string; email: string }>('select auth.uid()::text as uid, auth.email() as email', [], { role: 'authenticated', claims });
    expect(r.rows[0]).toEqual({ uid: user.id, email });
    const row = await db.query<{ id: string }>('select id::text from auth.users where id = auth.uid()', [], { claims });
    expect(row.rows[0]?.id).toBe(user.id);
    // The app's roles cannot read the users, sessions or tokens themselves.
    for (const role of ['anon', 'authenticated']) {
      for (const table of ['auth.users', 'auth.sessions', 'auth.refresh_tokens', 'auth.one_time_tokens']) {
        await expect(db.query(`select count(*) from ${table}`, [], { role, claims })).rejects.toThrow(/permission denied/);
      }
    }
  });

  it('rotates refresh tokens: a reused old token within the interval still works, after it the session ends', async () => {
    const { client, session } = await signedIn();
    const first = await client.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(first.error).toBeNull();
    expect(first.data.session!.refresh_token).not.toBe(session.refresh_token);
    expect(claimsOf(first.data.session!.access_token).session_id).toBe(claimsOf(session.access_token).session_id);
    // Within the reuse interval (10 s by default): the same old token is answered, as when two tabs refresh at once.
    const twin = await anon().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(twin.error).toBeNull();

    await writeProjectAuthSettings(h.internals.control, keys.ref, { refreshTokenReuseSeconds: 0 });
    try {
      const reused = await anon().auth.refreshSession({ refresh_token: session.refresh_token });
      expect(reused.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
      // The whole session is revoked: its newest refresh token and its access tokens no longer work.
      const next = await anon().auth.refreshSession({ refresh_token: first.data.session!.refresh_token });
      expect(next.error).toMatchObject({ status: 400 });
      const user = await anon().auth.getUser(first.data.session!.access_token);
      expect(user.error).toMatchObject({ name: 'AuthSessionMissingError' });
    } finally {
      await writeProjectAuthSettings(h.internals.control, keys.ref, { refreshTokenReuseSeconds: 10 });
    }
    const unknown = await anon().auth.refreshSession({ refresh_token: 'no-such-token' });
    expect(unknown.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });

  it('signs out this session, the others, or all of them', async () => {
    const { client, email, session: one } = await signedIn();
    const two = (await anon().auth.signInWithPassword({ email, password: PASSWORD })).data.session!;
    const three = (await anon().auth.signInWithPassword({ email, password: PASSWORD })).data.session!;
    const alive = async (token: string) => (await anon().auth.getUser(token)).error === null;

    const others = anon();
    await others.auth.setSession({ access_token: three.access_token, refresh_token: three.refresh_token });
    expect((await others.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect([await alive(one.access_token), await alive(two.access_token), await alive(three.access_token)]).toEqual([false, false, true]);

    expect((await client.auth.signOut({ scope: 'local' })).error).toBeNull();
    const four = (await anon().auth.signInWithPassword({ email, password: PASSWORD })).data.session!;
    const res = await fetch(`${base}/${keys.ref}/auth/v1/logout?scope=global`, {
      method: 'POST',
      headers: { apikey: keys.anonKey, authorization: `Bearer ${four.access_token}` },
    });
    expect(res.status).toBe(204);
    expect([await alive(three.access_token), await alive(four.access_token)]).toEqual([false, false]);
    expect((await anon().auth.refreshSession({ refresh_token: four.refresh_token })).error).toMatchObject({ status: 400 });
  });

  it('answers 401 in the client shape for a token of another project, a forged one, or an expired one', async () => {
    const { session, user } = await signedIn();
    const claims = claimsOf(session.access_token);
    const other = await signJwt(claims, 'another project secret that is long enough');
    const expired = await signJwt({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 }, keys.jwtSecret);
    for (const token of [other, expired]) {
      const res = await fetch(`${base}/${keys.ref}/auth/v1/user`, { headers: { apikey: keys.anonKey, authorization: `Bearer ${token}` } });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: 401, error_code: 'bad_jwt', msg: expect.any(String) });
      const viaClient = await anon().auth.getUser(token);
      expect(viaClient.error).toMatchObject({ status: 401, code: 'bad_jwt' });
    }
    expect((await anon().auth.getUser(session.access_token)).data.user?.id).toBe(user.id);
    const otherProject = await issueProjectKeys('zzzzzzzzzzzzzzzzzzzz');
    const foreignKey = await appClient(base, keys.ref, otherProject.anonKey).auth.signInWithPassword({ email: user.email!, password: PASSWORD });
    expect(foreignKey.error).toMatchObject({ status: 401, code: 'invalid_api_key' });
    const noKey = await fetch(`${base}/${keys.ref}/auth/v1/settings`);
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ code: 401, error_code: 'no_api_key' });
  });
});

describe('the app endpoints are not console routes', () => {
  it('answers CORS preflights and takes POSTs without the console CSRF token', async () => {
    const pre = await fetch(`${base}/${keys.ref}/auth/v1/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: { origin: 'http://app.example.com', 'access-control-request-method': 'POST', 'access-control-request-headers': 'apikey, authorization, content-type, x-client-info' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-headers')).toContain('apikey');
    expect(pre.headers.get('access-control-allow-methods')).toContain('POST');
    const post = await fetch(`${base}/${keys.ref}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: keys.anonKey, 'content-type': 'application/json', origin: 'http://app.example.com' },
      body: JSON.stringify({ email: randomEmail(), password: 'whatever-it-is' }),
    });
    expect(post.status).toBe(400);
    expect(post.headers.get('access-control-allow-origin')).toBe('*');
    expect(await post.json()).toMatchObject({ code: 400, error_code: 'invalid_credentials' });
    // Console routes are not on this origin, and on the console's they still need the token (and answer no CORS).
    const notHere = await fetch(`${base}/api/platform/projects`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(notHere.status).toBe(404);
    const consoleRoute = await h.app.inject({ method: 'POST', url: '/api/platform/projects', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(consoleRoute.statusCode).toBe(403);
    expect(consoleRoute.json()).toMatchObject({ code: 'CSRF' });
    expect(consoleRoute.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers /health and /settings', async () => {
    const health = await fetch(`${base}/${keys.ref}/auth/v1/health`);
    expect(health.status).toBe(200);
    const settings = await fetch(`${base}/${keys.ref}/auth/v1/settings`, { headers: { apikey: keys.anonKey } });
    expect(await settings.json()).toMatchObject({ disable_signup: false, mailer_autoconfirm: true, external: { email: true } });
  });
});
