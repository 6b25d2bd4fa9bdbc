import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';
import { writeProjectAuthSettings, type ProjectAuthSettings } from './settings';
import { appClient, claimsOf, listen, projectKeys, randomEmail, type ProjectKeys } from './testing';

// resend, reauthenticate, the secure email change, anonymous sign-ins, GoTrue's redirect and email
// rules, and the custom access token hook, through supabase-js.

let h: TestHarness;
let base: string;
let owner: TestUser;
let keys: ProjectKeys;
let admin: SupabaseClient;
const anon = () => appClient(base, keys.ref, keys.anonKey);
const PASSWORD = 'app-password-1';
const SITE = 'http://localhost:5173';

interface Mail {
  to: string;
  kind: string;
  body: string;
  link: string;
}

async function mailsTo(to: string): Promise<(Mail & { code: string | null })[]> {
  const res = await owner.fetch(`/api/platform/projects/${keys.ref}/auth/outbox`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { emails: Mail[] }).emails.filter((m) => m.to === to).map((m) => ({ ...m, code: /(?:code|you): (\d{6})/.exec(m.body)?.[1] ?? null }));
}

async function follow(link: string): Promise<URLSearchParams> {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  return new URLSearchParams(new URL(res.headers.get('location')!).hash.slice(1));
}

const settings = (change: Partial<ProjectAuthSettings>) => writeProjectAuthSettings(h.internals.control, keys.ref, change);

beforeAll(async () => {
  h = await createTestHarness();
  const { user, project } = await h.userWithProject();
  owner = user;
  keys = await projectKeys(h, project.ref);
  base = await listen(h);
  admin = appClient(base, keys.ref, keys.serviceRoleKey);
  await settings({ siteUrl: SITE, redirectAllowList: ['https://*.example.app/**'] });
  const db = await h.internals.databases.get(project.ref);
  await db.exec(`
    create table public.notes (id int primary key, body text);
    alter table public.notes enable row level security;
    grant select on public.notes to anon, authenticated;
    create policy "permanent users" on public.notes for select to authenticated using ((auth.jwt() ->> 'is_anonymous')::boolean is false);
    insert into public.notes values (1, 'members only');
    create table public.roles (user_id uuid primary key, role text not null);
    grant select on public.roles to service_role;
    create function public.token_hook(event jsonb) returns jsonb language plpgsql as $$
    declare
      claims jsonb := event -> 'claims';
      r text;
    begin
      if (event -> 'claims' -> 'user_metadata' ->> 'blocked') = 'yes' then
        return jsonb_build_object('error', jsonb_build_object('http_code', 403, 'message', 'Blocked by policy'));
      end if;
      select role into r from public.roles where user_id = (event ->> 'user_id')::uuid;
      claims := jsonb_set(claims, '{user_role}', to_jsonb(coalesce(r, 'none')));
      claims := jsonb_set(claims, '{auth_method}', to_jsonb(event ->> 'authentication_method'));
      return jsonb_build_object('claims', claims);
    end $$;
    create function public.broken_hook(event jsonb) returns jsonb language sql as $$ select jsonb_build_object('claims', (event -> 'claims') - 'sub') $$;`);
}, 120_000);
afterAll(async () => {
  await h?.close();
});

