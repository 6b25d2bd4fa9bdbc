import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { DEFAULT_AUTH_RATE_LIMITS } from '@plinth/contracts-auth';
import type { TestHarness } from '@plinth/platform-api/testing';
import type { ProjectDatabase } from '@plinth/platform-core/deps';
import { writeProjectAuthSettings, type ProjectAuthSettings } from './settings';
import { listSmsOutbox } from './sms';
import { appClient, claimsOf, randomEmail, startAuthApp, type ProjectKeys } from './testing';

// Phone MFA factors (issue 27) through the unmodified supabase-js client: off by default, enroll a
// number, challenge it (the code is read from the project's SMS outbox), verify into an aal2 session
// with mfa/phone in its amr, wrong and expired codes, the SMS limits, another user's factor, the
// admin's factor routes, unenroll.

let h: TestHarness;
let base: string;
let keys: ProjectKeys;
let db: ProjectDatabase;
let admin: SupabaseClient;
const anon = () => appClient(base, keys.ref, keys.anonKey);
const PASSWORD = 'mfa-phone-password-1';
const settings = (change: Partial<ProjectAuthSettings>) => writeProjectAuthSettings(h.internals.control, keys.ref, change);

function newNumber(): { digits: string; typed: string } {
  const rest = String(Math.floor(Math.random() * 1e7)).padStart(7, '0');
  return { digits: `1555${rest}`, typed: `+1 (555) ${rest.slice(0, 3)}-${rest.slice(3)}` };
}

/** The MFA codes sent to a number, newest first. */
async function codesTo(digits: string): Promise<string[]> {
  const messages = (await listSmsOutbox(h.internals.control, keys.ref, 500)).filter((m) => m.to === digits && m.kind === 'mfa_phone');
  return messages.map((m) => /(\d{6})/.exec(m.body)![1]!);
}

/** As if the factor's last SMS had been sent long ago (one per factor every few seconds). */
const allowNextSms = (factorId: string) => db.query(`update auth.mfa_factors set last_challenged_at = now() - interval '1 minute' where id = $1`, [factorId]);

async function signedUp() {
  const client = anon();
  const email = randomEmail('mfa-phone');
  const { data, error } = await client.auth.signUp({ email, password: PASSWORD });
  expect(error).toBeNull();
  return { client, email, user: data.user! };
}

beforeAll(async () => {
  ({ h, keys, base, admin } = await startAuthApp());
  db = await h.internals.databases.get(keys.ref);
  await db.exec(`
    create table public.phone_vault (id int primary key, body text);
    alter table public.phone_vault enable row level security;
    grant select on public.phone_vault to authenticated;
    create policy "aal2 only" on public.phone_vault for select to authenticated using ((auth.jwt() ->> 'aal') = 'aal2');
    insert into public.phone_vault values (1, 'behind a phone factor');`);
}, 120_000);
afterAll(async () => {
  await h?.close();
});

describe('phone factors switched off', () => {
  it('are refused by default with mfa_phone_enroll_not_enabled, and challenges with mfa_phone_verify_not_enabled while only enrolling is on', async () => {
    const { client } = await signedUp();
    const { typed } = newNumber();
    const refused = await client.auth.mfa.enroll({ factorType: 'phone', phone: typed });
    expect(refused.error).toMatchObject({ status: 422, code: 'mfa_phone_enroll_not_enabled' });
    expect((await client.auth.mfa.listFactors()).data?.all).toEqual([]);

    await settings({ mfaPhoneEnrollEnabled: true, mfaPhoneVerifyEnabled: false });
    try {
      const enrolled = await client.auth.mfa.enroll({ factorType: 'phone', phone: typed });
      expect(enrolled.error).toBeNull();
      const challenge = await client.auth.mfa.challenge({ factorId: enrolled.data!.id });
      expect(challenge.error).toMatchObject({ status: 422, code: 'mfa_phone_verify_not_enabled' });
      const verify = await client.auth.mfa.verify({ factorId: enrolled.data!.id, challengeId: '00000000-0000-4000-8000-000000000000', code: '123456' });
      expect(verify.error).toMatchObject({ status: 422, code: 'mfa_phone_verify_not_enabled' });
    } finally {
      await settings({ mfaPhoneEnrollEnabled: false, mfaPhoneVerifyEnabled: false });
    }
  });
});

