import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@plinth/shared-contracts';
import type { CustomHostname } from '@plinth/contracts-settings';
import { startProjectServer, type ProjectTestServer } from '@plinth/platform-api/testing/project-server';
import { startTestDnsServer, type TestDnsServer } from '@plinth/platform-api/testing/dns-server';
import type { TestUser } from '@plinth/platform-api/testing';

// A custom domain from the owner's first step to the project services answering on it: the TXT
// record is read through the platform's configured resolver (a DNS server of the test's own), an
// active hostname belongs to one project, and only members allowed to change the project can.
// On both databases.

const HOST = 'api.tenant-one.example';
let s: ProjectTestServer;
let dns: TestDnsServer;
let other: { user: TestUser; ref: string };
const url = (ref = s.ref) => `/api/platform/projects/${ref}/custom-hostname`;

beforeAll(async () => {
  dns = await startTestDnsServer();
  s = await startProjectServer({ plan: 'pro', server: { dnsServers: [dns.address] } });
  // A second tenant with a paid plan of its own.
  const { user, org, project } = await s.harness.userWithProject();
  const res = await user.fetch(`/api/platform/organizations/${org.slug}/subscription`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: user.jar.get('plinth_csrf') ?? '' },
    body: JSON.stringify({ plan: 'pro' }),
  });
  expect(res.ok).toBe(true);
  // Pro allows a custom domain with the custom-domain add-on (../addons): both tenants buy it.
  const addon = await user.fetch(`/api/platform/projects/${project.ref}/billing/addons`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: user.jar.get('plinth_csrf') ?? '' },
    body: JSON.stringify({ addon_variant: 'cd_default' }),
  });
  expect(addon.ok).toBe(true);
  const own = await s.app.inject({ method: 'POST', url: `/api/platform/projects/${s.ref}/billing/addons`, headers: await s.as('Owner'), payload: { addon_variant: 'cd_default' } });
  expect(own.statusCode).toBe(200);
  other = { user, ref: project.ref };
}, 300_000);
afterAll(async () => {
  await s?.close();
  await dns?.close();
});

async function call(method: 'GET' | 'POST' | 'DELETE', path: string, headers: Record<string, string>, payload?: unknown) {
  const res = await s.app.inject({ method, url: path, headers, ...(payload ? { payload: payload as object } : {}) });
  return { status: res.statusCode, body: res.json() as CustomHostname & { message?: string; code?: string; field?: string } };
}
const otherHeaders = () => ({ cookie: other.user.jar.header(), [CSRF_HEADER]: other.user.jar.get('plinth_csrf') ?? '' });
const viaHost = (path: string, host = HOST) => s.harness.services.inject({ method: 'GET', url: path, headers: { host } });

