import { beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '@plinth/platform-core/jwt';
import { issueProjectKeys } from '@plinth/platform-core/project-keys';
import type { ControlEvents } from '@plinth/platform-core/control-events';
import { CallerError, forgetProjectRecords, ProjectRecordCache, resolveCaller, shareProjectRecords, verifyProjectToken } from './caller';

const ref = 'abcdefghijabcdefghij';
let keys: Awaited<ReturnType<typeof issueProjectKeys>>;
let secrets: { ref: string; jwtSecret: string };
const now = Math.floor(Date.now() / 1000);

beforeAll(async () => {
  keys = await issueProjectKeys(ref);
  secrets = { ref, jwtSecret: keys.jwtSecret };
});

async function refused(fn: () => Promise<unknown>): Promise<CallerError> {
  try {
    await fn();
  } catch (err) {
    if (err instanceof CallerError) return err;
    throw err;
  }
  throw new Error('expected the caller to be refused');
}

describe('resolveCaller', () => {
  it('takes the anon key as the anon role and a user token as authenticated', async () => {
    expect((await resolveCaller(secrets, { apikey: keys.anonKey })).role).toBe('anon');
    const user = await signJwt({ sub: 'u-1', role: 'authenticated', ref, exp: now + 60 }, keys.jwtSecret);
    const caller = await resolveCaller(secrets, { apikey: keys.anonKey, authorization: `Bearer ${user}` });
    expect(caller).toMatchObject({ role: 'authenticated', userId: 'u-1' });
  });

  it("refuses a missing key, another project's key and a forged token", async () => {
    expect((await refused(() => resolveCaller(secrets, {}))).reason).toBe('no_api_key');
    const other = await issueProjectKeys('zzzzzzzzzzzzzzzzzzzz');
    expect((await refused(() => resolveCaller(secrets, { apikey: other.anonKey }))).reason).toBe('invalid_api_key');
    const forged = await signJwt({ sub: 'u-1', role: 'service_role', exp: now + 60 }, 'guessed secret');
    expect((await refused(() => resolveCaller(secrets, { apikey: keys.anonKey, authorization: `Bearer ${forged}` }))).reason).toBe('invalid_jwt');
  });

  it('refuses an expired token, a user token used as the API key, and an unknown role', async () => {
    const expired = await signJwt({ sub: 'u-1', role: 'authenticated', exp: now - 1 }, keys.jwtSecret);
    expect((await refused(() => resolveCaller(secrets, { apikey: keys.anonKey, authorization: `Bearer ${expired}` }))).reason).toBe('expired_jwt');
    const user = await signJwt({ sub: 'u-1', role: 'authenticated', exp: now + 60 }, keys.jwtSecret);
    expect((await refused(() => resolveCaller(secrets, { apikey: user }))).reason).toBe('invalid_api_key');
    const postgres = await signJwt({ role: 'postgres', exp: now + 60 }, keys.jwtSecret);
    expect((await refused(() => resolveCaller(secrets, { apikey: keys.anonKey, authorization: `Bearer ${postgres}` }))).status).toBe(403);
  });

  it('refuses an unsigned token (alg none)', async () => {
    const head = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ role: 'service_role', exp: now + 60 })).toString('base64url');
    await expect(verifyProjectToken(`${head}.${body}.`, keys.jwtSecret)).rejects.toThrow(CallerError);
  });
});

