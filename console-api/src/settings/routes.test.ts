import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JwtSecretUpdateStatus, ProjectSettings } from '@plinth/contracts-settings';
import { startProjectServer, type ProjectTestServer } from '@plinth/platform-api/testing/project-server';

let s: ProjectTestServer;
const props = (p: string) => `/api/platform/props/project/${s.ref}${p}`;

beforeAll(async () => {
  s = await startProjectServer({ plan: 'pro' });
}, 300_000);
afterAll(async () => s?.close());

function serviceRoleOf(body: ProjectSettings) {
  return body.services[0]!.service_api_keys.find((k) => k.tags.includes('service_role'))!;
}

describe('project settings', () => {
  it('shows the anon key to everyone and the service_role key only with service_api_keys read', async () => {
    const keys = (await s.deps.control.query<{ anon_key: string; service_role_key: string; jwt_secret: string }>('select anon_key, service_role_key, jwt_secret from projects where ref = $1', [s.ref])).rows[0]!;
    const dev = (await s.app.inject({ method: 'GET', url: props('/settings'), headers: await s.as('Developer') })).json() as ProjectSettings;
    expect(dev.services[0]!.service_api_keys.map((k) => k.tags)).toEqual(['anon', 'service_role,secret']);
    expect(serviceRoleOf(dev)).toMatchObject({ api_key: keys.service_role_key, revealed: true });
    // The endpoint is the project's service URL: the project services' port under the other loopback name than the console's.
    const port = s.harness.internals.config.projectPort;
    expect(dev.services[0]!.app_config).toMatchObject({ endpoint: `127.0.0.1:${port}/${s.ref}`, protocol: 'http' });
    const seenAt127 = (await s.app.inject({ method: 'GET', url: props('/settings'), headers: { ...(await s.as('Developer')), host: '127.0.0.1:3000' } })).json() as ProjectSettings;
    expect(seenAt127.services[0]!.app_config).toMatchObject({ endpoint: `localhost:${port}/${s.ref}`, protocol: 'http' });
    const ro = (await s.app.inject({ method: 'GET', url: props('/settings'), headers: await s.as('Read-only') })).json() as ProjectSettings;
    expect(ro.services[0]!.service_api_keys[0]!.api_key).toBe(keys.anon_key);
    expect(serviceRoleOf(ro).revealed).toBe(false);
    expect(serviceRoleOf(ro).api_key).not.toContain(keys.service_role_key.slice(-20));
    const cfg = (await s.app.inject({ method: 'GET', url: `/api/platform/projects/${s.ref}/config`, headers: await s.as('Read-only') })).json();
    expect(cfg.project.jwt_secret).not.toContain(keys.jwt_secret.slice(-12));
    // Pro without the custom-domain add-on (../addons) has no custom domain.
    expect(cfg.customDomain).toEqual({ status: '0_not_allowed', hostname: null });
  });

  it('rotates the JWT secret: Updating, then Updated with keys signed by the new secret', async () => {
    const before = (await s.deps.control.query<{ anon_key: string }>('select anon_key from projects where ref = $1', [s.ref])).rows[0]!.anon_key;
    expect((await s.app.inject({ method: 'GET', url: props('/jwt-secret-update-status'), headers: await s.as('Developer') })).json()).toEqual({ jwtSecretUpdateStatus: null });
    const ro = await s.app.inject({ method: 'POST', url: props('/jwt-secret'), headers: await s.as('Developer'), payload: {} });
    expect(ro.statusCode).toBe(403);
    const start = await s.app.inject({ method: 'POST', url: props('/jwt-secret'), headers: await s.as('Administrator'), payload: {} });
    expect(start.statusCode).toBe(200);
    expect((start.json() as JwtSecretUpdateStatus).jwtSecretUpdateStatus?.meta.status).toBe('Updating');
    let status = 'Updating';
    for (let i = 0; i < 100 && status === 'Updating'; i++) {
      await new Promise((r) => setTimeout(r, 20));
      status = ((await s.app.inject({ method: 'GET', url: props('/jwt-secret-update-status'), headers: await s.as('Read-only') })).json() as JwtSecretUpdateStatus).jwtSecretUpdateStatus!.meta.status;
    }
    expect(status).toBe('Updated');
    const after = (await s.app.inject({ method: 'GET', url: props('/settings'), headers: await s.as('Owner') })).json() as ProjectSettings;
    const anon = after.services[0]!.service_api_keys[0]!.api_key;
    expect(anon).not.toBe(before);
    const claims = JSON.parse(Buffer.from(anon.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ role: 'anon', ref: s.ref });
    const short = await s.app.inject({ method: 'POST', url: props('/jwt-secret'), headers: await s.as('Owner'), payload: { jwt_secret: 'short' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().field).toBe('jwt_secret');
  });

  it('stores a custom hostname on a paid plan with the custom-domain add-on and answers the synthetic statuses', async () => {
    const url = `/api/platform/projects/${s.ref}/custom-hostname`;
    // Pro can buy a custom domain: without the add-on it is not allowed (../addons).
    expect((await s.app.inject({ method: 'GET', url, headers: await s.as('Owner') })).json()).toEqual({ status: '0_not_allowed', data: null });
    const addon = await s.app.inject({ method: 'POST', url: `/api/platform/projects/${s.ref}/billing/addons`, headers: await s.as('Owner'), payload: { addon_variant: 'cd_default' } });
    expect(addon.statusCode).toBe(200);
    expect((await s.app.inject({ method: 'GET', url, headers: await s.as('Read-only') })).json()).toEqual({ status: '0_no_hostname_configured', data: null });
    const bad = await s.app.inject({ method: 'POST', url, headers: await s.as('Owner'), payload: { custom_hostname: 'not a host' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('custom_hostname');
    const set = await s.app.inject({ method: 'POST', url, headers: await s.as('Owner'), payload: { custom_hostname: 'API.Example.com' } });
    expect(set.json()).toMatchObject({ status: '2_initiated', data: { result: { hostname: 'api.example.com', ownership_verification: { type: 'txt', name: '_plinth-challenge.api.example.com' } } } });
    await s.deps.control.query(`update organizations set plan = 'free'`);
    try {
      expect((await s.app.inject({ method: 'GET', url, headers: await s.as('Owner') })).json()).toEqual({ status: '0_not_allowed', data: null });
      const refused = await s.app.inject({ method: 'POST', url, headers: await s.as('Owner'), payload: { custom_hostname: 'x.example.com' } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain('not allowed to set up custom domain');
    } finally {
      await s.deps.control.query(`update organizations set plan = 'pro'`);
    }
    expect((await s.app.inject({ method: 'GET', url: '/api/platform/projects/zzzzzzzzzzzzzzzzzzzz/custom-hostname', headers: await s.as('Owner') })).statusCode).toBe(404);
  });
});
