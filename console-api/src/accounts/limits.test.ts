import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as OTPAuth from 'otpauth';
import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';
import { DEFAULT_AUTH_LIMITS } from '@plinth/platform-core/rate-limit';

// The attempt limits as they ship: the harness raises the per-address ones for other test files.
let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness({ authLimits: DEFAULT_AUTH_LIMITS });
});
afterAll(async () => {
  await h?.close();
});

const codeFor = (secret: string) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();
/** A six-digit code that is not valid now (valid codes are the current one and its neighbours). */
const wrongCodeFor = (secret: string) => {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (totp.validate({ token: code, window: 1 }) === null) return code;
  }
};

/** A client at its own address: GET session for the CSRF cookie, then JSON calls with it. */
async function clientAt(address: string) {
  let cookies: Record<string, string> = {};
  const absorb = (setCookie: unknown) => {
    for (const line of [setCookie ?? []].flat() as string[]) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      cookies = { ...cookies, [pair.slice(0, eq)]: pair.slice(eq + 1) };
    }
  };
  const header = () => Object.entries(cookies).map(([k, v]) => `${k}=${v}`).join('; ');
  absorb((await h.app.inject({ method: 'GET', url: '/api/auth/session', remoteAddress: address })).headers['set-cookie']);
  return async (url: string, body: unknown) => {
    const res = await h.app.inject({
      method: 'POST', url, remoteAddress: address, payload: JSON.stringify(body),
      headers: { cookie: header(), 'x-csrf-token': cookies.plinth_csrf ?? '', 'content-type': 'application/json' },
    });
    absorb(res.headers['set-cookie']);
    return res;
  };
}