describe('verified tokens kept between requests', () => {
  it('refuses a token once it expires, though it was accepted before', async () => {
    const user = await signJwt({ sub: 'u-2', role: 'authenticated', ref, exp: now + 60 }, keys.jwtSecret);
    const headers = { apikey: keys.anonKey, authorization: `Bearer ${user}` };
    expect((await resolveCaller(secrets, headers)).userId).toBe('u-2');
    expect((await verifyProjectToken(user, keys.jwtSecret, now + 59)).sub).toBe('u-2');
    expect((await refused(() => verifyProjectToken(user, keys.jwtSecret, now + 60))).reason).toBe('expired_jwt');
  });

  it("refuses a token accepted by one project at another, and after its project's secret is rotated", async () => {
    const user = await signJwt({ sub: 'u-3', role: 'authenticated', exp: now + 60 }, keys.jwtSecret);
    expect((await resolveCaller(secrets, { apikey: keys.anonKey, authorization: `Bearer ${user}` })).userId).toBe('u-3');
    const other = await issueProjectKeys('yyyyyyyyyyyyyyyyyyyy');
    const otherSecrets = { ref: 'yyyyyyyyyyyyyyyyyyyy', jwtSecret: other.jwtSecret };
    expect((await refused(() => resolveCaller(otherSecrets, { apikey: other.anonKey, authorization: `Bearer ${user}` }))).reason).toBe('invalid_jwt');
    expect((await refused(() => resolveCaller(otherSecrets, { apikey: keys.anonKey }))).reason).toBe('invalid_api_key');
    const rotated = { ref, jwtSecret: (await issueProjectKeys(ref)).jwtSecret };
    expect((await refused(() => resolveCaller(rotated, { apikey: keys.anonKey }))).reason).toBe('invalid_api_key');
    // The token is still good where it was signed.
    expect((await resolveCaller(secrets, { apikey: keys.anonKey, authorization: `Bearer ${user}` })).userId).toBe('u-3');
  });

  it('answers each token with its own claims, which no caller can change for the next', async () => {
    const first = await signJwt({ sub: 'u-4', role: 'authenticated', exp: now + 60 }, keys.jwtSecret);
    const changed = await signJwt({ sub: 'u-5', role: 'authenticated', exp: now + 60 }, keys.jwtSecret);
    const claims = await verifyProjectToken(first, keys.jwtSecret);
    expect(() => {
      (claims as { sub: string }).sub = 'u-5';
    }).toThrow(TypeError);
    expect((await verifyProjectToken(first, keys.jwtSecret)).sub).toBe('u-4');
    expect((await verifyProjectToken(changed, keys.jwtSecret)).sub).toBe('u-5');
    const forged = `${first.split('.').slice(0, 2).join('.')}.${changed.split('.')[2]}`;
    expect((await refused(() => verifyProjectToken(forged, keys.jwtSecret))).reason).toBe('invalid_jwt');
  });
});

describe('project records shared across instances', () => {
  /** Control events as one instance sees them: what it published, and a way to deliver another instance's message. */
  function fakeEvents() {
    const handlers = new Map<string, (payload: string) => void>();
    const resyncs: (() => void)[] = [];
    const published: [string, string][] = [];
    const events: ControlEvents = {
      on: (topic, handler) => void handlers.set(topic, handler),
      onResync: (handler) => void resyncs.push(handler),
      publish: async (topic, payload) => void published.push([topic, payload]),
      close: async () => undefined,
    };
    return { events, published, deliver: (payload: string) => [...handlers.values()].forEach((h) => h(payload)), resync: () => resyncs.forEach((h) => h()) };
  }

  it("reads a project's secret afresh when another instance changed it, and tells the others of this instance's changes", async () => {
    const control = {};
    const cache = new ProjectRecordCache<string>(60_000);
    let stored = 'secret-1';
    const read = () => cache.get(control, 'sharedref1', async () => stored);
    const other = fakeEvents();
    const stop = shareProjectRecords(other.events);
    try {
      expect(await read()).toBe('secret-1');
      stored = 'secret-2';
      expect(await read()).toBe('secret-1'); // kept (60 s here)
      other.deliver('sharedref1'); // rotated on another instance
      expect(await read()).toBe('secret-2');
      stored = 'secret-3';
      other.resync(); // messages may have been lost: everything is read afresh
      expect(await read()).toBe('secret-3');
      forgetProjectRecords('sharedref1');
      expect(other.published).toEqual([['project-services.records', 'sharedref1']]);
    } finally {
      stop();
    }
    forgetProjectRecords('sharedref1');
    expect(other.published).toHaveLength(1);
  });
});
