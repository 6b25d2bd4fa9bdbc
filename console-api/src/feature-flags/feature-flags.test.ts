import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';
import { createFeatureFlagAdminClient } from '@plinth/contracts-settings';
import { environmentFlags } from './environment';

// Feature flags: the environment's values (PLINTH_FEATURE_FLAGS over the console's defaults), with
// an organization's own settings, kept in the control database, over them.

const ADMIN_EMAIL = 'platform-admin@flags.test';
let h: TestHarness;
let owner: TestUser;
let reader: TestUser;
let outsider: TestUser;
let slug: string;
let ref: string;

beforeAll(async () => {
  process.env.PLINTH_FEATURE_FLAGS = 'ongoing_incident_banner=on, ai_rename=off, mfa_setup=off';
  process.env.PLINTH_PLATFORM_ADMINS = ` someone@elsewhere.test, ${ADMIN_EMAIL.toUpperCase()} `;
  try {
    h = await createTestHarness();
  } finally {
    delete process.env.PLINTH_FEATURE_FLAGS;
    delete process.env.PLINTH_PLATFORM_ADMINS;
  }
  const { user, org, project } = await h.userWithProject();
  owner = user;
  ref = project.ref;
  slug = org.slug;
  reader = await h.signUp();
  // Read-only members are a Team plan role.
  await h.internals.control.query(`update organizations set plan = 'team' where slug = $1`, [slug]);
  await owner.api.organizations.addMember(slug, { email: reader.email, role: 'Read-only' });
  outsider = await h.signUp();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const put = (user: TestUser, flag: string, body: unknown, organization = slug) =>
  user.fetch(`/api/platform/feature-flags/${flag}?organization=${encodeURIComponent(organization)}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'x-csrf-token': user.jar.get('plinth_csrf') ?? '' },
    body: JSON.stringify(body),
  });

describe('feature flags', () => {
  it("answer the environment's values: the defaults, changed by PLINTH_FEATURE_FLAGS", async () => {
    const answer = await owner.api.featureFlags.getFeatureFlags();
    expect(answer.organization).toBeNull();
    expect(answer.flags).toMatchObject({ ongoing_incident_banner: true, ai_rename: false, resource_warnings: true, storage_report: true, navigation_layout_v2: false });
    expect(answer.overridden).toEqual([]);
  });

  it('refuse adding an authenticator while mfa_setup is off for the environment; listing factors still answers', async () => {
    expect((await owner.api.featureFlags.getFeatureFlags()).flags.mfa_setup).toBe(false);
    await expect(owner.api.auth.enrolFactor({ friendly_name: 'phone' })).rejects.toMatchObject({ status: 403, message: 'Setting up multi-factor authentication is turned off' });
    expect((await owner.api.auth.listFactors()).factors).toEqual([]);
  });

  it("an owner's setting applies to the whole organization, survives a restart of the service, and null follows the environment again", async () => {
    const set = await owner.api.featureFlags.setFeatureFlag(slug, 'resource_warnings', false);
    expect(set.flags.resource_warnings).toBe(false);
    expect(set.overridden).toEqual(['resource_warnings']);
    // another member of the organization reads the same value; it is stored, not held in memory
    const stored = await h.internals.control.query<{ flag: string; enabled: boolean }>('select flag, enabled from feature_flag_overrides');
    expect(stored.rows).toEqual([{ flag: 'resource_warnings', enabled: false }]);
    expect((await reader.api.featureFlags.getFeatureFlags({ organization: slug })).flags.resource_warnings).toBe(false);
    // a project's pages read their organization's values
    expect(await reader.api.featureFlags.getFeatureFlags({ project: ref })).toMatchObject({ organization: slug, flags: { resource_warnings: false } });
    // the environment's view and other organizations are untouched
    expect((await outsider.api.featureFlags.getFeatureFlags()).flags.resource_warnings).toBe(true);

    const cleared = await owner.api.featureFlags.setFeatureFlag(slug, 'resource_warnings', null);
    expect(cleared.flags.resource_warnings).toBe(true);
    expect(cleared.overridden).toEqual([]);
  });

  it('a read-only member may read but not change them; another organization is a 404; signed out is a 401', async () => {
    const refused = await put(reader, 'ai_rename', { enabled: true });
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toMatch(/owners and administrators/);
    expect((await outsider.fetch(`/api/platform/feature-flags?organization=${slug}`)).status).toBe(404);
    expect((await outsider.fetch(`/api/platform/feature-flags?project=${ref}`)).status).toBe(404);
    expect((await put(outsider, 'ai_rename', { enabled: true })).status).toBe(404);
    const anonymous = await h.anonymous();
    expect((await anonymous.fetch('/api/platform/feature-flags')).status).toBe(401);
    expect((await owner.api.featureFlags.getFeatureFlags({ organization: slug })).flags.ai_rename).toBe(false);
  });

  it('bad input is a 400 naming the field', async () => {
    const unknown = await put(owner, 'no_such_flag', { enabled: true });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ field: 'flag' });
    const notBoolean = await put(owner, 'ai_rename', { enabled: 'yes' });
    expect(notBoolean.status).toBe(400);
    expect(await notBoolean.json()).toMatchObject({ field: 'enabled' });
    const noOrganization = await owner.fetch('/api/platform/feature-flags/ai_rename', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-csrf-token': owner.jar.get('plinth_csrf') ?? '' },
      body: JSON.stringify({ enabled: true }),
    });
    expect(noOrganization.status).toBe(400);
    expect(await noOrganization.json()).toMatchObject({ field: 'organization' });
  });
});

describe('PLINTH_FEATURE_FLAGS', () => {
  it('accepts on/off values and refuses a flag or value the console does not know, naming it', () => {
    expect(environmentFlags('storage_report=off,mfa_setup=false,navigation_layout_v2').storage_report).toBe(false);
    expect(environmentFlags('navigation_layout_v2').navigation_layout_v2).toBe(true);
    expect(environmentFlags(undefined)).toMatchObject({ resource_warnings: true, ongoing_incident_banner: false });
    expect(() => environmentFlags('dark_mode=on')).toThrow(/unknown flag "dark_mode"/);
    expect(() => environmentFlags('ai_rename=maybe')).toThrow(/ai_rename the value "maybe"/);
  });
});


describe("platform admins' feature flags", () => {
  const admin = (u: TestUser) => createFeatureFlagAdminClient(u.api.http);

  it('an admin sets a value for the whole environment and for an organization it is not a member of; the pages of everyone read them', async () => {
    const platformAdmin = await h.signUp({ email: ADMIN_EMAIL });
    const before = await admin(platformAdmin).getAdminFeatureFlags();
    expect(before.deploy).toMatchObject({ ongoing_incident_banner: true, ai_rename: false, storage_report: true });
    expect(before.environment_overrides).toEqual({});

    const env = await admin(platformAdmin).setAdminFeatureFlag('storage_report', false);
    expect(env.environment_overrides).toEqual({ storage_report: false });
    expect(env.environment.storage_report).toBe(false);
    expect(env.deploy.storage_report).toBe(true);
    // every organization without a setting of its own, and the environment's view, follow it
    expect((await outsider.api.featureFlags.getFeatureFlags()).flags.storage_report).toBe(false);
    expect((await reader.api.featureFlags.getFeatureFlags({ organization: slug })).flags.storage_report).toBe(false);

    const org = await admin(platformAdmin).setAdminFeatureFlag('storage_report', true, slug);
    expect(org.organization).toMatchObject({ slug, overrides: { storage_report: true }, flags: { storage_report: true } });
    expect(org.organizations.map((o) => o.slug)).toContain(slug);
    expect((await reader.api.featureFlags.getFeatureFlags({ project: ref })).flags.storage_report).toBe(true);
    expect((await outsider.api.featureFlags.getFeatureFlags()).flags.storage_report).toBe(false);
    // an organization without settings of its own is found by slug; an unknown one is a 404 naming it
    const viewed = await admin(platformAdmin).getAdminFeatureFlags(slug);
    expect(viewed.organization?.overrides).toEqual({ storage_report: true });
    await expect(admin(platformAdmin).getAdminFeatureFlags('no-such-org')).rejects.toMatchObject({ status: 404, message: 'Organization not found: no-such-org' });

    await admin(platformAdmin).setAdminFeatureFlag('storage_report', null, slug);
    const cleared = await admin(platformAdmin).setAdminFeatureFlag('storage_report', null);
    expect(cleared.environment_overrides).toEqual({});
    expect(cleared.organizations.find((o) => o.slug === slug)).toBeUndefined();
    expect((await outsider.api.featureFlags.getFeatureFlags()).flags.storage_report).toBe(true);
  });

  it("anyone else, an organization's owner included, gets 403 and changes nothing; signed out is a 401", async () => {
    for (const u of [owner, reader, outsider]) {
      await expect(admin(u).getAdminFeatureFlags()).rejects.toMatchObject({ status: 403, message: 'Only platform admins can manage feature flags for the environment and for every organization' });
      await expect(admin(u).setAdminFeatureFlag('ongoing_incident_banner', false)).rejects.toMatchObject({ status: 403 });
      await expect(admin(u).setAdminFeatureFlag('ongoing_incident_banner', false, slug)).rejects.toMatchObject({ status: 403 });
    }
    expect((await owner.api.featureFlags.getFeatureFlags({ organization: slug })).flags.ongoing_incident_banner).toBe(true);
    const anonymous = await h.anonymous();
    expect((await anonymous.fetch('/api/platform/admin/feature-flags')).status).toBe(401);
  });
});
