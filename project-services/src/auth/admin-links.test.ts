import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createTestHarness, type TestHarness } from '@plinth/platform-api/testing';
import { writeProjectAuthSettings } from './settings';
import { appClient, claimsOf, listen, projectKeys, randomEmail, type ProjectKeys } from './testing';

// The admin API through supabase-js: generate_link of every type, pages of users, full updates,
// soft and hard deletes.

let h: TestHarness;
let base: string;
let keys: ProjectKeys;
let admin: SupabaseClient;
const anon = () => appClient(base, keys.ref, keys.anonKey);
const PASSWORD = 'app-password-1';
const SITE = 'http://localhost:5173';

beforeAll(async () => {
  h = await createTestHarness();
  const { project } = await h.userWithProject();
  keys = await projectKeys(h, project.ref);
  base = await listen(h);
  admin = appClient(base, keys.ref, keys.serviceRoleKey);
  await writeProjectAuthSettings(h.internals.control, keys.ref, { siteUrl: SITE, redirectAllowList: ['https://*.example.app/**'] });
}, 120_000);
afterAll(async () => {
  await h?.close();
});

describe('generate_link', () => {
  it('answers the link, code and hashed token of a sign-up, which verifies into a session, without sending an email', async () => {
    const email = randomEmail('gen');
    const { data, error } = await admin.auth.admin.generateLink({ type: 'signup', email, password: PASSWORD, options: { data: { plan: 'pro' }, redirectTo: 'https://app.example.app/welcome' } });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { plan: 'pro' } });
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.properties).toMatchObject({ verification_type: 'signup', redirect_to: 'https://app.example.app/welcome', email_otp: expect.stringMatching(/^\d{6}$/) });
    const link = new URL(data.properties!.action_link);
    expect(link.pathname).toBe(`/${keys.ref}/auth/v1/verify`);
    expect(Object.fromEntries(link.searchParams)).toEqual({ token: data.properties!.hashed_token, type: 'signup', redirect_to: 'https://app.example.app/welcome' });

    const verified = await anon().auth.verifyOtp({ token_hash: data.properties!.hashed_token, type: 'signup' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
    expect((await anon().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    // A confirmed address cannot be signed up again.
    const again = await admin.auth.admin.generateLink({ type: 'signup', email, password: PASSWORD });
    expect(again.error).toMatchObject({ status: 422, code: 'email_exists' });
  });

  it('makes invite, magic link and recovery links; a redirect outside the allow-list becomes the site URL', async () => {
    const email = randomEmail('invited');
    const invite = await admin.auth.admin.generateLink({ type: 'invite', email, options: { redirectTo: 'https://evil.example.net/x' } });
    expect(invite.error).toBeNull();
    expect(invite.data.properties).toMatchObject({ verification_type: 'invite', redirect_to: SITE });
    expect(invite.data.user?.invited_at).toBeTruthy();
    const followed = await fetch(invite.data.properties!.action_link, { redirect: 'manual' });
    expect(followed.status).toBe(303);
    const location = new URL(followed.headers.get('location')!);
    expect(location.origin).toBe(SITE);
    expect(new URLSearchParams(location.hash.slice(1)).get('type')).toBe('invite');

    const magic = await admin.auth.admin.generateLink({ type: 'magiclink', email });
    expect(magic.data.properties?.verification_type).toBe('magiclink');
    const byCode = await anon().auth.verifyOtp({ email, token: magic.data.properties!.email_otp, type: 'magiclink' });
    expect(byCode.error).toBeNull();

    const recovery = await admin.auth.admin.generateLink({ type: 'recovery', email });
    expect(recovery.data.properties?.verification_type).toBe('recovery');
    const recovered = await anon().auth.verifyOtp({ token_hash: recovery.data.properties!.hashed_token, type: 'recovery' });
    expect(claimsOf(recovered.data.session!.access_token).amr).toEqual([expect.objectContaining({ method: 'recovery' })]);

    const nobody = await admin.auth.admin.generateLink({ type: 'recovery', email: randomEmail('nobody') });
    expect(nobody.error).toMatchObject({ status: 404, code: 'user_not_found' });
    const badType = await fetch(`${base}/${keys.ref}/auth/v1/admin/generate_link`, {
      method: 'POST',
      headers: { apikey: keys.serviceRoleKey, authorization: `Bearer ${keys.serviceRoleKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'phone', email }),
    });
    expect(badType.status).toBe(400);
    expect(await badType.json()).toMatchObject({ error_code: 'validation_failed' });
    const asAnon = await anon().auth.admin.generateLink({ type: 'magiclink', email });
    expect(asAnon.error).toMatchObject({ status: 403, code: 'not_admin' });
  });

  it('changes an email only once both the current and the new address links are followed', async () => {
    const email = randomEmail('old');
    const next = randomEmail('new');
    await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const current = await admin.auth.admin.generateLink({ type: 'email_change_current', email, newEmail: next });
    expect(current.error).toBeNull();
    expect(current.data.user).toMatchObject({ email, new_email: next });
    expect(current.data.properties?.verification_type).toBe('email_change');
    const fresh = await admin.auth.admin.generateLink({ type: 'email_change_new', email, newEmail: next });

    const first = await anon().auth.verifyOtp({ token_hash: current.data.properties!.hashed_token, type: 'email_change' });
    expect(first.error).toBeNull();
    expect(first.data.session).toBeNull();
    expect((await anon().auth.signInWithPassword({ email: next, password: PASSWORD })).error).toMatchObject({ code: 'invalid_credentials' });
    const second = await anon().auth.verifyOtp({ token_hash: fresh.data.properties!.hashed_token, type: 'email_change' });
    expect(second.error).toBeNull();
    expect(second.data.user?.email).toBe(next);
    expect((await anon().auth.signInWithPassword({ email: next, password: PASSWORD })).error).toBeNull();
  });
});

describe('users', () => {
  it('pages users with x-total-count and link headers', async () => {
    for (let i = 0; i < 3; i++) await admin.auth.admin.createUser({ email: randomEmail('page'), password: PASSWORD });
    const res = await fetch(`${base}/${keys.ref}/auth/v1/admin/users?page=2&per_page=2`, { headers: { apikey: keys.serviceRoleKey, authorization: `Bearer ${keys.serviceRoleKey}` } });
    const total = Number(res.headers.get('x-total-count'));
    expect(total).toBeGreaterThanOrEqual(3);
    const last = Math.ceil(total / 2);
    expect(res.headers.get('link')).toContain(`page=${last}&per_page=2>; rel="last"`);
    expect(((await res.json()) as { users: unknown[] }).users).toHaveLength(2);
    const listed = await admin.auth.admin.listUsers({ page: 1, perPage: 2 });
    expect(listed.data).toMatchObject({ total, nextPage: 2, lastPage: last });
  });

  it('updates the documented fields: email_confirm, phone_confirm, metadata, role, password', async () => {
    const email = randomEmail('upd');
    const { data } = await admin.auth.admin.createUser({ email, password: PASSWORD });
    const id = data.user!.id;
    const updated = await admin.auth.admin.updateUserById(id, {
      email_confirm: true,
      phone_confirm: false,
      user_metadata: { name: 'Ada' },
      app_metadata: { tier: 'gold' },
      role: 'authenticated',
      password: 'a-new-password',
    });
    expect(updated.error).toBeNull();
    expect(updated.data.user).toMatchObject({ user_metadata: { name: 'Ada' }, app_metadata: { tier: 'gold', provider: 'email' }, role: 'authenticated' });
    expect(updated.data.user?.email_confirmed_at).toBeTruthy();
    const signedIn = await anon().auth.signInWithPassword({ email, password: 'a-new-password' });
    expect(signedIn.error).toBeNull();
    expect(claimsOf(signedIn.data.session!.access_token).app_metadata).toMatchObject({ tier: 'gold' });
    const badRole = await admin.auth.admin.updateUserById(id, { role: 'x; drop table' });
    expect(badRole.error).toMatchObject({ status: 400, code: 'validation_failed' });
    const badConfirm = await admin.auth.admin.updateUserById(id, { email_confirm: 'yes' as never });
    expect(badConfirm.error).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('soft-deletes a user (kept, marked deleted, signed out, the address free again) and hard-deletes one', async () => {
    const email = randomEmail('soft');
    const { data } = await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const client = anon();
    await client.auth.signInWithPassword({ email, password: PASSWORD });
    const soft = await admin.auth.admin.deleteUser(data.user!.id, true);
    expect(soft.error).toBeNull();
    const kept = await admin.auth.admin.getUserById(data.user!.id);
    expect(kept.data.user).toMatchObject({ id: data.user!.id, email: '' });
    expect((kept.data.user as { deleted_at?: string }).deleted_at).toBeTruthy();
    expect((await client.auth.refreshSession()).error).toMatchObject({ status: 400 });
    expect((await anon().auth.signInWithPassword({ email, password: PASSWORD })).error).toMatchObject({ code: 'invalid_credentials' });
    expect((await anon().auth.signUp({ email, password: PASSWORD })).error).toBeNull();
    expect((await admin.auth.admin.deleteUser(data.user!.id, true)).error).toMatchObject({ status: 404 });

    const hard = await admin.auth.admin.deleteUser(data.user!.id);
    expect(hard.error).toBeNull();
    expect((await admin.auth.admin.getUserById(data.user!.id)).error).toMatchObject({ status: 404, code: 'user_not_found' });
  });
});
