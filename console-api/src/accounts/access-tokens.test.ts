import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountClient } from '@plinth/contracts-billing';
import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness();
});
afterAll(async () => {
  await h?.close();
});

const account = (u: TestUser) => createAccountClient(u.api.http);

/** A platform API call with a bearer token and no cookie, as a script would make it. */
async function withToken(token: string, method: string, url: string, body?: unknown, cookie?: string) {
  const res = await h.app.inject({
    method: method as 'GET',
    url: `/api${url}`,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as Record<string, unknown>) : null };
}

describe('personal access tokens', () => {
  it('a token is shown once, authenticates reads and writes as its user without a CSRF token, records its last use, and stops at once when revoked', async () => {
    const { user, org } = await h.userWithProject();
    const created = await account(user).createAccessToken({ name: 'CI deploys', expires_in_days: 30 });
    expect(created.token).toMatch(/^plinth_pat_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: 'CI deploys', last_used_at: null });
    expect(Date.parse(created.expires_at!) - Date.parse(created.created_at)).toBe(30 * 86_400_000);
    // Listed without the token: only its alias.
    const [listed] = await account(user).listAccessTokens();
    expect(listed).toEqual({ id: created.id, name: 'CI deploys', token_alias: created.token_alias, created_at: created.created_at, expires_at: created.expires_at, last_used_at: null });
    expect(JSON.stringify(await account(user).listAccessTokens())).not.toContain(created.token);
    const stored = await h.internals.control.query<{ token_hash: string }>('select token_hash from access_tokens where id = $1', [created.id]);
    expect(stored.rows[0]!.token_hash).not.toContain(created.token);

    const orgs = await withToken(created.token, 'GET', '/platform/organizations');
    expect(orgs.status).toBe(200);
    expect((orgs.body as unknown as { slug: string }[]).map((o) => o.slug)).toEqual([org.slug]);
    const renamed = await withToken(created.token, 'PATCH', '/platform/profile', { first_name: 'Token' });
    expect(renamed).toMatchObject({ status: 200, body: { first_name: 'Token' } });
    expect((await account(user).listAccessTokens())[0]!.last_used_at).not.toBeNull();

    await account(user).revokeAccessToken(created.id);
    expect(await withToken(created.token, 'GET', '/platform/organizations')).toEqual({ status: 401, body: expect.objectContaining({ message: 'This access token has been revoked' }) });
    expect(await account(user).listAccessTokens()).toEqual([]);
    await expect(account(user).revokeAccessToken(created.id)).rejects.toMatchObject({ status: 404 });
  });

  it('an expired or unknown token is refused with a 401 that says so', async () => {
    const user = await h.signUp();
    const created = await account(user).createAccessToken({ name: 'short', expires_in_days: 1 });
    expect((await withToken(created.token, 'GET', '/platform/profile')).status).toBe(200);
    await h.internals.control.query(`update access_tokens set expires_at = now() - interval '1 second' where id = $1`, [created.id]);
    expect(await withToken(created.token, 'GET', '/platform/profile')).toEqual({ status: 401, body: expect.objectContaining({ message: 'This access token has expired' }) });
    expect(await withToken(`plinth_pat_${'x'.repeat(43)}`, 'GET', '/platform/profile')).toEqual({ status: 401, body: expect.objectContaining({ message: 'Invalid access token: no such token' }) });
    const never = await account(user).createAccessToken({ name: 'forever', expires_in_days: null });
    expect(never.expires_at).toBeNull();
    expect((await withToken(never.token, 'GET', '/platform/profile')).status).toBe(200);
  });

  it('a token has its user\'s permissions, no more: a Developer\'s token cannot amend the subscription, and sees no other organization', async () => {
    const { user: owner, org } = await h.userWithProject();
    const dev = await h.signUp();
    await owner.api.organizations.addMember(org.slug, { email: dev.email, role: 'Developer' });
    const { org: other } = await h.userWithProject();
    const { token } = await account(dev).createAccessToken({ name: 'dev', expires_in_days: 7 });
    expect((await withToken(token, 'GET', `/platform/organizations/${org.slug}/members`)).status).toBe(200);
    const upgrade = await withToken(token, 'PATCH', `/platform/organizations/${org.slug}/subscription`, { plan: 'pro' });
    expect(upgrade.status).toBe(403);
    expect((await withToken(token, 'GET', `/platform/organizations/${other.slug}/members`)).status).toBe(404);
  });

  it('a token call never reads the cookie, and a cookie call is never raised by a token; tokens cannot make tokens', async () => {
    const user = await h.signUp();
    const someone = await h.signUp();
    const { token, id } = await account(someone).createAccessToken({ name: 'theirs', expires_in_days: 7 });
    const cookie = user.jar.header();
    // With both, the token speaks: the request is someone's, not the cookie's user.
    expect((await withToken(token, 'GET', '/platform/profile', undefined, cookie)).body).toMatchObject({ primary_email: someone.email });
    await account(someone).revokeAccessToken(id);
    // A revoked token with a valid cookie is still refused: no fall back to the cookie.
    expect((await withToken(token, 'GET', '/platform/profile', undefined, cookie)).status).toBe(401);
    // A cookie write without the CSRF token is refused even with some other bearer header.
    const forged = await h.app.inject({ method: 'PATCH', url: '/api/platform/profile', headers: { cookie, authorization: 'Bearer something-else', 'content-type': 'application/json' }, payload: '{"first_name":"x"}' });
    expect(forged.statusCode).toBe(403);
    const mine = await account(user).createAccessToken({ name: 'mine', expires_in_days: 7 });
    const made = await withToken(mine.token, 'POST', '/platform/profile/access-tokens', { name: 'child', expires_in_days: 7 });
    expect(made.status).toBe(403);
    expect((await withToken(mine.token, 'GET', '/platform/profile/access-tokens')).status).toBe(403);
  });

  it('refuses a bad name or expiry with the field named', async () => {
    const user = await h.signUp();
    await expect(account(user).createAccessToken({ name: ' ', expires_in_days: 7 })).rejects.toMatchObject({ status: 400 });
    await expect(account(user).createAccessToken({ name: 'x', expires_in_days: 400 })).rejects.toMatchObject({ status: 400, message: expect.stringContaining('expires_in_days') });
  });
});

