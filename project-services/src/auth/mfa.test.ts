import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as OTPAuth from 'otpauth';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { TestHarness } from '@plinth/platform-api/testing';
import { appClient, claimsOf, randomEmail, startAuthApp, type ProjectKeys } from './testing';

// MFA (TOTP) of a project's users through the unmodified supabase-js client: enroll, challenge,
// verify (aal2), unenroll, the assurance level, the admin's factor routes, and a policy that asks for aal2.

let h: TestHarness;
let base: string;
let keys: ProjectKeys;
let admin: SupabaseClient;
const anon = () => appClient(base, keys.ref, keys.anonKey);
const PASSWORD = 'app-password-1';

beforeAll(async () => {
  ({ h, keys, base, admin } = await startAuthApp());
  const db = await h.internals.databases.get(keys.ref);
  await db.exec(`
    create table public.vault (id int primary key, body text);
    alter table public.vault enable row level security;
    grant select on public.vault to anon, authenticated;
    create policy "aal2 only" on public.vault for select to authenticated using ((auth.jwt() ->> 'aal') = 'aal2');
    insert into public.vault values (1, 'second factor needed');`);
}, 120_000);
afterAll(async () => {
  await h?.close();
});

/** The code of a TOTP secret, `ahead` periods from now (a code is accepted once, so a second verify uses the next one). */
const codeOf = (secret: string, ahead = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + ahead * 30_000 });

async function signedUp() {
  const client = anon();
  const email = randomEmail('mfa');
  const { data, error } = await client.auth.signUp({ email, password: PASSWORD });
  expect(error).toBeNull();
  return { client, email, user: data.user! };
}

