import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';
import { writeProjectAuthSettings } from './settings';
import { appClient, claimsOf, listen, projectKeys, randomEmail, type ProjectKeys } from './testing';

// Flows carried by email (recovery, magic link, invite, email change), read from the project's
// outbox as a developer would without an SMTP server.

let h: TestHarness;
let base: string;
let owner: TestUser;
let keys: ProjectKeys;
let orgSlug: string;
const anon = () => appClient(base, keys.ref, keys.anonKey);
const admin = () => appClient(base, keys.ref, keys.serviceRoleKey);
const PASSWORD = 'app-password-1';

interface Mail {
  to: string;
  kind: string;
  subject: string;
  body: string;
  link: string;
}

async function lastMail(to: string): Promise<Mail & { code: string }> {
  const res = await owner.fetch(`/api/platform/projects/${keys.ref}/auth/outbox`);
  expect(res.status).toBe(200);
  const mail = ((await res.json()) as { emails: Mail[] }).emails.find((m) => m.to === to);
  if (!mail) throw new Error(`no email to ${to}`);
  return { ...mail, code: /code: (\d{6})/.exec(mail.body)![1]! };
}

async function follow(link: string): Promise<URLSearchParams> {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  return new URLSearchParams(new URL(res.headers.get('location')!).hash.slice(1));
}

beforeAll(async () => {
  h = await createTestHarness();
  const { user, project, org } = await h.userWithProject();
  owner = user;
  orgSlug = org.slug;
  keys = await projectKeys(h, project.ref);
  base = await listen(h);
  await writeProjectAuthSettings(h.internals.control, keys.ref, { siteUrl: 'http://localhost:5173', redirectAllowList: ['https://*.example.app/**'] });
});
afterAll(async () => {
  await h?.close();
});