describe('e-mail and password changes', () => {
  it('the new address gets a confirmation link; the address changes when it is followed, and the link works once', async () => {
    const user = await h.signUp();
    const next = `new-${user.email}`;
    expect(await account(user).requestEmailChange({ email: next })).toEqual({ new_email: next });
    expect((await user.api.auth.getProfile()).primary_email).toBe(user.email);
    const mail = await h.internals.control.query<{ link: string; subject: string }>('select link, subject from account_outbox where to_email = $1', [next]);
    expect(mail.rows).toHaveLength(1);
    const token = new URL(mail.rows[0]!.link).searchParams.get('confirm_email')!;
    await expect(account(user).confirmEmailChange('wrong')).rejects.toMatchObject({ status: 400 });
    expect(await account(user).confirmEmailChange(token)).toEqual({ primary_email: next });
    expect((await user.api.auth.getProfile()).primary_email).toBe(next);
    await expect(account(user).confirmEmailChange(token)).rejects.toMatchObject({ status: 400, message: 'This confirmation link is not valid: ask for a new one from Preferences' });
    await expect(h.signIn(next, user.password)).resolves.toMatchObject({ email: next });
    const taken = await h.signUp();
    await expect(account(user).requestEmailChange({ email: taken.email })).rejects.toMatchObject({ status: 409 });
  });

  it('a password change needs the current password, and ends the other sessions', async () => {
    const user = await h.signUp();
    const elsewhere = await h.signIn(user.email, user.password);
    await expect(account(user).changePassword({ current_password: 'not it at all', new_password: 'a brand new password' })).rejects.toMatchObject({ status: 400, message: 'Current password is incorrect' });
    await account(user).changePassword({ current_password: user.password, new_password: 'a brand new password' });
    expect((await user.api.auth.getSession()).user?.id).toBe(user.id);
    expect((await elsewhere.api.auth.getSession()).user).toBeNull();
    await expect(h.signIn(user.email, user.password)).rejects.toMatchObject({ status: 400 });
    await expect(h.signIn(user.email, 'a brand new password')).resolves.toMatchObject({ id: user.id });
  });
});