describe('TOTP factors', () => {
  it('enrolls, verifies into an aal2 session, reads the level, passes an aal2 policy, and unenrolls only at aal2', async () => {
    const { client, email, user } = await signedUp();
    const other = anon();
    expect((await other.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();

    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app', issuer: 'Acme' });
    expect(enrolled.error).toBeNull();
    const factor = enrolled.data!;
    expect(factor).toMatchObject({ type: 'totp', friendly_name: 'Phone app' });
    expect(factor.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg/);
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = OTPAuth.URI.parse(factor.totp.uri) as OTPAuth.TOTP;
    expect(uri.issuer).toBe('Acme');
    expect(uri.label).toBe(email);

    // Not verified yet: listed in all, not as a totp factor; the next level is still aal1.
    let listed = await client.auth.mfa.listFactors();
    expect(listed.data?.all.map((f) => [f.id, f.status])).toEqual([[factor.id, 'unverified']]);
    expect(listed.data?.totp).toEqual([]);
    const same = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app' });
    expect(same.error).toMatchObject({ status: 422, code: 'mfa_factor_name_conflict' });

    const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data).toMatchObject({ type: 'totp', id: expect.any(String) });
    expect(challenge.data!.expires_at).toBeGreaterThan(Date.now() / 1000 + 200);
    const wrongCode = codeOf(factor.totp.secret) === '000000' ? '111111' : '000000';
    const wrong = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: wrongCode });
    expect(wrong.error).toMatchObject({ status: 422, code: 'mfa_verification_failed', message: 'Invalid TOTP code entered' });

    const verified = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: codeOf(factor.totp.secret) });
    expect(verified.error).toBeNull();
    const claims = claimsOf(verified.data!.access_token);
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as { method: string }[]).map((a) => a.method)).toEqual(['password', 'totp']);
    // A used challenge cannot be answered again.
    const again = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: codeOf(factor.totp.secret, 1) });
    expect(again.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });

    // Verifying the first factor ended the user's other session.
    expect((await other.auth.getUser()).error).toMatchObject({ name: 'AuthSessionMissingError' });

    const level = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    listed = await client.auth.mfa.listFactors();
    expect(listed.data?.totp.map((f) => f.id)).toEqual([factor.id]);
    expect((await client.from('vault').select('body')).data).toEqual([{ body: 'second factor needed' }]);

    // The session stays aal2 across a refresh.
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(claimsOf(refreshed.data.session!.access_token).aal).toBe('aal2');

    // A new sign-in is aal1 with aal2 next: the policy hides the row, and unenroll is refused.
    const fresh = anon();
    expect((await fresh.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    expect((await fresh.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    expect((await fresh.from('vault').select('body')).data).toEqual([]);
    const refused = await fresh.auth.mfa.unenroll({ factorId: factor.id });
    expect(refused.error).toMatchObject({ status: 422, code: 'insufficient_aal' });
    const refusedEnroll = await fresh.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Second' });
    expect(refusedEnroll.error).toMatchObject({ status: 422, code: 'insufficient_aal' });

    // challengeAndVerify raises it (with the next code: a code is accepted once); then unenroll works.
    const raised = await fresh.auth.mfa.challengeAndVerify({ factorId: factor.id, code: codeOf(factor.totp.secret, 1) });
    expect(raised.error).toBeNull();
    expect((await fresh.from('vault').select('body')).data).toHaveLength(1);
    const gone = await fresh.auth.mfa.unenroll({ factorId: factor.id });
    expect(gone.error).toBeNull();
    expect(gone.data).toEqual({ id: factor.id });
    expect((await fresh.auth.mfa.listFactors()).data?.all).toEqual([]);

    // Another user's factor, or none, is not found.
    const stranger = await signedUp();
    const theirs = await stranger.client.auth.mfa.challenge({ factorId: factor.id });
    expect(theirs.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
    expect(user.id).not.toBe(stranger.user.id);
  });

  it('answers the documented errors on raw requests: phone factors off, a bad type, an expired challenge, no session', async () => {
    const { client } = await signedUp();
    const token = (await client.auth.getSession()).data.session!.access_token;
    const call = (method: string, path: string, body?: unknown, bearer = token) =>
      fetch(`${base}/${keys.ref}/auth/v1${path}`, {
        method,
        headers: { apikey: keys.anonKey, authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    let r = await call('POST', '/factors', { factor_type: 'phone', phone: '+15550000000' });
    expect(r.status).toBe(422);
    expect(await r.json()).toMatchObject({ error_code: 'mfa_phone_enroll_not_enabled' });
    r = await call('POST', '/factors', { factor_type: 'sms' });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ error_code: 'validation_failed' });
    r = await call('POST', '/factors', { factor_type: 'totp' }, keys.anonKey);
    expect(r.status).toBe(403);

    const enrolled = (await (await call('POST', '/factors', { factor_type: 'totp' })).json()) as { id: string; totp: { qr_code: string } };
    expect(enrolled.totp.qr_code).toMatch(/^<svg/);
    const challenge = (await (await call('POST', `/factors/${enrolled.id}/challenge`)).json()) as { id: string };
    const db = await h.internals.databases.get(keys.ref);
    await db.query(`update auth.mfa_challenges set created_at = now() - interval '6 minutes' where id = $1`, [challenge.id]);
    r = await call('POST', `/factors/${enrolled.id}/verify`, { challenge_id: challenge.id, code: '123456' });
    expect(r.status).toBe(422);
    expect(await r.json()).toMatchObject({ error_code: 'mfa_challenge_expired' });
    r = await call('POST', `/factors/${enrolled.id}/verify`, { challenge_id: 'nope', code: '123456' });
    expect(r.status).toBe(404);
    // An unverified factor is removed at aal1.
    r = await call('DELETE', `/factors/${enrolled.id}`);
    expect(r.status).toBe(200);
  });
});

describe('factor secrets at rest', () => {
  it("are sealed in the project's database: the stored value is not the secret, and a secret moved to another user verifies no code", async () => {
    const a = await signedUp();
    const b = await signedUp();
    const enrolledA = (await a.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'A' })).data!;
    const enrolledB = (await b.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'B' })).data!;
    const db = await h.internals.databases.get(keys.ref);
    const stored = await db.query<{ id: string; secret: string }>('select id, secret from auth.mfa_factors where id = any($1::uuid[]) order by friendly_name', [[enrolledA.id, enrolledB.id]]);
    expect(stored.rows.map((r) => r.id)).toEqual([enrolledA.id, enrolledB.id]);
    for (const [row, plain] of [[stored.rows[0]!, enrolledA.totp.secret], [stored.rows[1]!, enrolledB.totp.secret]] as const) {
      expect(row.secret).toMatch(/^v1:[A-Za-z0-9_-]+$/);
      expect(row.secret).not.toContain(plain);
    }
    // B's row given A's sealed secret (as a project role able to write the table could): it opens for A alone.
    await db.query('update auth.mfa_factors set secret = $1 where id = $2', [stored.rows[0]!.secret, enrolledB.id]);
    const challenge = (await b.client.auth.mfa.challenge({ factorId: enrolledB.id })).data!;
    const moved = await b.client.auth.mfa.verify({ factorId: enrolledB.id, challengeId: challenge.id, code: codeOf(enrolledA.totp.secret) });
    expect(moved.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    // A's own factor still verifies with its code.
    const own = await a.client.auth.mfa.challengeAndVerify({ factorId: enrolledA.id, code: codeOf(enrolledA.totp.secret) });
    expect(own.error).toBeNull();
  });
});

describe('admin factor routes', () => {
  it('lists and deletes a user\'s factors with the service_role key, never with a user token', async () => {
    const { client, user } = await signedUp();
    const a = (await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'A' })).data!;
    await client.auth.mfa.challengeAndVerify({ factorId: a.id, code: codeOf(a.totp.secret) });
    const listed = await admin.auth.admin.mfa.listFactors({ userId: user.id });
    expect(listed.error).toBeNull();
    expect(listed.data?.factors.map((f) => [f.id, f.status, f.friendly_name])).toEqual([[a.id, 'verified', 'A']]);

    const asUser = await client.auth.admin.mfa.listFactors({ userId: user.id });
    expect(asUser.error).toMatchObject({ status: 403, code: 'not_admin' });

    const deleted = await admin.auth.admin.mfa.deleteFactor({ userId: user.id, id: a.id });
    expect(deleted.error).toBeNull();
    // (supabase-js hands the answer over wrapped once more: data.data is the factor deleted.)
    expect(deleted.data).toMatchObject({ data: { id: a.id, status: 'verified' } });
    expect((await admin.auth.admin.mfa.listFactors({ userId: user.id })).data?.factors).toEqual([]);
    const missing = await admin.auth.admin.mfa.deleteFactor({ userId: user.id, id: a.id });
    expect(missing.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
    // Without verified factors, a new sign-in has nothing more to reach.
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data?.nextLevel).toBe('aal2');
    const fresh = anon();
    await fresh.auth.signInWithPassword({ email: user.email!, password: PASSWORD });
    expect((await fresh.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
  });
});
