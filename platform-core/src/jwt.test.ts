import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { JwtError, newJwtSecret, signApiKey, signJwt, verifyJwt, type JwtProblem } from './jwt';

// The one JWT implementation: HS256 pinned, claims' types and times checked, signatures compared by jose.

const secret = newJwtSecret();
const now = Math.floor(Date.now() / 1000);
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

async function problem(token: string, key = secret, options?: Parameters<typeof verifyJwt>[2]): Promise<JwtProblem> {
  try {
    await verifyJwt(token, key, options);
  } catch (err) {
    if (err instanceof JwtError) return err.reason;
    throw err;
  }
  throw new Error('expected the token to be refused');
}

const signedWith = (alg: string, claims: Record<string, unknown>, key = secret) =>
  new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).sign(new TextEncoder().encode(key));

describe('verifyJwt', () => {
  it('answers the claims of a well-signed token, frozen', async () => {
    const token = await signJwt({ sub: 'u', role: 'authenticated', exp: now + 60, nbf: now - 1, iat: now }, secret);
    const claims = await verifyJwt(token, secret);
    expect(claims).toMatchObject({ sub: 'u', role: 'authenticated' });
    expect(Object.isFrozen(claims)).toBe(true);
  });

  it('refuses alg none, in the header jose writes and in a hand-made one', async () => {
    expect(await problem(new UnsecuredJWT({ role: 'service_role', exp: now + 60 }).encode())).toBe('algorithm');
    expect(await problem(`${b64({ alg: 'none', typ: 'JWT' })}.${b64({ role: 'service_role', exp: now + 60 })}.`)).toBe('algorithm');
    expect(await problem(`${b64({ alg: 'NONE' })}.${b64({ role: 'service_role', exp: now + 60 })}.x`)).toBe('algorithm');
  });

  it('refuses HS384 and HS512 under the right secret: HS256 is pinned', async () => {
    for (const alg of ['HS384', 'HS512']) {
      expect(await problem(await signedWith(alg, { role: 'service_role', exp: now + 60 }))).toBe('algorithm');
    }
  });

  it('refuses a token of another secret, and one signed with an API key as the secret', async () => {
    expect(await problem(await signJwt({ role: 'service_role', exp: now + 60 }, newJwtSecret()))).toBe('signature');
    const anonKey = await signApiKey('abcdefghijabcdefghij', 'anon', secret);
    expect(await problem(await signJwt({ role: 'service_role', exp: now + 60 }, anonKey))).toBe('signature');
  });

  it('refuses a tampered payload or signature', async () => {
    const token = await signJwt({ sub: 'u', role: 'authenticated', exp: now + 60 }, secret);
    const [head, , sig] = token.split('.');
    expect(await problem(`${head}.${b64({ sub: 'u', role: 'service_role', exp: now + 60 })}.${sig}`)).toBe('signature');
    const flipped = `${sig!.startsWith('A') ? 'B' : 'A'}${sig!.slice(1)}`;
    expect(await problem(`${head}.${token.split('.')[1]}.${flipped}`)).toBe('signature');
  });

  it('refuses exp, nbf or iat that are not numbers, though well signed', async () => {
    expect(await problem(await signJwt({ role: 'anon', exp: String(now + 60) }, secret))).toBe('claims');
    expect(await problem(await signJwt({ role: 'anon', exp: 'never' }, secret))).toBe('claims');
    expect(await problem(await signJwt({ role: 'anon', exp: null }, secret))).toBe('claims');
    expect(await problem(await signJwt({ role: 'anon', exp: now + 60, nbf: String(now + 3600) }, secret))).toBe('claims');
    expect(await problem(await signJwt({ role: 'anon', exp: now + 60, iat: 'today' }, secret))).toBe('claims');
  });

  it('refuses a token without exp unless told otherwise', async () => {
    const token = await signJwt({ role: 'anon' }, secret);
    expect(await problem(token)).toBe('claims');
    expect((await verifyJwt(token, secret, { requireExp: false })).role).toBe('anon');
    // Known once without the requirement, still refused where exp is required.
    expect(await problem(token)).toBe('claims');
  });

  it('refuses a token before its nbf, and from its exp second on', async () => {
    expect(await problem(await signJwt({ role: 'anon', exp: now + 60, nbf: now + 10 }, secret))).toBe('not_yet_valid');
    const token = await signJwt({ role: 'anon', exp: now + 60 }, secret);
    expect(await problem(token, secret, { nowS: now + 61 })).toBe('expired');
    expect(await problem(await signJwt({ role: 'anon', exp: now - 1 }, secret))).toBe('expired');
  });

  it('checks the times again for a token verified before (no second HMAC, no stale answer)', async () => {
    const token = await signJwt({ role: 'anon', exp: now + 60, nbf: now }, secret);
    expect((await verifyJwt(token, secret, { nowS: now + 59 })).role).toBe('anon');
    expect(await problem(token, secret, { nowS: now + 60 })).toBe('expired');
    expect(await problem(token, secret, { nowS: now - 1 })).toBe('not_yet_valid');
    expect(await problem(token, newJwtSecret())).toBe('signature');
  });

  it('refuses malformed tokens as malformed, never with another error', async () => {
    for (const token of ['', 'a', 'a.b', 'a.b.c', '...', `${b64({ alg: 'HS256' })}.${b64([1, 2])}.x`, `${b64({ alg: 'HS256' })}.not json.x`]) {
      expect(['malformed', 'signature']).toContain(await problem(token));
    }
  });
});

describe('signApiKey', () => {
  it('makes a ten-year HS256 key with the project ref and role', async () => {
    const key = await signApiKey('abcdefghijabcdefghij', 'service_role', secret, now);
    expect(JSON.parse(Buffer.from(key.split('.')[0]!, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(await verifyJwt(key, secret)).toEqual({ iss: 'plinth', ref: 'abcdefghijabcdefghij', role: 'service_role', iat: now, exp: now + 10 * 365 * 24 * 3600 });
  });
});