describe('a custom domain', () => {
  it('is proved by its TXT record, then activated, and the project services answer on it', async () => {
    const owner = await s.as('Owner');
    expect((await call('POST', url(), await s.as('Developer'), { custom_hostname: HOST })).status).toBe(403);

    const added = await call('POST', url(), owner, { custom_hostname: HOST });
    expect(added.status).toBe(200);
    expect(added.body.status).toBe('2_initiated');
    const record = added.body.data!.result!.ownership_verification!;
    expect(record).toMatchObject({ type: 'txt', name: `_plinth-challenge.${HOST}` });
    expect(record.value).toMatch(/^plinth-verification=[\w-]{20,}$/);
    // Adding the same hostname again keeps the record the owner may have published already.
    expect((await call('POST', url(), owner, { custom_hostname: HOST.toUpperCase() })).body.data!.result!.ownership_verification!.value).toBe(record.value);

    // Not active yet: it cannot be activated, and the services do not answer on it.
    const early = await call('POST', `${url()}/activate`, owner);
    expect(early.status).toBe(409);
    expect(early.body.message).toContain('not verified yet');
    expect((await viaHost('/auth/v1/health')).statusCode).toBe(404);

    // No record: the check says which record to publish.
    const missing = await call('POST', `${url()}/reverify`, owner);
    expect(missing.body.status).toBe('2_initiated');
    expect(missing.body.data!.result!.verification_errors![0]).toBe(
      `No TXT record was found at _plinth-challenge.${HOST}. Add one with the value ${record.value}; DNS changes can take a few minutes to be seen.`,
    );
    // Another value (someone else's claim): not proved, and the value found is quoted.
    dns.setTxt(record.name, 'plinth-verification=of-someone-else');
    const wrong = await call('POST', `${url()}/reverify`, owner);
    expect(wrong.body.status).toBe('2_initiated');
    expect(wrong.body.data!.result!.verification_errors![0]).toContain('has "plinth-verification=of-someone-else", not');

    // Published among other values: proved.
    dns.setTxt(record.name, 'v=spf1 -all', record.value);
    const proved = await call('POST', `${url()}/reverify`, owner);
    expect(proved.body).toMatchObject({ status: '4_origin_setup_completed', data: { result: { ssl: { status: 'active' }, verification_errors: [] } } });
    expect((await viaHost('/auth/v1/health')).statusCode).toBe(404);

    const active = await call('POST', `${url()}/activate`, owner);
    expect(active.body).toMatchObject({ status: '5_services_reconfigured', data: { result: { hostname: HOST, status: 'active' } } });
    expect((await viaHost('/auth/v1/health')).statusCode).toBe(200);
    expect((await viaHost('/auth/v1/health', `${HOST.toUpperCase()}:443`)).statusCode).toBe(200);

    // The project's config says so, which is what the console's copied URLs follow (001 §4).
    const config = (await s.app.inject({ method: 'GET', url: `/api/platform/projects/${s.ref}/config`, headers: await s.as('Read-only') })).json();
    expect(config.customDomain).toEqual({ status: '5_services_reconfigured', hostname: HOST });
  });

  it("belongs to one project: another tenant can neither take an active hostname nor prove it with the first one's record", async () => {
    const taken = await call('POST', url(other.ref), otherHeaders(), { custom_hostname: HOST });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'HOSTNAME_TAKEN', field: 'custom_hostname', message: `${HOST} is already the custom domain of another project` });
    // Another tenant's ids give nothing of this project's hostname.
    expect((await call('GET', url(s.ref), otherHeaders())).status).toBe(404);
    expect((await call('POST', `${url(s.ref)}/reverify`, otherHeaders())).status).toBe(404);
    expect((await call('DELETE', url(s.ref), otherHeaders())).status).toBe(404);

    // Once the first project lets it go, the other may claim it, with a record of its own to publish.
    const published = (await call('GET', url(), await s.as('Owner'))).body.data!.result!.ownership_verification!;
    expect((await call('DELETE', url(), await s.as('Owner'))).body.status).toBe('0_no_hostname_configured');
    expect((await viaHost('/auth/v1/health')).statusCode).toBe(404);
    const claimed = await call('POST', url(other.ref), otherHeaders(), { custom_hostname: HOST });
    expect(claimed.status).toBe(200);
    expect(claimed.body.data!.result!.ownership_verification!.value).not.toBe(published.value);
    // The TXT record still holds the first project's value only: not the other's proof.
    expect((await call('POST', `${url(other.ref)}/reverify`, otherHeaders())).body.status).toBe('2_initiated');
    expect((await call('POST', `${url(other.ref)}/activate`, otherHeaders())).status).toBe(409);
    await call('DELETE', url(other.ref), otherHeaders());
  });

  it('refuses what cannot be a domain and answers the free plan with the synthetic status', async () => {
    const owner = await s.as('Owner');
    for (const bad of ['localhost', '127.0.0.1', 'exa mple.com', '-bad.example.com', `${'a'.repeat(64)}.example.com`, 'x'.repeat(300)]) {
      const res = await call('POST', url(), owner, { custom_hostname: bad });
      expect([bad, res.status, res.body.field]).toEqual([bad, 400, 'custom_hostname']);
    }
    expect((await call('POST', `${url()}/reverify`, owner)).body.message).toContain('custom hostname configuration');
    await s.deps.control.query(`update organizations set plan = 'free' where slug = $1`, [s.orgSlug]);
    try {
      for (const path of ['', '/reverify', '/activate']) {
        const res = await call('POST', `${url()}${path}`, owner, path ? undefined : { custom_hostname: 'free.example.com' });
        expect([path, res.status, res.body.message]).toEqual([path, 400, expect.stringContaining('not allowed to set up custom domain')]);
      }
    } finally {
      await s.deps.control.query(`update organizations set plan = 'pro' where slug = $1`, [s.orgSlug]);
    }
  });
});
