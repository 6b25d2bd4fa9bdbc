import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '@plinth/platform-core/config';
import { DEFAULT_AUTH_LIMITS } from '@plinth/platform-core/rate-limit';
import { buildServer } from './server';
import { createTestHarness, type TestHarness } from './testing/harness';

// Several API instances on one control database (issue 28). On a Postgres server, instance B is a
// second server on instance A's control database (a data directory of its own): limits, sessions
// and project statuses are shared. The embedded database is one process's alone: a second server
// on its data directory is refused.
const PROXY = '10.9.0.1';
const authLimits = { ...DEFAULT_AUTH_LIMITS, signInFailuresPerAddress: 6 };
let h: TestHarness;
let b: FastifyInstance | null = null;
let bDir: string | null = null;

beforeAll(async () => {
  h = await createTestHarness({ authLimits, trustProxy: [PROXY] });
});
afterAll(async () => {
  await b?.close();
  await h?.close();
  if (bDir) await rm(bDir, { recursive: true, force: true });
});

/** Instance B on A's control database (server mode only). */
async function instanceB(): Promise<FastifyInstance> {
  bDir ??= await mkdtemp(path.join(os.tmpdir(), 'plinth-instance-b-'));
  b ??= await buildServer({ logger: false, admin: null, spareDatabase: false, authLimits, trustProxy: [PROXY], dataDir: bDir, databaseUrl: h.internals.config.databaseUrl! });
  return b;
}

/** A client of `app` at `address` (with X-Forwarded-For when given): GET session for the CSRF cookie, then JSON posts. */
async function clientOf(app: FastifyInstance, address: string, forwardedFor?: string) {
  const extra: Record<string, string> = forwardedFor ? { 'x-forwarded-for': forwardedFor } : {};
  const first = await app.inject({ method: 'GET', url: '/api/auth/session', remoteAddress: address, headers: extra });
  const csrf = /plinth_csrf=([^;]+)/.exec(String([first.headers['set-cookie']].flat().join('\n')))?.[1] ?? '';
  return (url: string, body: unknown, headers: Record<string, string> = extra) =>
    app.inject({ method: 'POST', url, remoteAddress: address, payload: JSON.stringify(body), headers: { cookie: `plinth_csrf=${csrf}`, 'x-csrf-token': csrf, 'content-type': 'application/json', ...headers } });
}

const wrongSignIn = (email: string) => ({ email, password: 'not the password at all' });

describe('instances on one control database', () => {
  it('refuses the sixth failed sign-in on either instance after five spread over both (server), or refuses a second instance on an embedded data directory', async () => {
    if (h.mode === 'embedded') {
      await expect(buildServer({ logger: false, admin: null, dataDir: h.dataDir })).rejects.toThrow();
      return;
    }
    const user = await h.signUp();
    const address = '198.51.100.61';
    const onA = await clientOf(h.app, address);
    const onB = await clientOf(await instanceB(), address);
    for (let i = 0; i < 5; i++) expect((await (i % 2 ? onB : onA)('/api/auth/sign-in', wrongSignIn(user.email))).statusCode).toBe(400);
    for (const post of [onA, onB]) {
      const refused = await post('/api/auth/sign-in', { email: user.email, password: user.password });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    }
    // From another address the right password still signs in, on B.
    expect((await (await clientOf(await instanceB(), '198.51.100.62'))('/api/auth/sign-in', { email: user.email, password: user.password })).statusCode).toBe(200);
  });

  it('ends on every instance a session signed out on one (server)', async () => {
    const user = await h.signUp();
    // The session cookie as it was before signing out (signing out clears it from the jar): a copy kept by anyone.
    const cookie = `plinth_session=${user.jar.get('plinth_session')}`;
    const on = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/api/platform/profile', headers: { cookie } }).then((r) => r.statusCode);
    if (h.mode === 'embedded') {
      expect(await on(h.app)).toBe(200);
      await user.api.auth.signOut();
      expect(await on(h.app)).toBe(401);
      return;
    }
    const other = await instanceB();
    expect(await on(other)).toBe(200);
    await user.api.auth.signOut();
    let status = 0;
    for (let i = 0; i < 100 && status !== 401; i++) {
      status = await on(other);
      if (status !== 401) await new Promise((r) => setTimeout(r, 20));
    }
    expect(status).toBe(401);
  });

  it('shows on instance B the pause done through instance A (server: LISTEN/NOTIFY)', async () => {
    const { user, project } = await h.userWithProject();
    if (h.mode === 'embedded') {
      await user.api.projects.pause(project.ref);
      await h.waitForStatus(user, project.ref, 'INACTIVE');
      expect(await h.internals.projects.status(project.ref)).toBe('INACTIVE');
      return;
    }
    const other = await instanceB();
    expect(await other.plinth.projects.status(project.ref)).toBe('ACTIVE_HEALTHY');
    await user.api.projects.pause(project.ref);
    await h.waitForStatus(user, project.ref, 'INACTIVE');
    let seen = '';
    for (let i = 0; i < 100 && seen !== 'INACTIVE'; i++) {
      seen = await other.plinth.projects.status(project.ref);
      if (seen !== 'INACTIVE') await new Promise((r) => setTimeout(r, 20));
    }
    expect(seen).toBe('INACTIVE');
    // And B answers it over HTTP to the same user (their cookie works on any instance).
    const answer = await user.jar.injectFetch(other)(`/api/platform/projects/${project.ref}/status`);
    expect(await answer.json()).toMatchObject({ status: 'INACTIVE' });
  });

  it("refuses a project's app sign-in past its sign_ups_sign_ins limit on either instance, counted over both (server; embedded: one)", async () => {
    const { user, project } = await h.userWithProject();
    const limited = await user.fetch(`/api/platform/auth/${project.ref}/rate-limits`, {
      method: 'PATCH',
      body: JSON.stringify({ sign_ups_sign_ins: 3 }),
      headers: { 'content-type': 'application/json', 'x-csrf-token': user.jar.get('plinth_csrf') ?? '' },
    });
    expect(limited.status).toBe(200);
    const keys = await h.internals.control.query<{ anon_key: string }>('select anon_key from projects where ref = $1', [project.ref]);
    // Which project databases are open is still each instance's own (a project created after B started
    // is not open on B until B opens it, as its start would): B opens it here.
    if (h.mode === 'server') await (await instanceB()).plinth.databases.openDatabase(project.ref);
    const services = [h.services, h.mode === 'server' ? (await instanceB()).plinth.services : h.services];
    const signIn = (i: number) =>
      services[i % 2]!.inject({
        method: 'POST',
        url: `/${project.ref}/auth/v1/token?grant_type=password`,
        remoteAddress: '198.51.100.81',
        headers: { apikey: keys.rows[0]!.anon_key, 'content-type': 'application/json' },
        payload: JSON.stringify({ email: `app-${i}@example.com`, password: 'wrong password' }),
      });
    for (let i = 0; i < 3; i++) expect((await signIn(i)).json()).toMatchObject({ error_code: 'invalid_credentials' });
    for (const i of [3, 4]) {
      const refused = await signIn(i);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error_code: 'over_request_rate_limit' });
    }
  });

  it('serves on instance B a custom hostname activated through instance A at once, not after its 30 s re-read (server)', async () => {
    const hostname = `shop-${randomBytes(4).toString('hex')}.example.com`;
    const ref = `ch${randomBytes(9).toString('hex')}`;
    const other = h.mode === 'server' ? await instanceB() : h.app;
    await h.internals.control.query(`insert into custom_hostnames (project_ref, id, hostname, status, ssl_status) values ($1, $2, $3, '5_services_reconfigured', 'active')`, [ref, ref, hostname]);
    expect(other.plinth.projectUrls.refOfHost(hostname)).toBeNull();
    await h.internals.customHosts.refresh();
    let seen: string | null = null;
    for (let i = 0; i < 100 && !seen; i++) {
      seen = other.plinth.projectUrls.refOfHost(hostname);
      if (!seen) await new Promise((r) => setTimeout(r, 20));
    }
    expect(seen).toBe(ref);
    await h.internals.control.query('delete from custom_hostnames where project_ref = $1', [ref]);
    await h.internals.customHosts.refresh();
  });
});

