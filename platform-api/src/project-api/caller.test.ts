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
