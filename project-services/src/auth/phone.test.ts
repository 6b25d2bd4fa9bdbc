import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { DEFAULT_AUTH_RATE_LIMITS } from '@plinth/contracts-auth';
import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';
import type { ProjectDatabase } from '@plinth/platform-core/deps';
import { writeProjectAuthSettings, type ProjectAuthSettings } from './settings';
import { listSmsOutbox } from './sms';
import { appClient, claimsOf, listen, projectKeys, randomEmail, type ProjectKeys } from './testing';

// Phone sign-in (issue 27) through the unmodified supabase-js client: sign-up with a number and a
// password confirmed by the SMS code, OTP sign-in, wrong, expired and reused codes, a phone change,
// resend, the provider switched off, malformed numbers, the SMS rate limit, and row level security
// for a user signed in by phone. The codes are read from the project's SMS outbox.

let h: TestHarness;
let owner: TestUser;
let base: string;
let keys: ProjectKeys;
let db: ProjectDatabase;
let admin: SupabaseClient;
const anon = () => appClient(base, keys.ref, keys.anonKey);
const PASSWORD = 'phone-password-1';

/** A fresh number: E.164 digits (what the service stores and answers) and how an app may write it. */
function newNumber(): { digits: string; typed: string } {
  const rest = String(Math.floor(Math.random() * 1e7)).padStart(7, '0');
  return { digits: `1555${rest}`, typed: `+1 555 ${rest.slice(0, 3)} ${rest.slice(3)}` };
}

/** The codes sent to a number, newest first. */
async function codesTo(digits: string, kind = 'sms'): Promise<string[]> {
  const messages = (await listSmsOutbox(h.internals.control, keys.ref, 500)).filter((m) => m.to === digits && m.kind === kind);
  return messages.map((m) => /(\d{6})/.exec(m.body)![1]!);
}

async function lastCode(digits: string, kind = 'sms'): Promise<string> {
  const codes = await codesTo(digits, kind);
  expect(codes.length).toBeGreaterThan(0);
  return codes[0]!;
}

/** Makes the number's pending code (of the given token type) older, as if `seconds` had passed. */
async function age(digits: string, seconds: number): Promise<void> {
  const r = await db.query(`update auth.one_time_tokens set created_at = created_at - make_interval(secs => $2) where relates_to = $1 returning id`, [digits, seconds]);
  expect(r.rows.length).toBeGreaterThan(0);
}

const settings = (change: Partial<ProjectAuthSettings>) => writeProjectAuthSettings(h.internals.control, keys.ref, change);

beforeAll(async () => {
  h = await createTestHarness();
  const { user, project } = await h.userWithProject();
  owner = user;
  keys = await projectKeys(h, project.ref);
  base = await listen(h);
  admin = appClient(base, keys.ref, keys.serviceRoleKey);
  await settings({ phoneEnabled: true });
  db = await h.internals.databases.get(project.ref);
  await db.exec(`
    create table public.phone_notes (id serial primary key, owner uuid not null default auth.uid(), body text not null);
    alter table public.phone_notes enable row level security;
    grant select, insert on public.phone_notes to authenticated;
    grant usage, select on all sequences in schema public to authenticated;
    create policy own_notes on public.phone_notes for select to authenticated using (owner = auth.uid());
    create policy own_inserts on public.phone_notes for insert to authenticated with check (owner = auth.uid());`);
}, 120_000);
afterAll(async () => {
  await h?.close();
});