describe('resend and reauthenticate', () => {
  it('resends a sign-up confirmation, once a minute at most, and not to a confirmed user', async () => {
    await settings({ emailConfirmationRequired: true });
    try {
      const email = randomEmail('resend');
      expect((await anon().auth.signUp({ email, password: PASSWORD })).error).toBeNull();
      const tooSoon = await anon().auth.resend({ type: 'signup', email });
      expect(tooSoon.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
      expect(tooSoon.error?.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
      const db = await h.internals.databases.get(keys.ref);
      await db.query(`update auth.users set confirmation_sent_at = now() - interval '2 minutes' where email = $1`, [email]);
      expect((await anon().auth.resend({ type: 'signup', email, options: { emailRedirectTo: 'https://app.example.app/in' } })).error).toBeNull();
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(2);
      expect(new URL(mails[0]!.link).searchParams.get('redirect_to')).toBe('https://app.example.app/in');
      expect((await follow(mails[0]!.link)).get('type')).toBe('signup');
      // Confirmed (or unknown): nothing is sent and nothing is told.
      await db.query(`update auth.users set confirmation_sent_at = now() - interval '2 minutes' where email = $1`, [email]);
      expect((await anon().auth.resend({ type: 'signup', email })).error).toBeNull();
      expect((await anon().auth.resend({ type: 'signup', email: randomEmail('nobody') })).error).toBeNull();
      expect(await mailsTo(email)).toHaveLength(2);
      const bad = await fetch(`${base}/${keys.ref}/auth/v1/resend`, { method: 'POST', headers: { apikey: keys.anonKey, 'content-type': 'application/json' }, body: JSON.stringify({ type: 'recovery', email }) });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ error_code: 'validation_failed' });
    } finally {
      await settings({ emailConfirmationRequired: false });
    }
  });

  it('asks an older session for the emailed nonce before a password change under the secure password change', async () => {
    await settings({ securePasswordChange: true });
    try {
      const email = randomEmail('reauth');
      const client = anon();
      const { data } = await client.auth.signUp({ email, password: PASSWORD });
      // A session of today needs no nonce.
      expect((await client.auth.updateUser({ password: 'second-password' })).error).toBeNull();
      const db = await h.internals.databases.get(keys.ref);
      await db.query(`update auth.sessions set created_at = now() - interval '2 days' where user_id = $1`, [data.user!.id]);
      const refused = await client.auth.updateUser({ password: 'third-password' });
      expect(refused.error).toMatchObject({ status: 400, code: 'reauthentication_needed' });
      expect((await client.auth.reauthenticate()).error).toBeNull();
      const [mail] = await mailsTo(email);
      expect(mail?.kind).toBe('reauthentication');
      const wrong = await client.auth.updateUser({ password: 'third-password', nonce: mail!.code === '000000' ? '111111' : '000000' });
      expect(wrong.error).toMatchObject({ status: 400, code: 'reauthentication_not_valid' });
      expect((await client.auth.updateUser({ password: 'third-password', nonce: mail!.code! })).error).toBeNull();
      expect((await anon().auth.signInWithPassword({ email, password: 'third-password' })).error).toBeNull();
      // A nonce is used once.
      expect((await client.auth.updateUser({ password: 'fourth-password', nonce: mail!.code! })).error).toMatchObject({ code: 'reauthentication_not_valid' });
    } finally {
      await settings({ securePasswordChange: false });
    }
  });
});

describe('email change', () => {
  it('needs both addresses to confirm under the secure email change (the default), one when it is off', async () => {
    await settings({ emailConfirmationRequired: true });
    try {
      const email = randomEmail('two');
      await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
      const client = anon();
      await client.auth.signInWithPassword({ email, password: PASSWORD });
      const next = randomEmail('two-new');
      expect((await client.auth.updateUser({ email: next })).data.user).toMatchObject({ email, new_email: next });
      const [toCurrent] = await mailsTo(email);
      const [toNew] = await mailsTo(next);
      expect([toCurrent?.kind, toNew?.kind]).toEqual(['email_change', 'email_change']);
      expect((await follow(toNew!.link)).get('message')).toBe('Confirmation link accepted. Please proceed to confirm link sent to the other email');
      expect((await client.auth.getUser()).data.user?.email).toBe(email);
      // The current address confirms with its code.
      const done = await anon().auth.verifyOtp({ email, token: toCurrent!.code!, type: 'email_change' });
      expect(done.error).toBeNull();
      expect(done.data.user?.email).toBe(next);

      await settings({ secureEmailChange: false });
      const third = randomEmail('one');
      const signedIn = anon();
      await signedIn.auth.signInWithPassword({ email: next, password: PASSWORD });
      await signedIn.auth.updateUser({ email: third });
      expect(await mailsTo(next)).toHaveLength(1);
      expect((await follow((await mailsTo(third))[0]!.link)).get('type')).toBe('email_change');
      expect((await signedIn.auth.getUser()).data.user?.email).toBe(third);
    } finally {
      await settings({ emailConfirmationRequired: false, secureEmailChange: true });
    }
  });
});

describe('anonymous sign-ins', () => {
  it('are refused while off, then make anonymous users that a policy can tell apart and an email makes permanent', async () => {
    const off = await anon().auth.signInAnonymously();
    expect(off.error).toMatchObject({ status: 422, code: 'anonymous_provider_disabled' });
    // Turned on from the console's providers page.
    const console_ = (body: unknown) =>
      owner.fetch(`/api/platform/auth/${keys.ref}/providers`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', 'x-csrf-token': owner.jar.get('plinth_csrf')! },
        body: JSON.stringify(body),
      });
    const turnedOn = await console_({ anonymous_sign_ins: true });
    expect(turnedOn.status).toBe(200);
    expect(await turnedOn.json()).toMatchObject({ anonymous_sign_ins: true, access_token_hook: null });
    try {
      const settingsRes = await fetch(`${base}/${keys.ref}/auth/v1/settings`, { headers: { apikey: keys.anonKey } });
      expect(((await settingsRes.json()) as { external: Record<string, boolean> }).external.anonymous_users).toBe(true);
      const client = anon();
      const { data, error } = await client.auth.signInAnonymously({ options: { data: { theme: 'dark' } } });
      expect(error).toBeNull();
      expect(data.user).toMatchObject({ is_anonymous: true, email: '', user_metadata: { theme: 'dark' }, identities: [] });
      expect(claimsOf(data.session!.access_token)).toMatchObject({ is_anonymous: true, role: 'authenticated', amr: [expect.objectContaining({ method: 'anonymous' })] });
      expect((await client.from('notes').select('body')).data).toEqual([]);

      const email = randomEmail('anon');
      const linked = await client.auth.updateUser({ email });
      expect(linked.error).toBeNull();
      expect(linked.data.user).toMatchObject({ email, is_anonymous: false });
      expect((await client.auth.updateUser({ password: PASSWORD })).error).toBeNull();
      const refreshed = await client.auth.refreshSession();
      expect(claimsOf(refreshed.data.session!.access_token).is_anonymous).toBe(false);
      expect((await client.from('notes').select('body')).data).toEqual([{ body: 'members only' }]);
      expect((await anon().auth.signInWithPassword({ email, password: PASSWORD })).data.user?.id).toBe(data.user!.id);
    } finally {
      await settings({ anonymousSignInsAllowed: false });
    }
  });
});