describe('sign-in limits', () => {
  it('locks a client address out after 20 failures across emails, even for the right password; another address still signs in', async () => {
    const user = await h.signUp();
    const post = await clientAt('198.51.100.20');
    for (let i = 0; i < DEFAULT_AUTH_LIMITS.signInFailuresPerAddress; i++) {
      const res = await post('/api/auth/sign-in', { email: `nobody-${i}@example.com`, password: 'wrong password' });
      expect(res.statusCode, `attempt ${i + 1}`).toBe(400);
    }
    const locked = await post('/api/auth/sign-in', { email: user.email, password: user.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^Too many failed sign-in attempts\. Try again in 15 minutes\.$/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    const elsewhere = await clientAt('198.51.100.21');
    expect((await elsewhere('/api/auth/sign-in', { email: user.email, password: user.password })).statusCode).toBe(200);
  });
});

describe('sign-up limit', () => {
  it('allows 20 sign-ups an hour from one address, then 429 with retry-after; another address is not affected', async () => {
    const post = await clientAt('198.51.100.30');
    for (let i = 0; i < DEFAULT_AUTH_LIMITS.signUpsPerAddress; i++) {
      const res = await post('/api/auth/sign-up', { email: `many-${i}-${Date.now()}@example.com`, password: 'long enough password' });
      expect(res.statusCode, `sign-up ${i + 1}`).toBe(200);
    }
    const refused = await post('/api/auth/sign-up', { email: `one-more-${Date.now()}@example.com`, password: 'long enough password' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: 'Too many sign-ups from this address. Try again in 60 minutes.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    const other = await clientAt('198.51.100.31');
    expect((await other('/api/auth/sign-up', { email: `other-${Date.now()}@example.com`, password: 'long enough password' })).statusCode).toBe(200);
  });
});

describe('MFA verification limits', () => {
  async function userWithVerifiedFactor(): Promise<{ user: TestUser; factorId: string; secret: string }> {
    const user = await h.signUp();
    const factor = await user.api.auth.enrolFactor({ friendly_name: 'phone' });
    await user.api.auth.verifyFactor(factor.id, { code: codeFor(factor.totp.secret) });
    return { user, factorId: factor.id, secret: factor.totp.secret };
  }

  it('refuses a factor after 5 failed codes, even the right code and from a new session, with a clear 429', async () => {
    const { user, factorId, secret } = await userWithVerifiedFactor();
    const first = await h.signIn(user.email, user.password);
    for (let i = 0; i < DEFAULT_AUTH_LIMITS.mfaFailuresPerFactor; i++) {
      await expect(first.api.auth.verifyFactor(factorId, { code: wrongCodeFor(secret) })).rejects.toMatchObject({ status: 400 });
    }
    const url = `/api/auth/mfa/factors/${factorId}/verify`;
    const headers = { 'content-type': 'application/json', 'x-csrf-token': first.jar.get('plinth_csrf')! };
    const res = await first.fetch(url, { method: 'POST', headers, body: JSON.stringify({ code: codeFor(secret) }) });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.json()).toMatchObject({ code: 'RATE_LIMITED', message: 'Too many failed verification codes. Try again in 15 minutes.' });
    // Signing in again does not reset the factor's count.
    const second = await h.signIn(user.email, user.password);
    await expect(second.api.auth.verifyFactor(factorId, { code: codeFor(secret) })).rejects.toMatchObject({ status: 429 });
    await expect(second.api.projects.list()).rejects.toMatchObject({ status: 401, message: 'MFA required' });
  });

  it('refuses a session after 10 failed codes across its factors', async () => {
    const user = await h.signUp();
    const factors = [];
    for (let i = 0; i < 3; i++) factors.push(await user.api.auth.enrolFactor({ friendly_name: `key ${i}` }));
    const [a, b, c] = factors as [(typeof factors)[0], (typeof factors)[0], (typeof factors)[0]];
    for (const [f, n] of [[a, 4], [b, 4], [c, 2]] as const) {
      for (let i = 0; i < n; i++) await expect(user.api.auth.verifyFactor(f.id, { code: wrongCodeFor(f.totp.secret) })).rejects.toMatchObject({ status: 400 });
    }
    // Factor c has failed only twice: the session's count refuses it.
    await expect(user.api.auth.verifyFactor(c.id, { code: codeFor(c.totp.secret) })).rejects.toMatchObject({ status: 429 });
    // Another session of the same user may still verify c.
    const other = await h.signIn(user.email, user.password);
    await expect(other.api.auth.verifyFactor(c.id, { code: codeFor(c.totp.secret) })).resolves.toMatchObject({ aal: { currentLevel: 'aal2' } });
  });

  it('prints the failed attempts the limits let through in a burst on one connection and one address', async () => {
    const { user, factorId, secret } = await userWithVerifiedFactor();
    const session = await h.signIn(user.email, user.password);
    const headers = { 'content-type': 'application/json', 'x-csrf-token': session.jar.get('plinth_csrf')! };
    const wrong = JSON.stringify({ code: wrongCodeFor(secret) });
    const count = async (n: number, attempt: () => Promise<number>) => {
      const started = performance.now();
      const statuses: number[] = [];
      for (let i = 0; i < n; i++) statuses.push(await attempt());
      return { tried: n, seconds: (performance.now() - started) / 1000, allowed: statuses.filter((s) => s === 400).length, limited: statuses.filter((s) => s === 429).length };
    };
    // Over a real socket (keep-alive: one connection for the sequential requests).
    const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const overSocket = session.jar.networkFetch();
    const mfa = await count(200, async () => {
      const res = await overSocket(`${address}/api/auth/mfa/factors/${factorId}/verify`, { method: 'POST', headers, body: wrong });
      await res.arrayBuffer();
      return res.status;
    });
    const post = await clientAt('198.51.100.40');
    const signIn = await count(60, async () => (await post('/api/auth/sign-in', { email: user.email, password: 'wrong password' })).statusCode);
    const line = (what: string, r: typeof mfa, windowMin: number) =>
      `${what}: ${r.tried} attempts in ${r.seconds.toFixed(2)} s (${(r.tried / r.seconds).toFixed(0)}/s answered); ${r.allowed} checked, ${r.limited} refused with 429 -> at most ${r.allowed} per ${windowMin} min (${(r.allowed / (windowMin * 60)).toFixed(4)}/s)`;
    const spread = await clientAt('198.51.100.41');
    let n = 0;
    const anyEmail = await count(60, async () => (await spread('/api/auth/sign-in', { email: `guess-${n++}@example.com`, password: 'wrong password' })).statusCode);
    console.log(line('failed MFA codes, one session over one connection', mfa, 15));
    console.log(line('failed sign-ins, one email and address', signIn, 15));
    console.log(line('failed sign-ins, one address, a new email each time', anyEmail, 15));
    expect(anyEmail.allowed).toBe(DEFAULT_AUTH_LIMITS.signInFailuresPerAddress);
    expect(mfa.allowed).toBe(DEFAULT_AUTH_LIMITS.mfaFailuresPerFactor);
    expect(signIn.allowed).toBe(DEFAULT_AUTH_LIMITS.signInFailuresPerEmail);
  });
});