describe('sign-up with a phone number and a password', () => {
  it('sends a code, refuses the password until it is verified, then signs in by the code and by the password', async () => {
    const { digits, typed } = newNumber();
    const client = anon();
    const signUp = await client.auth.signUp({ phone: typed, password: PASSWORD });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    expect(signUp.data.user).toMatchObject({ phone: digits, email: '' });
    expect(signUp.data.user!.phone_confirmed_at).toBeUndefined();

    const early = await client.auth.signInWithPassword({ phone: digits, password: PASSWORD });
    expect(early.error).toMatchObject({ status: 400, code: 'phone_not_confirmed' });

    const code = await lastCode(digits);
    expect(code).toMatch(/^\d{6}$/);
    // Stored as a hash, never as the code itself.
    const stored = await db.query<{ token_hash: string }>('select token_hash from auth.one_time_tokens where relates_to = $1', [digits]);
    expect(stored.rows[0]!.token_hash).not.toContain(code);

    const verified = await client.auth.verifyOtp({ phone: typed, token: code, type: 'sms' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.access_token).toBeTruthy();
    expect(verified.data.user).toMatchObject({ phone: digits, app_metadata: { provider: 'phone', providers: ['phone'] } });
    expect(verified.data.user!.phone_confirmed_at).toBeTruthy();
    expect(claimsOf(verified.data.session!.access_token)).toMatchObject({ phone: digits, role: 'authenticated' });

    const wrongPassword = await anon().auth.signInWithPassword({ phone: digits, password: 'not-the-password' });
    expect(wrongPassword.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
    const signedIn = await anon().auth.signInWithPassword({ phone: typed, password: PASSWORD });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.phone).toBe(digits);
    const me = await client.auth.getUser(signedIn.data.session!.access_token);
    expect(me.data.user).toMatchObject({ id: signedIn.data.user!.id, phone: digits });
    expect(me.data.user!.identities).toEqual([expect.objectContaining({ provider: 'phone', identity_data: expect.objectContaining({ phone: digits, phone_verified: true }) })]);

    // The number is registered now.
    const again = await anon().auth.signUp({ phone: digits, password: PASSWORD });
    expect(again.error).toMatchObject({ status: 422, code: 'user_already_exists' });
  });
});

describe('one-time codes by SMS', () => {
  it('signs in a new number (creating the user) and then the same number again', async () => {
    const { digits } = newNumber();
    const first = await anon().auth.signInWithOtp({ phone: `+${digits}` });
    expect(first.error).toBeNull();
    expect(first.data.messageId).toBeTruthy();
    const created = await anon().auth.verifyOtp({ phone: `+${digits}`, token: await lastCode(digits), type: 'sms' });
    expect(created.error).toBeNull();
    const userId = created.data.user!.id;
    expect(created.data.user!.phone).toBe(digits);

    const second = await anon().auth.signInWithOtp({ phone: digits });
    expect(second.error).toBeNull();
    const codes = await codesTo(digits);
    expect(codes).toHaveLength(2);
    const existing = await anon().auth.verifyOtp({ phone: digits, token: codes[0]!, type: 'sms' });
    expect(existing.error).toBeNull();
    expect(existing.data.user!.id).toBe(userId);
  });

  it('does not create a user when the app says shouldCreateUser: false', async () => {
    const { digits } = newNumber();
    const r = await anon().auth.signInWithOtp({ phone: digits, options: { shouldCreateUser: false } });
    expect(r.error).toMatchObject({ status: 422, code: 'otp_disabled' });
    expect(await codesTo(digits)).toEqual([]);
  });

  it('refuses a wrong code, an expired one and a code used once already with otp_expired', async () => {
    const { digits } = newNumber();
    await anon().auth.signInWithOtp({ phone: digits });
    const code = await lastCode(digits);
    const wrong = await anon().auth.verifyOtp({ phone: digits, token: code === '000000' ? '111111' : '000000', type: 'sms' });
    expect(wrong.error).toMatchObject({ status: 403, code: 'otp_expired' });
    // The right code to another number does not work either.
    const otherNumber = await anon().auth.verifyOtp({ phone: newNumber().digits, token: code, type: 'sms' });
    expect(otherNumber.error).toMatchObject({ status: 403, code: 'otp_expired' });

    const ok = await anon().auth.verifyOtp({ phone: digits, token: code, type: 'sms' });
    expect(ok.error).toBeNull();
    const reused = await anon().auth.verifyOtp({ phone: digits, token: code, type: 'sms' });
    expect(reused.error).toMatchObject({ status: 403, code: 'otp_expired' });

    // A code older than its lifetime (60 seconds) is refused.
    const late = newNumber().digits;
    await anon().auth.signInWithOtp({ phone: late });
    const lateCode = await lastCode(late);
    await age(late, 61);
    const expired = await anon().auth.verifyOtp({ phone: late, token: lateCode, type: 'sms' });
    expect(expired.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('sends at most one code a minute to a number: over_sms_send_rate_limit with retry-after', async () => {
    const { digits } = newNumber();
    expect((await anon().auth.signInWithOtp({ phone: digits })).error).toBeNull();
    const again = await anon().auth.signInWithOtp({ phone: digits });
    expect(again.error).toMatchObject({ status: 429, code: 'over_sms_send_rate_limit' });
    expect(await codesTo(digits)).toHaveLength(1);
    const raw = await fetch(`${base}/${keys.ref}/auth/v1/otp`, {
      method: 'POST',
      headers: { apikey: keys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ phone: digits }),
    });
    expect(raw.status).toBe(429);
    expect(Number(raw.headers.get('retry-after'))).toBeGreaterThan(0);
    // A minute later, one more.
    await age(digits, 61);
    expect((await anon().auth.signInWithOtp({ phone: digits })).error).toBeNull();
    expect(await codesTo(digits)).toHaveLength(2);
  });

  it("keeps to the project's SMS limit per hour (sms_sent): past it over_sms_send_rate_limit, a raised limit lets a code through", async () => {
    await settings({ rateLimits: { ...DEFAULT_AUTH_RATE_LIMITS, sms_sent: 2 } });
    try {
      const numbers = [newNumber(), newNumber(), newNumber()].map((n) => n.digits);
      expect((await anon().auth.signInWithOtp({ phone: numbers[0]! })).error).toBeNull();
      expect((await anon().auth.signInWithOtp({ phone: numbers[1]! })).error).toBeNull();
      // A third number, never sent a code: the project's limit, not the number's, refuses it.
      const over = await anon().auth.signInWithOtp({ phone: numbers[2]! });
      expect(over.error).toMatchObject({ status: 429, code: 'over_sms_send_rate_limit' });
      expect(await codesTo(numbers[2]!)).toEqual([]);
      await settings({ rateLimits: { ...DEFAULT_AUTH_RATE_LIMITS, sms_sent: 3 } });
      expect((await anon().auth.signInWithOtp({ phone: numbers[2]! })).error).toBeNull();
      expect(await codesTo(numbers[2]!)).toHaveLength(1);
    } finally {
      await settings({ rateLimits: DEFAULT_AUTH_RATE_LIMITS });
    }
  });

  it('refuses a malformed number with validation_failed', async () => {
    for (const phone of ['not-a-number', '+0123456789', '+1234567890123456789', '7', '+1 (555) abc']) {
      const r = await anon().auth.signInWithOtp({ phone });
      expect(r.error, phone).toMatchObject({ status: 400, code: 'validation_failed' });
    }
    const signUp = await anon().auth.signUp({ phone: 'call me', password: PASSWORD });
    expect(signUp.error).toMatchObject({ status: 400, code: 'validation_failed' });
  });
});

describe('resend', () => {
  it('sends a new sign-up code to a number not confirmed yet, after the interval, and the new code works', async () => {
    const { digits } = newNumber();
    expect((await anon().auth.signUp({ phone: digits, password: PASSWORD })).error).toBeNull();
    const tooSoon = await anon().auth.resend({ type: 'sms', phone: digits });
    expect(tooSoon.error).toMatchObject({ status: 429, code: 'over_sms_send_rate_limit' });
    await age(digits, 61);
    const resent = await anon().auth.resend({ type: 'sms', phone: digits });
    expect(resent.error).toBeNull();
    expect(resent.data.messageId).toBeTruthy();
    const codes = await codesTo(digits);
    expect(codes).toHaveLength(2);
    const verified = await anon().auth.verifyOtp({ phone: digits, token: codes[0]!, type: 'sms' });
    expect(verified.error).toBeNull();
    // Confirmed: nothing more to resend, and nothing is sent.
    await anon().auth.resend({ type: 'sms', phone: digits });
    expect(await codesTo(digits)).toHaveLength(2);
  });
});

describe('phone change', () => {
  it('keeps the new number pending until the code sent to it is verified; a taken number is refused', async () => {
    const client = anon();
    const email = randomEmail('phone-change');
    const signUp = await client.auth.signUp({ email, password: PASSWORD });
    expect(signUp.error).toBeNull();
    const { digits } = newNumber();
    const changed = await client.auth.updateUser({ phone: digits });
    expect(changed.error).toBeNull();
    expect(changed.data.user).toMatchObject({ email, phone: '', new_phone: digits });

    const code = await lastCode(digits, 'phone_change');
    const wrongType = await anon().auth.verifyOtp({ phone: digits, token: code, type: 'sms' });
    expect(wrongType.error).toMatchObject({ status: 403, code: 'otp_expired' });
    const verified = await client.auth.verifyOtp({ phone: digits, token: code, type: 'phone_change' });
    expect(verified.error).toBeNull();
    expect(verified.data.user).toMatchObject({ id: signUp.data.user!.id, email, phone: digits });
    expect(verified.data.user!.phone_confirmed_at).toBeTruthy();
    expect(verified.data.user!.new_phone).toBeUndefined();

    // Signing in by the new number now reaches the same user.
    await anon().auth.signInWithOtp({ phone: digits });
    const byPhone = await anon().auth.verifyOtp({ phone: digits, token: await lastCode(digits), type: 'sms' });
    expect(byPhone.data.user?.id).toBe(signUp.data.user!.id);

    const other = anon();
    expect((await other.auth.signUp({ email: randomEmail('phone-taken'), password: PASSWORD })).error).toBeNull();
    const taken = await other.auth.updateUser({ phone: digits });
    expect(taken.error).toMatchObject({ status: 422, code: 'phone_exists' });
  });
});

/** The console's providers route (what the Providers page saves). */
const saveProviders = (body: unknown) =>
  owner.fetch(`/api/platform/auth/${keys.ref}/providers`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', 'x-csrf-token': owner.jar.get('plinth_csrf')! },
    body: JSON.stringify(body),
  });

describe('the phone provider switched off', () => {
  it('is switched off in the console, then answers phone_provider_disabled to every phone call and reports external.phone false', async () => {
    const { digits } = newNumber();
    await anon().auth.signInWithOtp({ phone: digits });
    const code = await lastCode(digits);
    const on = await fetch(`${base}/${keys.ref}/auth/v1/settings`, { headers: { apikey: keys.anonKey } });
    expect(await on.json()).toMatchObject({ external: { phone: true }, sms_provider: 'outbox' });
    const turnedOff = await saveProviders({ phone_enabled: false });
    expect(turnedOff.status).toBe(200);
    expect(await turnedOff.json()).toMatchObject({ phone_enabled: false });
    try {
      const off = await fetch(`${base}/${keys.ref}/auth/v1/settings`, { headers: { apikey: keys.anonKey } });
      expect(await off.json()).toMatchObject({ external: { phone: false }, sms_provider: '' });
      const disabled = { status: 400, code: 'phone_provider_disabled' };
      expect((await anon().auth.signInWithOtp({ phone: digits })).error).toMatchObject(disabled);
      expect((await anon().auth.verifyOtp({ phone: digits, token: code, type: 'sms' })).error).toMatchObject(disabled);
      expect((await anon().auth.signUp({ phone: newNumber().digits, password: PASSWORD })).error).toMatchObject(disabled);
      expect((await anon().auth.signInWithPassword({ phone: digits, password: PASSWORD })).error).toMatchObject(disabled);
      expect((await anon().auth.resend({ type: 'sms', phone: digits })).error).toMatchObject(disabled);
    } finally {
      const turnedOn = await saveProviders({ phone_enabled: true });
      expect(await turnedOn.json()).toMatchObject({ phone_enabled: true });
    }
    // The code sent before is still good once the provider is back on.
    expect((await anon().auth.verifyOtp({ phone: digits, token: code, type: 'sms' })).error).toBeNull();
  });
});

describe('the admin API', () => {
  it('creates and updates users with phone and phone_confirm', async () => {
    const { digits } = newNumber();
    const created = await admin.auth.admin.createUser({ phone: `+${digits}`, password: PASSWORD, phone_confirm: true });
    expect(created.error).toBeNull();
    expect(created.data.user).toMatchObject({ phone: digits, email: '' });
    expect(created.data.user!.phone_confirmed_at).toBeTruthy();
    expect((await anon().auth.signInWithPassword({ phone: digits, password: PASSWORD })).error).toBeNull();

    const duplicate = await admin.auth.admin.createUser({ phone: digits, password: PASSWORD });
    expect(duplicate.error).toMatchObject({ status: 422, code: 'phone_exists' });
    const bad = await admin.auth.admin.createUser({ phone: 'nope', password: PASSWORD });
    expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed' });

    const next = newNumber().digits;
    const updated = await admin.auth.admin.updateUserById(created.data.user!.id, { phone: next, phone_confirm: false });
    expect(updated.error).toBeNull();
    expect(updated.data.user).toMatchObject({ phone: next });
    expect(updated.data.user!.phone_confirmed_at).toBeUndefined();
    const confirmed = await admin.auth.admin.updateUserById(created.data.user!.id, { phone_confirm: true });
    expect(confirmed.data.user!.phone_confirmed_at).toBeTruthy();
    const listed = await admin.auth.admin.getUserById(created.data.user!.id);
    expect(listed.data.user).toMatchObject({ phone: next });
  });
});

describe('row level security for a user signed in by phone', () => {
  it('reads only their own rows through the data API', async () => {
    const signInByPhone = async () => {
      const { digits } = newNumber();
      const client = anon();
      await client.auth.signInWithOtp({ phone: digits });
      const r = await client.auth.verifyOtp({ phone: digits, token: await lastCode(digits), type: 'sms' });
      expect(r.error).toBeNull();
      return { client, id: r.data.user!.id };
    };
    const alice = await signInByPhone();
    const bob = await signInByPhone();
    expect((await alice.client.from('phone_notes').insert({ body: 'alice note' })).error).toBeNull();
    expect((await bob.client.from('phone_notes').insert({ body: 'bob note' })).error).toBeNull();
    const aliceRows = await alice.client.from('phone_notes').select('owner, body');
    expect(aliceRows.error).toBeNull();
    expect(aliceRows.data).toEqual([{ owner: alice.id, body: 'alice note' }]);
    const bobRows = await bob.client.from('phone_notes').select('owner, body');
    expect(bobRows.data).toEqual([{ owner: bob.id, body: 'bob note' }]);
    // Writing a row as someone else is refused by the policy.
    const forged = await bob.client.from('phone_notes').insert({ owner: alice.id, body: 'forged' });
    expect(forged.error?.code).toBe('42501');
    expect((await anon().from('phone_notes').select('body')).data ?? []).toEqual([]);
  });
});
