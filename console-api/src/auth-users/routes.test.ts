import { ApiError } from '@plinth/shared-contracts';
import { createAuthMfaClient, createAuthUsersClient, DEFAULT_AUTH_RATE_LIMITS, type AuthUsersClient } from '@plinth/contracts-auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';
import { appClient, listen, projectKeys, randomEmail, type ProjectKeys } from '@plinth/project-services/testing';

// The console's routes for a project's auth service: what a member does on the authentication
// pages, checked against what the project's apps then meet through /auth/v1.

let h: TestHarness;
let base: string;
let owner: TestUser;
let orgSlug: string;
let keys: ProjectKeys;
let console_: AuthUsersClient;
const anon = () => appClient(base, keys.ref, keys.anonKey);
const PASSWORD = 'app-password-1';

interface Mail {
  to: string;
  kind: string;
  subject: string;
  body: string;
}

async function lastMail(to: string): Promise<Mail> {
  const res = await owner.fetch(`/api/platform/projects/${keys.ref}/auth/outbox`);
  const mail = ((await res.json()) as { emails: Mail[] }).emails.find((m) => m.to === to);
  if (!mail) throw new Error(`no email to ${to}`);
  return mail;
}

async function refusal(call: Promise<unknown>): Promise<ApiError> {
  const err = await call.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof ApiError)) throw new Error(`expected a refusal, got ${String(err)}`);
  return err;
}

beforeAll(async () => {
  h = await createTestHarness();
  const { user, project, org } = await h.userWithProject();
  owner = user;
  orgSlug = org.slug;
  keys = await projectKeys(h, project.ref);
  base = await listen(h);
  console_ = createAuthUsersClient(owner.api.http);
});
afterAll(async () => {
  await h?.close();
});