describe('GoTrue rules', () => {
  it('sends a redirect outside the allow-list to the site URL, and refuses a malformed email with validation_failed', async () => {
    const email = randomEmail('redirect');
    await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    expect((await anon().auth.signInWithOtp({ email, options: { emailRedirectTo: 'https://evil.example.net/steal' } })).error).toBeNull();
    const [mail] = await mailsTo(email);
    expect(new URL(mail!.link).searchParams.get('redirect_to')).toBe(SITE);
    const evil = await fetch(`${base}/${keys.ref}/auth/v1/verify?token=nope&type=signup&redirect_to=https://evil.example.net`, { redirect: 'manual' });
    expect(evil.status).toBe(303);
    expect(new URL(evil.headers.get('location')!).origin).toBe(SITE);

    for (const bad of ['no-at-sign', 'a@b..c', 'two@@example.com', 'space in@example.com', `${'a'.repeat(250)}@example.com`]) {
      const r = await anon().auth.signUp({ email: bad, password: PASSWORD });
      expect(r.error).toMatchObject({ status: 400, code: 'validation_failed' });
    }
    expect((await anon().auth.signUp({ email: 'dev@localhost', password: PASSWORD })).error).toBeNull();
  });
});

describe('custom access token hook', () => {
  it('signs the claims the function answers, refuses the sign-in with its error, and fails clearly on broken output', async () => {
    const email = randomEmail('hook');
    const { data } = await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const db = await h.internals.databases.get(keys.ref);
    await db.query(`insert into public.roles values ($1, 'editor')`, [data.user!.id]);
    // Set from the console's providers page, which refuses a name that is not schema.function.
    const console_ = (body: unknown) =>
      owner.fetch(`/api/platform/auth/${keys.ref}/providers`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', 'x-csrf-token': owner.jar.get('plinth_csrf')! },
        body: JSON.stringify(body),
      });
    expect((await console_({ access_token_hook: 'token_hook; drop table x' })).status).toBe(400);
    const saved = await console_({ access_token_hook: 'public.token_hook' });
    expect(await saved.json()).toMatchObject({ access_token_hook: 'public.token_hook' });
    try {
      const client = anon();
      const signedIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
      expect(signedIn.error).toBeNull();
      expect(claimsOf(signedIn.data.session!.access_token)).toMatchObject({ user_role: 'editor', auth_method: 'password', sub: data.user!.id });
      const refreshed = await client.auth.refreshSession();
      expect(claimsOf(refreshed.data.session!.access_token)).toMatchObject({ user_role: 'editor', auth_method: 'token_refresh' });
      // The data API accepts the signed token.
      expect((await client.from('notes').select('body')).error).toBeNull();

      await admin.auth.admin.updateUserById(data.user!.id, { user_metadata: { blocked: 'yes' } });
      const blocked = await anon().auth.signInWithPassword({ email, password: PASSWORD });
      expect(blocked.error).toMatchObject({ status: 403, message: 'Blocked by policy' });

      await settings({ accessTokenHook: 'public.broken_hook' });
      const broken = await fetch(`${base}/${keys.ref}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: keys.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email: randomEmail('x'), password: PASSWORD }),
      });
      expect(broken.status).toBe(400);
      await admin.auth.admin.updateUserById(data.user!.id, { user_metadata: { blocked: null } });
      const r = await fetch(`${base}/${keys.ref}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: keys.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      expect(r.status).toBe(500);
      expect(await r.json()).toMatchObject({
        error_code: 'unexpected_failure',
        msg: 'Error running the custom access token hook public.broken_hook: output claims do not conform to the expected schema (sub)',
      });
      await settings({ accessTokenHook: 'public.missing_hook' });
      const missing = await anon().auth.signInWithPassword({ email, password: PASSWORD });
      expect(missing.error?.message).toBe('Error running the custom access token hook public.missing_hook: there is no such function taking one jsonb argument');
    } finally {
      await settings({ accessTokenHook: null });
    }
  });
});
