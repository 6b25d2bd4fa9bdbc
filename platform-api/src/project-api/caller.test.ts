import { describe, expect, it } from 'vitest';
import { issueProjectKeys, signJwt } from '../domains/projects/keys';
import { CallerError, resolveCaller, verifyProjectToken } from './caller';

const ref = 'abcdefghijabcdefghij';
const keys = issueProjectKeys(ref);
const secrets = { ref, jwtSecret: keys.jwtSecret };
const now = Math.floor(Date.now() / 1000);

function refused(fn: () => unknown): CallerError {
  try {
    fn();
  } catch (err) {
    if (err instanceof CallerError) return err;
    throw err;
  }
  throw new Error('expected the caller to be refused');
}

describe('resolveCaller', () => {
  it('takes the anon key as the anon role and a user token as authenticated', () => {
    expect(resolveCaller(secrets, { apikey: keys.anonKey }).role).toBe('anon');
    const user = signJwt({ sub: 'u-1', role: 'authenticated', ref, exp: now + 60 }, keys.jwtSecret);
    const caller = resolveCaller(secrets, { apikey: keys.anonKey, authorization: `Bearer ${user}` });
    expect(caller).toMatchObject({ role: 'authenticated', userId: 'u-1' });
  });

  it('refuses a missing key, another project\'s key and a forged token', () => {
    expect(refused(() => resolveCaller(secrets, {})).reason).toBe('no_api_key');
    const other = issueProjectKeys('zzzzzzzzzzzzzzzzzzzz');
    expect(refused(() => resolveCaller(secrets, { apikey: other.anonKey })).reason).toBe('invalid_api_key');
    const forged = signJwt({ sub: 'u-1', role: 'service_role', exp: now + 60 }, 'guessed secret');
    expect(refused(() => resolveCaller(secrets, { apikey: keys.anonKey, authorization: `Bearer ${forged}` })).reason).toBe('invalid_jwt');
  });

  it('refuses an expired token, a user token used as the API key, and an unknown role', () => {
    const expired = signJwt({ sub: 'u-1', role: 'authenticated', exp: now - 1 }, keys.jwtSecret);
    expect(refused(() => resolveCaller(secrets, { apikey: keys.anonKey, authorization: `Bearer ${expired}` })).reason).toBe('expired_jwt');
    const user = signJwt({ sub: 'u-1', role: 'authenticated', exp: now + 60 }, keys.jwtSecret);
    expect(refused(() => resolveCaller(secrets, { apikey: user })).reason).toBe('invalid_api_key');
    const postgres = signJwt({ role: 'postgres', exp: now + 60 }, keys.jwtSecret);
    expect(refused(() => resolveCaller(secrets, { apikey: keys.anonKey, authorization: `Bearer ${postgres}` })).status).toBe(403);
  });

  it('refuses an unsigned token (alg none)', () => {
    const head = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ role: 'service_role' })).toString('base64url');
    expect(() => verifyProjectToken(`${head}.${body}.`, keys.jwtSecret)).toThrow(CallerError);
  });
});

describe('verified tokens kept between requests', () => {
  it('refuses a token once it expires, though it was accepted before', () => {
    const user = signJwt({ sub: 'u-2', role: 'authenticated', ref, exp: now + 60 }, keys.jwtSecret);
    const headers = { apikey: keys.anonKey, authorization: `Bearer ${user}` };
    expect(resolveCaller(secrets, headers).userId).toBe('u-2');
    expect(verifyProjectToken(user, keys.jwtSecret, now + 59).sub).toBe('u-2');
    expect(refused(() => verifyProjectToken(user, keys.jwtSecret, now + 60)).reason).toBe('expired_jwt');
  });

  it('refuses a token accepted by one project at another, and after its project\'s secret is rotated', () => {
    const user = signJwt({ sub: 'u-3', role: 'authenticated', exp: now + 60 }, keys.jwtSecret);
    expect(resolveCaller(secrets, { apikey: keys.anonKey, authorization: `Bearer ${user}` }).userId).toBe('u-3');
    const other = issueProjectKeys('yyyyyyyyyyyyyyyyyyyy');
    const otherSecrets = { ref: 'yyyyyyyyyyyyyyyyyyyy', jwtSecret: other.jwtSecret };
    expect(refused(() => resolveCaller(otherSecrets, { apikey: other.anonKey, authorization: `Bearer ${user}` })).reason).toBe('invalid_jwt');
    expect(refused(() => resolveCaller(otherSecrets, { apikey: keys.anonKey })).reason).toBe('invalid_api_key');
    const rotated = { ref, jwtSecret: issueProjectKeys(ref).jwtSecret };
    expect(refused(() => resolveCaller(rotated, { apikey: keys.anonKey })).reason).toBe('invalid_api_key');
    // The token is still good where it was signed.
    expect(resolveCaller(secrets, { apikey: keys.anonKey, authorization: `Bearer ${user}` }).userId).toBe('u-3');
  });

  it('answers each token with its own claims, which no caller can change for the next', () => {
    const first = signJwt({ sub: 'u-4', role: 'authenticated', exp: now + 60 }, keys.jwtSecret);
    const changed = signJwt({ sub: 'u-5', role: 'authenticated', exp: now + 60 }, keys.jwtSecret);
    const claims = verifyProjectToken(first, keys.jwtSecret);
    expect(() => {
      (claims as { sub: string }).sub = 'u-5';
    }).toThrow(TypeError);
    expect(verifyProjectToken(first, keys.jwtSecret).sub).toBe('u-4');
    expect(verifyProjectToken(changed, keys.jwtSecret).sub).toBe('u-5');
    const forged = `${first.split('.').slice(0, 2).join('.')}.${changed.split('.')[2]}`;
    expect(refused(() => verifyProjectToken(forged, keys.jwtSecret)).reason).toBe('invalid_jwt');
  });
});
