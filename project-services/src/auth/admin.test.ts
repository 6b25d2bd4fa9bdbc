import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { TestHarness, TestUser } from '@plinth/platform-api/testing';
import { appClient, projectKeys, randomEmail, startAuthApp, type ProjectKeys } from './testing';

// Admin user management with the service_role key, and a rotated JWT secret, through supabase-js.

let h: TestHarness;
let base: string;
let owner: TestUser;
let keys: ProjectKeys;
let admin: SupabaseClient;
const anon = () => appClient(base, keys.ref, keys.anonKey);
const PASSWORD = 'app-password-1';

beforeAll(async () => {
  ({ h, owner, keys, base, admin } = await startAuthApp());
});
afterAll(async () => {
  await h?.close();
});

describe('admin users', () => {
  it('creates, lists in pages, searches, reads, bans and deletes users with the service_role key', async () => {
    const emails = ['zed-one@example.com', 'zed-two@example.com', 'zed-three@example.com'];
    const ids: string[] = [];
    for (const email of emails) {
      const { data, error } = await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true, user_metadata: { full_name: email } });
      expect(error).toBeNull();
      expect(data.user).toMatchObject({ email, user_metadata: { full_name: email } });
      expect(data.user?.email_confirmed_at).toBeTruthy();
      ids.push(data.user!.id);
    }
    const dup = await admin.auth.admin.createUser({ email: emails[0]!, password: PASSWORD });
    expect(dup.error).toMatchObject({ status: 422, code: 'email_exists' });

    const page1 = await admin.auth.admin.listUsers({ page: 1, perPage: 2 });
    expect(page1.error).toBeNull();
    expect(page1.data.users).toHaveLength(2);
    expect(page1.data).toMatchObject({ total: 3, nextPage: 2, lastPage: 2 });
    const page2 = await admin.auth.admin.listUsers({ page: 2, perPage: 2 });
    expect(page2.data.users).toHaveLength(1);
    expect(new Set([...page1.data.users, ...page2.data.users].map((u) => u.id))).toEqual(new Set(ids));

    const search = await fetch(`${base}/${keys.ref}/auth/v1/admin/users?filter=zed-tw`, {
      headers: { apikey: keys.serviceRoleKey, authorization: `Bearer ${keys.serviceRoleKey}` },
    });
    expect(((await search.json()) as { users: { email: string }[] }).users.map((u) => u.email)).toEqual(['zed-two@example.com']);
    expect(search.headers.get('x-total-count')).toBe('1');

    const got = await admin.auth.admin.getUserById(ids[1]!);
    expect(got.data.user?.email).toBe(emails[1]);

    // A ban: sign-in refused, the open session ended, its refresh refused; lifting it lets the user in again.
    const session = (await anon().auth.signInWithPassword({ email: emails[1]!, password: PASSWORD })).data.session!;
    const banned = await admin.auth.admin.updateUserById(ids[1]!, { ban_duration: '876000h' });
    expect(banned.error).toBeNull();
    expect(new Date((banned.data.user as { banned_until?: string }).banned_until!).getTime()).toBeGreaterThan(Date.now());
    expect((await anon().auth.signInWithPassword({ email: emails[1]!, password: PASSWORD })).error).toMatchObject({ status: 400, code: 'user_banned' });
    expect((await anon().auth.refreshSession({ refresh_token: session.refresh_token })).error).toMatchObject({ status: 400 });
    expect((await anon().auth.getUser(session.access_token)).error).toMatchObject({ name: 'AuthSessionMissingError' });
    const bad = await admin.auth.admin.updateUserById(ids[1]!, { ban_duration: 'forever' });
    expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect((await admin.auth.admin.updateUserById(ids[1]!, { ban_duration: 'none', user_metadata: { team: 'blue' } })).error).toBeNull();
    const back = await anon().auth.signInWithPassword({ email: emails[1]!, password: PASSWORD });
    expect(back.error).toBeNull();
    expect(back.data.user?.user_metadata).toMatchObject({ full_name: emails[1], team: 'blue' });

    const deleted = await admin.auth.admin.deleteUser(ids[2]!);
    expect(deleted.error).toBeNull();
    expect((await admin.auth.admin.getUserById(ids[2]!)).error).toMatchObject({ status: 404, code: 'user_not_found' });
    expect((await anon().auth.signInWithPassword({ email: emails[2]!, password: PASSWORD })).error).toMatchObject({ code: 'invalid_credentials' });
  });

  it('refuses every admin call with the anon key or a user token', async () => {
    const user = (await anon().auth.signUp({ email: randomEmail(), password: PASSWORD })).data;
    const viaAnon = anon();
    expect((await viaAnon.auth.admin.listUsers()).error).toMatchObject({ status: 403, code: 'not_admin' });
    expect((await viaAnon.auth.admin.createUser({ email: randomEmail(), password: PASSWORD })).error).toMatchObject({ status: 403 });
    expect((await viaAnon.auth.admin.getUserById(user.user!.id)).error).toMatchObject({ status: 403 });
    expect((await viaAnon.auth.admin.updateUserById(user.user!.id, { ban_duration: '1h' })).error).toMatchObject({ status: 403 });
    expect((await viaAnon.auth.admin.inviteUserByEmail(randomEmail())).error).toMatchObject({ status: 403 });
    const res = await fetch(`${base}/${keys.ref}/auth/v1/admin/users/${user.user!.id}`, {
      method: 'DELETE',
      headers: { apikey: keys.anonKey, authorization: `Bearer ${user.session!.access_token}` },
    });
    expect(res.status).toBe(403);
    expect((await admin.auth.admin.getUserById(user.user!.id)).data.user?.id).toBe(user.user!.id);
  });
});

describe('JWT secret rotation', () => {
  it('makes access tokens and API keys signed with the old secret fail, and new ones work', async () => {
    const email = randomEmail();
    const { data } = await anon().auth.signUp({ email, password: PASSWORD });
    const oldToken = data.session!.access_token;
    expect((await anon().auth.getUser(oldToken)).error).toBeNull();

    await owner.api.settings.updateJwtSecret(keys.ref, {});
    const until = Date.now() + 30_000;
    while ((await owner.api.settings.getJwtSecretUpdateStatus(keys.ref)).jwtSecretUpdateStatus?.meta.status !== 'Updated' && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const fresh = await projectKeys(h, keys.ref);
    expect(fresh.jwtSecret).not.toBe(keys.jwtSecret);

    const withNewKey = appClient(base, keys.ref, fresh.anonKey);
    const old = await withNewKey.auth.getUser(oldToken);
    expect(old.error).toMatchObject({ status: 401, code: 'bad_jwt' });
    const oldKey = await anon().auth.signInWithPassword({ email, password: PASSWORD });
    expect(oldKey.error).toMatchObject({ status: 401, code: 'invalid_api_key' });
    const signedIn = await withNewKey.auth.signInWithPassword({ email, password: PASSWORD });
    expect(signedIn.error).toBeNull();
    expect((await withNewKey.auth.getUser(signedIn.data.session!.access_token)).data.user?.email).toBe(email);
  });
});