describe('client address behind a proxy (PLINTH_TRUST_PROXY)', () => {
  it('ignores X-Forwarded-For from a peer that is not a trusted proxy: forged addresses are counted as the peer', async () => {
    const peer = '198.51.100.71';
    for (let i = 0; i < 6; i++) {
      const post = await clientOf(h.app, peer, `203.0.113.${100 + i}`);
      expect((await post('/api/auth/sign-in', wrongSignIn(`forger-${i}-${randomBytes(3).toString('hex')}@example.com`))).statusCode).toBe(400);
    }
    const post = await clientOf(h.app, peer, '203.0.113.200');
    const refused = await post('/api/auth/sign-in', wrongSignIn('forger-last@example.com'));
    expect(refused.statusCode).toBe(429);
  });

  it('takes the client address from X-Forwarded-For when the peer is a trusted proxy (the nearest untrusted hop, not a forged first one)', async () => {
    for (let i = 0; i < 6; i++) {
      // A client's own forged first hop does not change the address the proxy saw.
      const post = await clientOf(h.app, PROXY, `192.0.2.${i}, 203.0.113.1`);
      expect((await post('/api/auth/sign-in', wrongSignIn(`behind-${i}-${randomBytes(3).toString('hex')}@example.com`))).statusCode).toBe(400);
    }
    expect((await (await clientOf(h.app, PROXY, '203.0.113.1'))('/api/auth/sign-in', wrongSignIn('behind-last@example.com'))).statusCode).toBe(429);
    // Another client behind the same proxy is not locked out.
    expect((await (await clientOf(h.app, PROXY, '203.0.113.2'))('/api/auth/sign-in', wrongSignIn('behind-other@example.com'))).statusCode).toBe(400);
  });

  it('refuses a PLINTH_TRUST_PROXY entry that is no address, range or known name, naming it', () => {
    expect(resolveConfig({}, { PLINTH_TRUST_PROXY: ' 10.0.0.0/8, loopback ,fd00::/8' }).trustProxy).toEqual(['10.0.0.0/8', 'loopback', 'fd00::/8']);
    expect(resolveConfig({}, {}).trustProxy).toBeNull();
    expect(() => resolveConfig({}, { PLINTH_TRUST_PROXY: '10.0.0.1,proxy.example.com' })).toThrow(/"proxy\.example\.com" is not an IP address/);
    expect(() => resolveConfig({}, { PLINTH_TRUST_PROXY: '10.0.0.0/33' })).toThrow(/10\.0\.0\.0\/33/);
  });
});