describe('emails', () => {
  it('recovers a password with the emailed code, and the link signs in as a recovery', async () => {
    const email = randomEmail('recover');
    await anon().auth.signUp({ email, password: PASSWORD });
    const client = anon();
    expect((await client.auth.resetPasswordForEmail(email, { redirectTo: 'https://my.example.app/reset' })).error).toBeNull();
    const mail = await lastMail(email);
    expect(mail).toMatchObject({ kind: 'recovery', subject: 'Reset your password' });
    expect(new URL(mail.link).searchParams.get('redirect_to')).toBe('https://my.example.app/reset');

    const wrong = await client.auth.verifyOtp({ email, token: mail.code === '000000' ? '000001' : '000000', type: 'recovery' });
    expect(wrong.error).toMatchObject({ status: 403, code: 'otp_expired' });
    const verified = await client.auth.verifyOtp({ email, token: mail.code, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(claimsOf(verified.data.session!.access_token).amr).toEqual([expect.objectContaining({ method: 'recovery' })]);
    expect((await client.auth.updateUser({ password: 'recovered-password' })).error).toBeNull();
    expect((await anon().auth.signInWithPassword({ email, password: 'recovered-password' })).error).toBeNull();
    // The code is used up.
    expect((await anon().auth.verifyOtp({ email, token: mail.code, type: 'recovery' })).error).toMatchObject({ code: 'otp_expired' });

    // An unknown address answers the same, and no email is written.
    expect((await anon().auth.resetPasswordForEmail('nobody-here@example.com')).error).toBeNull();
    await expect(lastMail('nobody-here@example.com')).rejects.toThrow('no email');
  });

  it('signs in with a magic link that leads to the site URL by default', async () => {
    const email = randomEmail('magic');
    await anon().auth.signUp({ email, password: PASSWORD });
    expect((await anon().auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error).toBeNull();
    const mail = await lastMail(email);
    expect(mail.kind).toBe('magiclink');
    const res = await fetch(mail.link, { redirect: 'manual' });
    expect(res.headers.get('location')!.startsWith('http://localhost:5173#access_token=')).toBe(true);
    expect((await anon().auth.signInWithOtp({ email: randomEmail(), options: { shouldCreateUser: false } })).error).toMatchObject({ status: 422 });
  });

  it('signs in with the emailed six-digit code (verifyOtp type email), for a known address and a new one, once', async () => {
    const known = randomEmail('otp-known');
    await anon().auth.signUp({ email: known, password: PASSWORD });
    expect((await anon().auth.signInWithOtp({ email: known, options: { shouldCreateUser: false } })).error).toBeNull();
    const mail = await lastMail(known);
    expect(mail.kind).toBe('magiclink');
    const client = anon();
    const signedIn = await client.auth.verifyOtp({ email: known, token: mail.code, type: 'email' });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.email).toBe(known);
    expect(claimsOf(signedIn.data.session!.access_token).amr).toEqual([expect.objectContaining({ method: 'otp' })]);
    expect((await client.auth.getUser()).data.user?.email).toBe(known);
    expect((await anon().auth.verifyOtp({ email: known, token: mail.code, type: 'email' })).error).toMatchObject({ status: 403, code: 'otp_expired' });

    // A new address becomes a user whose code confirms it.
    const fresh = randomEmail('otp-new');
    expect((await anon().auth.signInWithOtp({ email: fresh })).error).toBeNull();
    const first = await lastMail(fresh);
    const confirmed = await anon().auth.verifyOtp({ email: fresh, token: first.code, type: 'email' });
    expect(confirmed.error).toBeNull();
    expect(confirmed.data.user?.email_confirmed_at).toBeTruthy();
    // Another address's code is not this one's.
    expect((await anon().auth.verifyOtp({ email: known, token: first.code, type: 'email' })).error).toMatchObject({ code: 'otp_expired' });
  });

  it('invites a user who sets a password after following the link', async () => {
    const email = randomEmail('invite');
    const invited = await admin().auth.admin.inviteUserByEmail(email, { data: { team: 'red' }, redirectTo: 'https://team.example.app/join' });
    expect(invited.error).toBeNull();
    expect(invited.data.user?.invited_at).toBeTruthy();
    const mail = await lastMail(email);
    expect(mail.kind).toBe('invite');
    const fragment = await follow(mail.link);
    expect(fragment.get('type')).toBe('invite');
    const client = anon();
    await client.auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! });
    expect((await client.auth.updateUser({ password: 'my-own-password' })).error).toBeNull();
    const signedIn = await anon().auth.signInWithPassword({ email, password: 'my-own-password' });
    expect(signedIn.data.user).toMatchObject({ email, user_metadata: { team: 'red' } });
    expect(signedIn.data.user?.email_confirmed_at).toBeTruthy();
  });

  it('changes the email through a link to the new address while confirmation is required (secure email change off)', async () => {
    const email = randomEmail('change');
    const { data } = await anon().auth.signUp({ email, password: PASSWORD });
    await writeProjectAuthSettings(h.internals.control, keys.ref, { emailConfirmationRequired: true, secureEmailChange: false });
    try {
      const client = anon();
      await client.auth.setSession(data.session!);
      const next = randomEmail('changed');
      const asked = await client.auth.updateUser({ email: next });
      expect(asked.error).toBeNull();
      expect(asked.data.user).toMatchObject({ email, new_email: next });
      const fragment = await follow((await lastMail(next)).link);
      expect(fragment.get('type')).toBe('email_change');
      expect((await anon().auth.signInWithPassword({ email: next, password: PASSWORD })).data.user?.email).toBe(next);
    } finally {
      await writeProjectAuthSettings(h.internals.control, keys.ref, { emailConfirmationRequired: false, secureEmailChange: true });
    }
  });

  it('limits recovery emails per email address', async () => {
    const email = randomEmail('limit');
    await anon().auth.signUp({ email, password: PASSWORD });
    for (let i = 0; i < 5; i++) expect((await anon().auth.resetPasswordForEmail(email)).error).toBeNull();
    const sixth = await anon().auth.resetPasswordForEmail(email);
    expect(sixth.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
  });

  it('shows the outbox to members who may read the API keys, to no one else', async () => {
    const stranger = await h.signUp();
    expect((await stranger.fetch(`/api/platform/projects/${keys.ref}/auth/outbox`)).status).toBe(404);
    const reader = await h.signUp();
    // Read-only is a Team plan role.
    await owner.api.plans.updateSubscription(orgSlug, { plan: 'team' });
    await owner.api.organizations.addMember(orgSlug, { email: reader.email, role: 'Read-only' });
    expect((await reader.fetch(`/api/platform/projects/${keys.ref}/auth/outbox`)).status).toBe(403);
    const signedOut = await h.anonymous();
    expect((await signedOut.fetch(`/api/platform/projects/${keys.ref}/auth/outbox`)).status).toBe(401);
  });
});
