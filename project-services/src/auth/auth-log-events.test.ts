import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as OTPAuth from 'otpauth';
import type { TestHarness, TestUser } from '@plinth/platform-api/testing';
import { writeProjectAuthSettings } from './settings';
import { appClient, randomEmail, startAuthApp, type ProjectKeys } from './testing';

// The auth service's events in the project's auth logs (issue 23: "MFA events, emails and SMS
// sent"): drive the real endpoints through supabase-js, then read logs_<ref>.auth_logs through the
// console's log query as a member does.

let h: TestHarness;
let base: string;
let keys: ProjectKeys;
let owner: TestUser;
const anon = () => appClient(base, keys.ref, keys.anonKey);

beforeAll(async () => {
  ({ h, owner, keys, base } = await startAuthApp());
  await writeProjectAuthSettings(h.internals.control, keys.ref, { phoneEnabled: true });
}, 120_000);
afterAll(async () => {
  await h?.close();
});

interface Row {
  action: string;
  level: string;
  user_id: string | null;
  email_kind: string | null;
}

/** The auth log events (not the requests) with these actions, oldest first. */
async function events(actions: string[]): Promise<Row[]> {
  await h.app.logStore.flush();
  const list = actions.map((a) => `'${a}'`).join(', ');
  const res = await owner.fetch(`/api/platform/projects/${keys.ref}/analytics/endpoints/logs.all`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': owner.jar.get('plinth_csrf') ?? '' },
    body: JSON.stringify({ sql: `select action, level, user_id, email_kind from auth_logs where action in (${list}) and method is null order by timestamp` }),
  });
  const body = (await res.json()) as { result: Row[]; message?: string };
  expect(res.status, body.message).toBe(200);
  return body.result;
}

const codeOf = (secret: string, ahead = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + ahead * 30_000 });

describe('auth log events', () => {
  it('records an SMS sent and one refused by the rate limit, with the user and the kind', async () => {
    const phone = `1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    expect((await anon().auth.signInWithOtp({ phone })).error).toBeNull();
    expect((await anon().auth.signInWithOtp({ phone })).error).toMatchObject({ status: 429, code: 'over_sms_send_rate_limit' });
    const rows = await events(['sms_sent', 'sms_send_refused']);
    expect(rows.map((r) => [r.action, r.level, r.email_kind])).toEqual([
      ['sms_sent', 'INFO', 'sms'],
      ['sms_send_refused', 'WARNING', 'sms'],
    ]);
    expect(rows[0]!.user_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(rows[1]!.user_id).toBe(rows[0]!.user_id);
  });

  it('records MFA enrolment, a failed challenge, a verified one and the unenrolment', async () => {
    const client = anon();
    const signUp = await client.auth.signUp({ email: randomEmail('mfa-log'), password: 'app-password-1' });
    expect(signUp.error).toBeNull();
    const userId = signUp.data.user!.id;
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' });
    expect(enrolled.error).toBeNull();
    const factorId = enrolled.data!.id;
    const secret = enrolled.data!.totp.secret;
    const wrong = String((Number(codeOf(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    const challenge = await client.auth.mfa.challenge({ factorId });
    expect((await client.auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code: wrong })).error).toMatchObject({ code: 'mfa_verification_failed' });
    expect((await client.auth.mfa.challengeAndVerify({ factorId, code: codeOf(secret) })).error).toBeNull();
    expect((await client.auth.mfa.unenroll({ factorId })).error).toBeNull();

    const rows = (await events(['mfa_factor_enrolled', 'mfa_challenge_failed', 'mfa_challenge_verified', 'mfa_factor_unenrolled'])).filter((r) => r.user_id === userId);
    expect(rows.map((r) => [r.action, r.level, r.email_kind])).toEqual([
      ['mfa_factor_enrolled', 'INFO', 'totp'],
      ['mfa_challenge_failed', 'WARNING', 'invalid_code'],
      ['mfa_challenge_verified', 'INFO', 'totp'],
      ['mfa_factor_unenrolled', 'INFO', 'totp'],
    ]);
  });
});