describe('users', () => {
  it('creates a user who signs in; a ban stops their sign-in and refresh, unbanning lets them back', async () => {
    const email = randomEmail('created');
    const made = await console_.createAuthUser(keys.ref, { email, password: PASSWORD, auto_confirm: true });
    expect(made).toMatchObject({ email, provider: 'email', banned_until: null, last_sign_in_at: null });
    expect(made.email_confirmed_at).not.toBeNull();

    const app = anon();
    const signedIn = await app.auth.signInWithPassword({ email, password: PASSWORD });
    expect(signedIn.error).toBeNull();
    const listed = await console_.listAuthUsers(keys.ref, { search: email.slice(0, 12) });
    expect(listed.users.map((u) => u.email)).toEqual([email]);
    expect(listed.users[0]!.last_sign_in_at).not.toBeNull();

    const banned = await console_.setAuthUserBanned(keys.ref, made.id, true);
    expect(new Date(banned.banned_until!).getTime()).toBeGreaterThan(Date.now() + 365 * 24 * 3600_000);
    expect((await anon().auth.signInWithPassword({ email, password: PASSWORD })).error).toMatchObject({ code: 'user_banned' });
    expect((await app.auth.refreshSession({ refresh_token: signedIn.data.session!.refresh_token })).error).not.toBeNull();

    expect((await console_.setAuthUserBanned(keys.ref, made.id, false)).banned_until).toBeNull();
    expect((await anon().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it('pages and searches the users, newest first', async () => {
    const tag = `pager${Date.now()}`;
    for (let i = 0; i < 3; i++) await console_.createAuthUser(keys.ref, { email: `${tag}-${i}@example.com`, password: PASSWORD });
    const first = await console_.listAuthUsers(keys.ref, { search: tag, per_page: 2 });
    expect(first.total).toBe(3);
    expect(first.users.map((u) => u.email)).toEqual([`${tag}-2@example.com`, `${tag}-1@example.com`]);
    const second = await console_.listAuthUsers(keys.ref, { search: tag, per_page: 2, page: 2 });
    expect(second.users.map((u) => u.email)).toEqual([`${tag}-0@example.com`]);
  });

  it('refuses a taken email, a short password and a bad address, naming the field', async () => {
    const email = randomEmail('taken');
    await console_.createAuthUser(keys.ref, { email, password: PASSWORD });
    expect(await refusal(console_.createAuthUser(keys.ref, { email, password: PASSWORD }))).toMatchObject({ status: 409, details: { field: 'email' } });
    expect(await refusal(console_.createAuthUser(keys.ref, { email: randomEmail(), password: '123' }))).toMatchObject({ status: 400, details: { field: 'password' } });
    expect(await refusal(console_.createAuthUser(keys.ref, { email: 'not-an-email', password: PASSWORD }))).toMatchObject({ status: 400, details: { field: 'email' } });
  });

  it('invites a user and sends a password recovery by email; a deleted user is gone', async () => {
    const invited = randomEmail('invited');
    const user = await console_.inviteAuthUser(keys.ref, { email: invited });
    expect(user.invited_at).not.toBeNull();
    expect(await lastMail(invited)).toMatchObject({ kind: 'invite', subject: 'You have been invited' });

    const email = randomEmail('recover');
    const made = await console_.createAuthUser(keys.ref, { email, password: PASSWORD });
    await console_.sendPasswordRecovery(keys.ref, made.id);
    expect(await lastMail(email)).toMatchObject({ kind: 'recovery', subject: 'Reset your password' });

    await console_.deleteAuthUser(keys.ref, made.id);
    expect((await refusal(console_.getAuthUser(keys.ref, made.id))).status).toBe(404);
    expect((await anon().auth.signInWithPassword({ email, password: PASSWORD })).error).toMatchObject({ code: 'invalid_credentials' });
  });

  it('lets a read-only member look but not change, and keeps other tenants out', async () => {
    const email = randomEmail('kept');
    const made = await console_.createAuthUser(keys.ref, { email, password: PASSWORD });
    const reader = await h.signUp();
    // Read-only is a Team plan role.
    await owner.api.plans.updateSubscription(orgSlug, { plan: 'team' });
    await owner.api.organizations.addMember(orgSlug, { email: reader.email, role: 'Read-only' });
    const asReader = createAuthUsersClient(reader.api.http);
    expect((await asReader.getAuthUser(keys.ref, made.id)).email).toBe(email);
    const denied = await refusal(asReader.setAuthUserBanned(keys.ref, made.id, true));
    expect(denied.status).toBe(403);
    expect(denied.message).toContain('tenant SQL admin write');
    expect((await refusal(asReader.updateAuthTemplate(keys.ref, 'recovery', { subject: 'x', body: 'y' }))).status).toBe(403);

    const other = await h.userWithProject();
    const asOther = createAuthUsersClient(other.user.api.http);
    expect((await refusal(asOther.listAuthUsers(keys.ref))).status).toBe(404);
    // Their own project does not hold this user.
    expect((await refusal(asOther.setAuthUserBanned(other.project.ref, made.id, true))).status).toBe(404);
    expect((await refusal(asOther.deleteAuthUser(other.project.ref, made.id))).status).toBe(404);
    expect((await console_.getAuthUser(keys.ref, made.id)).banned_until).toBeNull();
  });
});

describe('templates', () => {
  it('sends what is saved, with its variables filled in', async () => {
    const saved = await console_.updateAuthTemplate(keys.ref, 'recovery', {
      subject: 'New password for {{ .Email }}',
      body: 'Hello {{ .Email }}, reset at {{ .ConfirmationURL }} or type {{ .Token }} on {{ .SiteURL }}',
    });
    expect(saved.customized).toBe(true);
    const listed = await console_.listAuthTemplates(keys.ref);
    expect(listed.templates.map((t) => [t.kind, t.customized])).toEqual([
      ['confirmation', false],
      ['invite', false],
      ['magic_link', false],
      ['recovery', true],
    ]);

    const email = randomEmail('templated');
    await anon().auth.signUp({ email, password: PASSWORD });
    expect((await anon().auth.resetPasswordForEmail(email)).error).toBeNull();
    const mail = await lastMail(email);
    expect(mail.subject).toBe(`New password for ${email}`);
    expect(mail.body).toMatch(new RegExp(`^Hello ${email}, reset at http://\\S+/auth/v1/verify\\?\\S+ or type \\d{6} on http://localhost:3000$`));
  });

  it('refuses an unknown variable, naming it', async () => {
    const err = await refusal(console_.updateAuthTemplate(keys.ref, 'invite', { subject: 'Join', body: 'Hi {{ .Name }}, {{ .ConfirmationURL }}' }));
    expect(err).toMatchObject({ status: 400, details: { field: 'body' } });
    expect(err.message).toContain('{{ .Name }}');
  });
});

describe('providers', () => {
  it('keeps the client secret write-only and tells the auth service which providers are on', async () => {
    const err = await refusal(console_.updateAuthProviders(keys.ref, { oauth: { github: { enabled: true, client_id: 'Iv1.abc' } } }));
    expect(err).toMatchObject({ status: 400, details: { field: 'oauth.github.secret' } });

    const res = await owner.fetch(`/api/platform/auth/${keys.ref}/providers`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', 'x-csrf-token': owner.jar.get('plinth_csrf')! },
      body: JSON.stringify({ oauth: { github: { enabled: true, client_id: 'Iv1.abc', secret: 'very-secret-value' } } }),
    });
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(text).not.toContain('very-secret-value');
    const read = await console_.getAuthProviders(keys.ref);
    expect(read.oauth.find((p) => p.id === 'github')).toEqual({ id: 'github', enabled: true, client_id: 'Iv1.abc', secret_set: true });
    expect(JSON.stringify(read)).not.toContain('very-secret-value');
    const settings = (await (await fetch(`${base}/${keys.ref}/auth/v1/settings`, { headers: { apikey: keys.anonKey } })).json()) as { external: Record<string, boolean> };
    expect(settings.external).toMatchObject({ github: true, google: false, email: true });
  });

  it('applies the email provider settings to sign-ups', async () => {
    await console_.updateAuthProviders(keys.ref, { email: { min_password_length: 12 } });
    expect((await anon().auth.signUp({ email: randomEmail('short'), password: 'eleven-char' })).error).toMatchObject({ code: 'weak_password' });
    await console_.updateAuthProviders(keys.ref, { email: { sign_ups_allowed: false, min_password_length: 6 } });
    expect((await anon().auth.signUp({ email: randomEmail('closed'), password: PASSWORD })).error).toMatchObject({ code: 'signup_disabled' });
    const read = await console_.updateAuthProviders(keys.ref, { email: { sign_ups_allowed: true } });
    expect(read.email).toEqual({ sign_ups_allowed: true, confirmation_required: false, min_password_length: 6, secure_email_change: true, secure_password_change: false });
  });

  it('applies secure email change: links to both addresses when on, to the new one alone when off', async () => {
    const mailsTo = async (to: string) => {
      const outbox = (await (await owner.fetch(`/api/platform/projects/${keys.ref}/auth/outbox`)).json()) as { emails: { to: string }[] };
      return outbox.emails.filter((m) => m.to === to).length;
    };
    const change = async () => {
      const client = anon();
      const email = randomEmail('mover');
      await console_.createAuthUser(keys.ref, { email, password: PASSWORD, auto_confirm: true });
      expect((await client.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
      const next = randomEmail('moved');
      expect((await client.auth.updateUser({ email: next })).error).toBeNull();
      return [await mailsTo(email), await mailsTo(next)];
    };
    // Email changes are confirmed by links only while confirmations are on.
    await console_.updateAuthProviders(keys.ref, { email: { confirmation_required: true } });
    expect(await change()).toEqual([1, 1]);
    const off = await console_.updateAuthProviders(keys.ref, { email: { secure_email_change: false, secure_password_change: true } });
    expect(off.email).toMatchObject({ secure_email_change: false, secure_password_change: true });
    expect(await change()).toEqual([0, 1]);
    await console_.updateAuthProviders(keys.ref, { email: { confirmation_required: false, secure_email_change: true, secure_password_change: false } });
  });
});

describe('rate limits', () => {
  it('are project settings the auth service applies at once, answering 429 past them', async () => {
    // A project of its own: the counters are per project, and other tests sign in on the shared one.
    const { user, project } = await h.userWithProject();
    const mine = createAuthUsersClient(user.api.http);
    const k = await projectKeys(h, project.ref);
    const app = () => appClient(base, k.ref, k.anonKey);
    expect(await mine.getAuthRateLimits(k.ref)).toEqual(DEFAULT_AUTH_RATE_LIMITS);
    expect(await mine.updateAuthRateLimits(k.ref, { token_refresh: 2, email_sent: 1 })).toEqual({ ...DEFAULT_AUTH_RATE_LIMITS, token_refresh: 2, email_sent: 1 });
    expect(await mine.getAuthRateLimits(k.ref)).toMatchObject({ token_refresh: 2, email_sent: 1, sign_ups_sign_ins: 30 });

    const email = randomEmail('limited');
    const signed = await app().auth.signUp({ email, password: PASSWORD });
    expect(signed.error).toBeNull();
    let refresh = signed.data.session!.refresh_token;
    for (let i = 0; i < 2; i += 1) {
      const r = await app().auth.refreshSession({ refresh_token: refresh });
      expect(r.error).toBeNull();
      refresh = r.data.session!.refresh_token;
    }
    expect((await app().auth.refreshSession({ refresh_token: refresh })).error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    // A higher limit counts afresh: the same address refreshes again.
    await mine.updateAuthRateLimits(k.ref, { token_refresh: 10 });
    expect((await app().auth.refreshSession({ refresh_token: refresh })).error).toBeNull();

    // One email an hour for the whole project: the second goes to another address, and is refused all the same.
    const other = randomEmail('limited-other');
    await mine.createAuthUser(k.ref, { email: other, password: PASSWORD, auto_confirm: true });
    expect((await app().auth.resetPasswordForEmail(email)).error).toBeNull();
    expect((await app().auth.resetPasswordForEmail(other)).error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });

    // One sign-up per 5 minutes from an address: the next is refused.
    await mine.updateAuthRateLimits(k.ref, { sign_ups_sign_ins: 1 });
    expect((await app().auth.signUp({ email: randomEmail('first'), password: PASSWORD })).error).toBeNull();
    expect((await app().auth.signUp({ email: randomEmail('second'), password: PASSWORD })).error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
  });

  it('refuses a value out of range or a limit it does not know, naming it, and keeps other tenants out', async () => {
    const zero = await refusal(console_.updateAuthRateLimits(keys.ref, { email_sent: 0 }));
    expect(zero.status).toBe(400);
    expect(zero.message).toContain('email_sent: at least 1');
    const fraction = await refusal(console_.updateAuthRateLimits(keys.ref, { token_refresh: 1.5 }));
    expect(fraction.message).toContain('token_refresh: enter a whole number');
    // A limit the service does not know changes nothing.
    expect(await console_.updateAuthRateLimits(keys.ref, { not_a_limit: 5 } as never)).toEqual(DEFAULT_AUTH_RATE_LIMITS);
    expect(await console_.getAuthRateLimits(keys.ref)).toEqual(DEFAULT_AUTH_RATE_LIMITS);

    const other = await h.userWithProject();
    const asOther = createAuthUsersClient(other.user.api.http);
    expect((await refusal(asOther.getAuthRateLimits(keys.ref))).status).toBe(404);
    expect((await refusal(asOther.updateAuthRateLimits(keys.ref, { email_sent: 1000 }))).status).toBe(404);
    expect((await console_.getAuthRateLimits(keys.ref)).email_sent).toBe(DEFAULT_AUTH_RATE_LIMITS.email_sent);
  });
});

describe('MFA settings', () => {
  it('turn phone factors on and off for the auth service at once: enrol, then challenge', async () => {
    const { user, project } = await h.userWithProject();
    const mfa = createAuthMfaClient(user.api.http);
    const k = await projectKeys(h, project.ref);
    expect(await mfa.getAuthMfaSettings(k.ref)).toEqual({ phone_enroll_enabled: false, phone_verify_enabled: false });

    const app = appClient(base, k.ref, k.anonKey);
    expect((await app.auth.signUp({ email: randomEmail('mfa'), password: PASSWORD })).error).toBeNull();
    const phone = `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    expect((await app.auth.mfa.enroll({ factorType: 'phone', phone })).error).toMatchObject({ status: 422, code: 'mfa_phone_enroll_not_enabled' });

    expect(await mfa.updateAuthMfaSettings(k.ref, { phone_enroll_enabled: true })).toEqual({ phone_enroll_enabled: true, phone_verify_enabled: false });
    const enrolled = await app.auth.mfa.enroll({ factorType: 'phone', phone });
    expect(enrolled.error).toBeNull();
    expect((await app.auth.mfa.challenge({ factorId: enrolled.data!.id })).error).toMatchObject({ status: 422, code: 'mfa_phone_verify_not_enabled' });

    // Only the setting sent changes.
    expect(await mfa.updateAuthMfaSettings(k.ref, { phone_verify_enabled: true })).toEqual({ phone_enroll_enabled: true, phone_verify_enabled: true });
    expect((await app.auth.mfa.challenge({ factorId: enrolled.data!.id })).error).toBeNull();

    await mfa.updateAuthMfaSettings(k.ref, { phone_enroll_enabled: false, phone_verify_enabled: false });
    expect(await mfa.getAuthMfaSettings(k.ref)).toEqual({ phone_enroll_enabled: false, phone_verify_enabled: false });
    expect((await app.auth.mfa.challenge({ factorId: enrolled.data!.id })).error).toMatchObject({ status: 422, code: 'mfa_phone_verify_not_enabled' });
  });

  it('refuses a bad value naming the field, lets a read-only member read but not change, and keeps other tenants out', async () => {
    const { user, project, org } = await h.userWithProject();
    const mfa = createAuthMfaClient(user.api.http);
    const bad = await refusal(mfa.updateAuthMfaSettings(project.ref, { phone_enroll_enabled: 'yes' } as never));
    expect(bad).toMatchObject({ status: 400, details: { field: 'phone_enroll_enabled' } });
    expect(await mfa.getAuthMfaSettings(project.ref)).toEqual({ phone_enroll_enabled: false, phone_verify_enabled: false });

    const reader = await h.signUp();
    await user.api.plans.updateSubscription(org.slug, { plan: 'team' });
    await user.api.organizations.addMember(org.slug, { email: reader.email, role: 'Read-only' });
    const asReader = createAuthMfaClient(reader.api.http);
    expect(await asReader.getAuthMfaSettings(project.ref)).toEqual({ phone_enroll_enabled: false, phone_verify_enabled: false });
    const denied = await refusal(asReader.updateAuthMfaSettings(project.ref, { phone_enroll_enabled: true }));
    expect(denied.status).toBe(403);

    const other = await h.userWithProject();
    const asOther = createAuthMfaClient(other.user.api.http);
    expect((await refusal(asOther.getAuthMfaSettings(project.ref))).status).toBe(404);
    expect((await refusal(asOther.updateAuthMfaSettings(project.ref, { phone_enroll_enabled: true }))).status).toBe(404);
    expect(await mfa.getAuthMfaSettings(project.ref)).toEqual({ phone_enroll_enabled: false, phone_verify_enabled: false });
  });
});

describe('URL configuration', () => {
  it('validates the allow-list and the auth service redirects only where it allows', async () => {
    const err = await refusal(console_.updateAuthUrlConfig(keys.ref, { site_url: 'https://app.example.com', redirect_urls: ['https://*.example.dev/**', 'not a url'] }));
    expect(err).toMatchObject({ status: 400, details: { field: 'redirect_urls.1' } });
    expect((await refusal(console_.updateAuthUrlConfig(keys.ref, { site_url: 'ftp://x', redirect_urls: [] }))).details).toMatchObject({ field: 'site_url' });

    const saved = await console_.updateAuthUrlConfig(keys.ref, { site_url: 'https://app.example.com', redirect_urls: ['https://*.example.dev/**'] });
    expect(await console_.getAuthUrlConfig(keys.ref)).toEqual(saved);
    const email = randomEmail('redirect');
    await console_.createAuthUser(keys.ref, { email, password: PASSWORD });
    expect((await anon().auth.resetPasswordForEmail(email, { redirectTo: 'https://pr-1.example.dev/reset' })).error).toBeNull();
    // Outside the allow-list: never refused, the link leads to the site URL instead.
    expect((await anon().auth.resetPasswordForEmail(email, { redirectTo: 'https://evil.example.com/reset' })).error).toBeNull();
    const outbox = (await (await owner.fetch(`/api/platform/projects/${keys.ref}/auth/outbox`)).json()) as { emails: { to: string; link: string }[] };
    const links = outbox.emails.filter((m) => m.to === email).map((m) => new URL(m.link).searchParams.get('redirect_to'));
    expect(links).toEqual(['https://app.example.com', 'https://pr-1.example.dev/reset']);
  });
});

describe('phone users and the SMS outbox', () => {
  it('lists a phone user with the number in E.164 and no email, finds them by the digits, and shows the code sent to them', async () => {
    await console_.updateAuthProviders(keys.ref, { phone_enabled: true });
    try {
      const rest = String(Math.floor(Math.random() * 1e7)).padStart(7, '0');
      const digits = `1555${rest}`;
      expect((await anon().auth.signInWithOtp({ phone: digits })).error).toBeNull();

      const outbox = await console_.getAuthSmsOutbox(keys.ref);
      expect(outbox.transport).toBe('outbox');
      const sent = outbox.messages.find((m) => m.to === `+${digits}`);
      expect(sent).toMatchObject({ kind: 'sms', body: expect.stringMatching(/^Your code is \d{6}$/) });
      expect(Number.isNaN(Date.parse(sent!.created_at))).toBe(false);

      // Searched as people write a number: by its digits.
      const found = await console_.listAuthUsers(keys.ref, { search: `+1 555 ${rest.slice(0, 3)}-${rest.slice(3)}` });
      expect(found.users).toHaveLength(1);
      expect(found.users[0]).toMatchObject({ phone: `+${digits}`, email: null, provider: 'phone', phone_confirmed_at: null });

      const code = /(\d{6})/.exec(sent!.body)![1]!;
      expect((await anon().auth.verifyOtp({ phone: digits, token: code, type: 'sms' })).error).toBeNull();
      const confirmed = await console_.getAuthUser(keys.ref, found.users[0]!.id);
      expect(confirmed.phone_confirmed_at).not.toBeNull();
      // An email user has no phone.
      const email = randomEmail('no-phone');
      expect(await console_.createAuthUser(keys.ref, { email, password: PASSWORD })).toMatchObject({ email, phone: null, phone_confirmed_at: null });
    } finally {
      await console_.updateAuthProviders(keys.ref, { phone_enabled: false });
    }
  });

  it('creates a user with a phone number instead of an email; a taken number or both at once are refused on their field', async () => {
    const made = await console_.createAuthUser(keys.ref, { phone: '+1 555 777 0101', password: PASSWORD });
    expect(made).toMatchObject({ email: null, phone: '+15557770101', provider: 'phone' });
    expect(made.phone_confirmed_at).not.toBeNull();
    const taken = await refusal(console_.createAuthUser(keys.ref, { phone: '+15557770101', password: PASSWORD }));
    expect(taken).toMatchObject({ status: 409, details: { field: 'phone' } });
    const both = await refusal(console_.createAuthUser(keys.ref, { email: randomEmail('both'), phone: '+15557770102', password: PASSWORD }));
    expect(both).toMatchObject({ status: 400, details: { field: 'phone' } });
    const neither = await refusal(console_.createAuthUser(keys.ref, { password: PASSWORD }));
    expect(neither).toMatchObject({ status: 400, details: { field: 'email' } });
    // The number signs in with its password through the auth service once phone sign-in is on.
    await console_.updateAuthProviders(keys.ref, { phone_enabled: true });
    try {
      expect((await anon().auth.signInWithPassword({ phone: '+15557770101', password: PASSWORD })).error).toBeNull();
    } finally {
      await console_.updateAuthProviders(keys.ref, { phone_enabled: false });
    }
  });

  it('shows the SMS outbox to members who may read the API keys: 404 for another organization, 403 for a read-only member', async () => {
    const other = await h.userWithProject();
    expect((await refusal(createAuthUsersClient(other.user.api.http).getAuthSmsOutbox(keys.ref))).status).toBe(404);
    const reader = await h.signUp();
    // Read-only is a Team plan role.
    await owner.api.plans.updateSubscription(orgSlug, { plan: 'team' });
    await owner.api.organizations.addMember(orgSlug, { email: reader.email, role: 'Read-only' });
    const denied = await refusal(createAuthUsersClient(reader.api.http).getAuthSmsOutbox(keys.ref));
    expect(denied.status).toBe(403);
    // The same member may still read the users.
    expect((await createAuthUsersClient(reader.api.http).listAuthUsers(keys.ref)).total).toBeGreaterThan(0);
  });
});