describe('phone factors switched on', () => {
  beforeAll(async () => {
    await settings({ mfaPhoneEnrollEnabled: true, mfaPhoneVerifyEnabled: true });
  });
  afterAll(async () => {
    await settings({ mfaPhoneEnrollEnabled: false, mfaPhoneVerifyEnabled: false, rateLimits: DEFAULT_AUTH_RATE_LIMITS });
  });

  it('enrolls a number, sends the code by SMS, refuses a wrong code, verifies into aal2 (mfa/phone), and unenrolls', async () => {
    const { client, email, user } = await signedUp();
    const { digits, typed } = newNumber();
    const enrolled = await client.auth.mfa.enroll({ factorType: 'phone', phone: typed, friendlyName: 'Work phone' });
    expect(enrolled.error).toBeNull();
    const factor = enrolled.data!;
    expect(factor).toMatchObject({ type: 'phone', friendly_name: 'Work phone', phone: typed, id: expect.any(String) });

    let listed = await client.auth.mfa.listFactors();
    expect(listed.data?.all).toMatchObject([{ id: factor.id, factor_type: 'phone', status: 'unverified', phone: digits }]);
    expect(listed.data?.phone).toEqual([]);

    const bad = await client.auth.mfa.challenge({ factorId: factor.id, channel: 'whatsapp' });
    expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(await codesTo(digits)).toEqual([]);

    const challenge = await client.auth.mfa.challenge({ factorId: factor.id, channel: 'sms' });
    expect(challenge.error).toBeNull();
    expect(challenge.data).toMatchObject({ type: 'phone', id: expect.any(String) });
    expect(challenge.data!.expires_at).toBeGreaterThan(Date.now() / 1000 + 200);
    const codes = await codesTo(digits);
    expect(codes).toHaveLength(1);
    const code = codes[0]!;

    // A second text to the same factor at once is refused by the per-factor interval.
    const tooSoon = await client.auth.mfa.challenge({ factorId: factor.id });
    expect(tooSoon.error).toMatchObject({ status: 429, code: 'over_sms_send_rate_limit' });
    expect(await codesTo(digits)).toHaveLength(1);

    const wrong = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    expect((await client.from('phone_vault').select('body')).data).toEqual([]);

    const verified = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code });
    expect(verified.error).toBeNull();
    const claims = claimsOf(verified.data!.access_token);
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as { method: string }[]).map((a) => a.method)).toEqual(['password', 'mfa/phone']);
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    expect((await client.from('phone_vault').select('body')).data).toEqual([{ body: 'behind a phone factor' }]);
    listed = await client.auth.mfa.listFactors();
    expect(listed.data?.phone.map((f) => [f.id, f.status])).toEqual([[factor.id, 'verified']]);
    // The code is used up with its challenge.
    const again = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code });
    expect(again.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });

    // The same number again, however written, is refused while the verified factor exists.
    const twice = await client.auth.mfa.enroll({ factorType: 'phone', phone: `+${digits}` });
    expect(twice.error).toMatchObject({ status: 422, code: 'mfa_verified_factor_exists' });

    // A new sign-in is aal1 with aal2 next; a fresh code raises it; an expired challenge does not.
    const fresh = anon();
    expect((await fresh.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    expect((await fresh.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    expect((await fresh.auth.mfa.unenroll({ factorId: factor.id })).error).toMatchObject({ status: 422, code: 'insufficient_aal' });
    await allowNextSms(factor.id);
    const old = (await fresh.auth.mfa.challenge({ factorId: factor.id })).data!;
    await db.query(`update auth.mfa_challenges set created_at = now() - interval '6 minutes' where id = $1`, [old.id]);
    const expired = await fresh.auth.mfa.verify({ factorId: factor.id, challengeId: old.id, code: (await codesTo(digits))[0]! });
    expect(expired.error).toMatchObject({ status: 422, code: 'mfa_challenge_expired' });
    await allowNextSms(factor.id);
    const next = (await fresh.auth.mfa.challenge({ factorId: factor.id })).data!;
    const raised = await fresh.auth.mfa.verify({ factorId: factor.id, challengeId: next.id, code: (await codesTo(digits))[0]! });
    expect(raised.error).toBeNull();
    expect(claimsOf(raised.data!.access_token).aal).toBe('aal2');

    // Another user can neither challenge nor verify nor remove this factor.
    const stranger = await signedUp();
    expect((await stranger.client.auth.mfa.challenge({ factorId: factor.id })).error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
    expect((await stranger.client.auth.mfa.verify({ factorId: factor.id, challengeId: next.id, code: '123456' })).error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
    expect((await stranger.client.auth.mfa.unenroll({ factorId: factor.id })).error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });

    // The admin's routes list the phone factor with its number.
    const adminList = await admin.auth.admin.mfa.listFactors({ userId: user.id });
    expect(adminList.data?.factors).toMatchObject([{ id: factor.id, factor_type: 'phone', status: 'verified', phone: digits }]);

    const gone = await fresh.auth.mfa.unenroll({ factorId: factor.id });
    expect(gone.error).toBeNull();
    expect((await fresh.auth.mfa.listFactors()).data?.all).toEqual([]);
  });

  it("replaces an unverified factor of the same number, and the admin deletes a user's phone factor", async () => {
    const { client, user } = await signedUp();
    const { digits, typed } = newNumber();
    const first = (await client.auth.mfa.enroll({ factorType: 'phone', phone: typed })).data!;
    const second = await client.auth.mfa.enroll({ factorType: 'phone', phone: `+${digits}` });
    expect(second.error).toBeNull();
    expect(second.data!.id).not.toBe(first.id);
    const listed = await admin.auth.admin.mfa.listFactors({ userId: user.id });
    expect(listed.data?.factors.map((f) => f.id)).toEqual([second.data!.id]);

    const deleted = await admin.auth.admin.mfa.deleteFactor({ userId: user.id, id: second.data!.id });
    expect(deleted.error).toBeNull();
    expect(deleted.data).toMatchObject({ data: { id: second.data!.id, factor_type: 'phone' } });
    expect((await admin.auth.admin.mfa.listFactors({ userId: user.id })).data?.factors).toEqual([]);
    expect((await client.auth.mfa.challenge({ factorId: second.data!.id })).error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
  });

  it("counts challenges against the project's sms_sent limit and refuses a malformed number", async () => {
    const { client } = await signedUp();
    const malformed = await client.auth.mfa.enroll({ factorType: 'phone', phone: 'call me' });
    expect(malformed.error).toMatchObject({ status: 400, code: 'validation_failed' });

    const { digits, typed } = newNumber();
    const factor = (await client.auth.mfa.enroll({ factorType: 'phone', phone: typed })).data!;
    await settings({ rateLimits: { ...DEFAULT_AUTH_RATE_LIMITS, sms_sent: 1 } });
    expect((await client.auth.mfa.challenge({ factorId: factor.id })).error).toBeNull();
    await allowNextSms(factor.id);
    const over = await client.auth.mfa.challenge({ factorId: factor.id });
    expect(over.error).toMatchObject({ status: 429, code: 'over_sms_send_rate_limit' });
    expect(await codesTo(digits)).toHaveLength(1);
  });
});
