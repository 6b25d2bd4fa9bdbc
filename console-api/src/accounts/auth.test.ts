import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as OTPAuth from 'otpauth';
import { createTestHarness, type TestHarness } from '@plinth/platform-api/testing';
import { resolveConfig } from '@plinth/platform-core/config';
import { CsrfTokens, loadServerSecret } from '@plinth/platform-core/csrf';

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness();
});
afterAll(async () => {
  await h?.close();
});

const codeFor = (secret: string) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();

describe('sessions', () => {
  it('signs up, reads the session, signs out', async () => {
    const user = await h.signUp({ email: 'Ada@Example.com' });
    expect(user.email).toBe('Ada@Example.com');
    const s = await user.api.auth.getSession();
    expect(s.user?.email).toBe('ada@example.com');
    expect(s.aal).toEqual({ currentLevel: 'aal1', nextLevel: 'aal1' });
    expect((await user.api.auth.getProfile()).primary_email).toBe('ada@example.com');
    await user.api.auth.signOut();
    expect((await user.api.auth.getSession()).user).toBeNull();
    await expect(user.api.projects.list()).rejects.toMatchObject({ status: 401 });
  });

  it('sets an HttpOnly SameSite=Lax session cookie and a readable CSRF cookie', async () => {
    const a = await h.anonymous();
    const res = await h.app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(String(res.headers['set-cookie'])).toMatch(/plinth_csrf=[^;]+; Path=\/; SameSite=Lax/);
    const csrf = a.jar.get('plinth_csrf')!;
    const signUp = await h.app.inject({
      method: 'POST', url: '/api/auth/sign-up',
      headers: { cookie: `plinth_csrf=${csrf}`, 'x-csrf-token': csrf, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'cookie@example.com', password: 'long enough password' }),
    });
    expect(signUp.statusCode).toBe(200);
    const cookie = [signUp.headers['set-cookie']].flat().find((c) => String(c).startsWith('plinth_session='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  it('refuses a duplicate email and a wrong password without saying which', async () => {
    const user = await h.signUp();
    const other = await h.anonymous();
    await expect(other.api.auth.signUp({ email: user.email, password: 'another password' })).rejects.toMatchObject({ status: 409 });
    await expect(other.api.auth.signIn({ email: user.email, password: 'wrong password' })).rejects.toMatchObject({ status: 400, message: 'Invalid email or password' });
    await expect(other.api.auth.signIn({ email: 'nobody@example.com', password: 'wrong password' })).rejects.toMatchObject({ status: 400, message: 'Invalid email or password' });
  });
});

describe('CSRF', () => {
  it('refuses state-changing calls without the matching x-csrf-token header', async () => {
    const user = await h.signUp();
    const missing = await user.fetch('/api/platform/organizations', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"x"}' });
    expect(missing.status).toBe(403);
    expect(await missing.json()).toMatchObject({ message: 'Invalid CSRF token' });
    const wrong = await user.fetch('/api/platform/organizations', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': 'forged-token-value-123456' }, body: '{"name":"x"}' });
    expect(wrong.status).toBe(403);
    const right = await user.fetch('/api/platform/organizations', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': user.jar.get('plinth_csrf')! }, body: '{"name":"x"}' });
    expect(right.status).toBe(201);
  });

  const postOrg = (user: { fetch: typeof fetch }, token: string, cookieHeader?: string) =>
    user.fetch('/api/platform/organizations', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': token, ...(cookieHeader ? { cookie: cookieHeader } : {}) },
      body: '{"name":"csrf org"}',
    });

  it('refuses a cookie and header pair the client made up, whatever its shape', async () => {
    const user = await h.signUp();
    const session = user.jar.get('plinth_session')!;
    for (const forged of ['forged-token-value-123456', `${'a'.repeat(24)}.${'b'.repeat(43)}`, `${user.jar.get('plinth_csrf')!.split('.')[0]}.${'b'.repeat(43)}`]) {
      const res = await h.app.inject({
        method: 'POST', url: '/api/platform/organizations', payload: '{"name":"x"}',
        headers: { 'content-type': 'application/json', cookie: `plinth_session=${session}; plinth_csrf=${forged}`, 'x-csrf-token': forged },
      });
      expect(res.statusCode, forged).toBe(403);
      expect(res.json()).toMatchObject({ message: 'Invalid CSRF token' });
    }
  });

  it("refuses another session's token", async () => {
    const a = await h.signUp();
    const b = await h.signUp();
    const tokenOfA = a.jar.get('plinth_csrf')!;
    const res = await h.app.inject({
      method: 'POST', url: '/api/platform/organizations', payload: '{"name":"x"}',
      headers: { 'content-type': 'application/json', cookie: `plinth_session=${b.jar.get('plinth_session')}; plinth_csrf=${tokenOfA}`, 'x-csrf-token': tokenOfA },
    });
    expect(res.statusCode).toBe(403);
    expect((await postOrg(b, b.jar.get('plinth_csrf')!)).status).toBe(201);
  });

  it('rotates the token at sign-in, sign-up and sign-out; the old one stops working', async () => {
    const user = await h.signUp();
    const atSignUp = user.jar.get('plinth_csrf')!;
    await user.api.auth.signOut();
    const signedOut = user.jar.get('plinth_csrf')!;
    expect(signedOut).not.toBe(atSignUp);
    const before = await h.anonymous();
    const anonymous = before.jar.get('plinth_csrf')!;
    await before.api.auth.signIn({ email: user.email, password: user.password });
    const afterSignIn = before.jar.get('plinth_csrf')!;
    expect(afterSignIn).not.toBe(anonymous);
    // The token used to sign in does not work with the new session; the rotated one does.
    const stale = await postOrg(before, anonymous, `plinth_session=${before.jar.get('plinth_session')}; plinth_csrf=${anonymous}`);
    expect(stale.status).toBe(403);
    expect((await postOrg(before, afterSignIn)).status).toBe(201);
    // After sign-out the signed-in token is refused too.
    await before.api.auth.signOut();
    expect(before.jar.get('plinth_csrf')).not.toBe(afterSignIn);
    const replay = await h.app.inject({
      method: 'POST', url: '/api/auth/sign-in', payload: JSON.stringify({ email: user.email, password: user.password }),
      headers: { 'content-type': 'application/json', cookie: `plinth_csrf=${afterSignIn}`, 'x-csrf-token': afterSignIn },
    });
    expect(replay.statusCode).toBe(403);
  });

  it('keeps tokens valid across restarts: the secret is stored in the control database', async () => {
    const user = await h.signUp();
    const again = new CsrfTokens(await loadServerSecret(h.internals.control, 'csrf'));
    expect(again.verify(user.jar.get('plinth_csrf'), user.jar.get('plinth_session'))).toBe(true);
    expect(again.verify(user.jar.get('plinth_csrf'), undefined)).toBe(false);
  });

  it('applies to sign-in too', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: { 'content-type': 'application/json' }, payload: '{"email":"a@b.co","password":"x"}' });
    expect(res.statusCode).toBe(403);
  });
});

describe('sign-in rate limit', () => {
  it('locks an email out after 5 failures with a clear 429, even with the right password', async () => {
    const user = await h.signUp();
    const c = await h.anonymous();
    for (let i = 0; i < 5; i++) {
      await expect(c.api.auth.signIn({ email: user.email, password: `wrong ${i}` })).rejects.toMatchObject({ status: 400 });
    }
    const err = await c.api.auth.signIn({ email: user.email, password: user.password }).catch((e) => e);
    expect(err).toMatchObject({ status: 429 });
    expect(err.message).toMatch(/Too many failed sign-in attempts\. Try again in \d+ minutes?\./);
    // Another account is not affected.
    const other = await h.signUp();
    await expect(c.api.auth.signIn({ email: other.email, password: other.password })).resolves.toMatchObject({ user: { email: other.email } });
  });
});

describe('TOTP MFA and assurance levels', () => {
  it('enrols, verifies, then needs the second factor at the next sign-in', async () => {
    const user = await h.signUp();
    const factor = await user.api.auth.enrolFactor({ friendly_name: 'phone' });
    expect(factor.totp.uri).toMatch(/^otpauth:\/\/totp\/Plinth:/);
    expect((await user.api.auth.listFactors()).factors).toMatchObject([{ id: factor.id, status: 'unverified' }]);
    await expect(user.api.auth.verifyFactor(factor.id, { code: '000000' })).rejects.toMatchObject({ status: 400 });
    const verified = await user.api.auth.verifyFactor(factor.id, { code: codeFor(factor.totp.secret) });
    expect(verified.aal).toEqual({ currentLevel: 'aal2', nextLevel: 'aal2' });

    const again = await h.signIn(user.email, user.password);
    expect((await again.api.auth.getSession()).aal).toEqual({ currentLevel: 'aal1', nextLevel: 'aal2' });
    await expect(again.api.projects.list()).rejects.toMatchObject({ status: 401, message: 'MFA required' });
    await expect(again.api.auth.getProfile()).rejects.toMatchObject({ status: 401, message: 'MFA required' });
    expect((await again.api.auth.listFactors()).factors).toHaveLength(1);
    const raised = await again.api.auth.verifyFactor(factor.id, { code: codeFor(factor.totp.secret) });
    expect(raised.aal).toEqual({ currentLevel: 'aal2', nextLevel: 'aal2' });
    expect(await again.api.projects.list()).toEqual([]);

    await again.api.auth.deleteFactor(factor.id);
    const third = await h.signIn(user.email, user.password);
    expect((await third.api.auth.getSession()).aal).toEqual({ currentLevel: 'aal1', nextLevel: 'aal1' });
  });
});

describe('Secure cookies', () => {
  it('are on when the public URL is https, or forced by PLINTH_SECURE_COOKIES', () => {
    expect(resolveConfig({}, { PLINTH_PUBLIC_URL: 'https://console.example.com' }).secureCookies).toBe(true);
    expect(resolveConfig({}, { PLINTH_PUBLIC_URL: 'http://127.0.0.1:3000' }).secureCookies).toBe(false);
    expect(resolveConfig({}, {}).secureCookies).toBe(false);
    expect(resolveConfig({}, { PLINTH_SECURE_COOKIES: '1' }).secureCookies).toBe(true);
    expect(resolveConfig({ publicUrl: 'https://console.example.com' }, {}).secureCookies).toBe(true);
  });

  it('marks the session and CSRF cookies Secure on a server with an https public URL', async () => {
    const secure = await createTestHarness({ publicUrl: 'https://console.example.com' });
    try {
      const session = await secure.app.inject({ method: 'GET', url: '/api/auth/session' });
      const csrf = String(session.headers['set-cookie']);
      // Over HTTPS the cookies carry the __Host- prefix (no other host can set them).
      expect(csrf).toMatch(/^__Host-plinth_csrf=.*; Secure/);
      const token = csrf.split(';')[0]!.slice('__Host-plinth_csrf='.length);
      const signUp = await secure.app.inject({
        method: 'POST', url: '/api/auth/sign-up', payload: JSON.stringify({ email: 'secure@example.com', password: 'long enough password' }),
        headers: { cookie: `__Host-plinth_csrf=${token}`, 'x-csrf-token': token, 'content-type': 'application/json' },
      });
      expect(signUp.statusCode).toBe(200);
      const cookies = [signUp.headers['set-cookie']].flat().map(String);
      expect(cookies.map((c) => c.split('=')[0]).sort()).toEqual(['__Host-plinth_csrf', '__Host-plinth_session']);
      for (const c of cookies) expect(c).toMatch(/; Secure/);
    } finally {
      await secure.close();
    }
  });
});
