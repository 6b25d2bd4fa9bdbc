import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@plinth/shared-contracts';
import { createTeamClient, type AuditLogEntry } from '@plinth/contracts-billing';
import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness();
});
afterAll(async () => {
  await h?.close();
});

const team = (u: TestUser) => createTeamClient(u.api.http);
const actions = (entries: AuditLogEntry[]) => entries.map((e) => e.action);

describe('audit logs', () => {
  it('every kind of write in the organization is recorded with who, what, when and from where; filterable by member, action and time', async () => {
    const { user: owner, org, project } = await h.userWithProject();
    // Free plan: the log is kept but read only on team and enterprise.
    await expect(team(owner).auditLogs(org.slug)).rejects.toMatchObject({ status: 403, code: 'PLAN_REQUIRED', message: 'Audit logs are available on the Team and Enterprise plans: this organization is on the Free plan' });
    await owner.api.plans.updateSubscription(org.slug, { plan: 'team' });
    const started = new Date().toISOString();

    const admin = await h.signUp();
    await owner.api.organizations.update(org.slug, { name: 'Renamed team' });
    await owner.api.organizations.addMember(org.slug, { email: admin.email, role: 'Administrator' });
    await owner.api.organizations.updateMember(org.slug, admin.id, { role: 'Developer' });
    await owner.api.organizations.updateMember(org.slug, admin.id, { role: 'Administrator' });
    const inv = await team(admin).invite(org.slug, { email: 'someone@example.com', role: 'Read-only' });
    await team(admin).revokeInvitation(org.slug, inv.id);
    await owner.api.storage.createBucket(project.ref, { id: 'audited', name: 'audited', public: false } as never);
    // A refused write is not recorded; a read is not recorded.
    await expect(owner.api.organizations.updateMember(org.slug, owner.id, { role: 'Developer' })).rejects.toMatchObject({ status: 409 });
    await owner.api.organizations.listMembers(org.slug);
    // A write from elsewhere: the client address of the request.
    const raw = await h.app.inject({
      method: 'POST',
      url: `/api/platform/projects/${project.ref}/pause`,
      remoteAddress: '203.0.113.7',
      headers: { cookie: owner.jar.header(), [CSRF_HEADER]: owner.jar.get('plinth_csrf') ?? '', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(raw.statusCode).toBeLessThan(300);

    const log = await team(owner).auditLogs(org.slug);
    expect(actions(log.entries)).toEqual([
      'POST /platform/projects/:ref/pause',
      'POST /platform/storage/:ref/buckets',
      'DELETE /platform/organizations/:slug/invitations/:id',
      'POST /platform/organizations/:slug/invitations',
      'PATCH /platform/organizations/:slug/members/:userId',
      'PATCH /platform/organizations/:slug/members/:userId',
      'POST /platform/organizations/:slug/members',
      'PATCH /platform/organizations/:slug',
      'PATCH /platform/organizations/:slug/subscription',
      'POST /platform/projects',
    ]);
    const pause = log.entries[0]!;
    expect(pause).toMatchObject({ actor_id: owner.id, actor_email: owner.email, target: `/api/platform/projects/${project.ref}/pause`, status: 200, ip_address: '203.0.113.7', project_ref: project.ref, organization_slug: org.slug });
    expect(Date.parse(pause.occurred_at)).toBeGreaterThanOrEqual(Date.parse(started) - 1000);
    const rename = log.entries.find((e) => e.action === 'PATCH /platform/organizations/:slug')!;
    expect(rename).toMatchObject({ actor_email: owner.email, target: `/api/platform/organizations/${org.slug}`, project_ref: null });

    // By member, by action, by time.
    const byAdmin = await team(owner).auditLogs(org.slug, { actor: admin.id });
    expect(actions(byAdmin.entries)).toEqual(['DELETE /platform/organizations/:slug/invitations/:id', 'POST /platform/organizations/:slug/invitations']);
    expect(byAdmin.total).toBe(2);
    const roleChanges = await team(owner).auditLogs(org.slug, { action: 'PATCH /platform/organizations/:slug/members/:userId' });
    expect(roleChanges.entries).toHaveLength(2);
    expect(roleChanges.entries.every((e) => e.target === `/api/platform/organizations/${org.slug}/members/${admin.id}`)).toBe(true);
    const before = await team(owner).auditLogs(org.slug, { to: started });
    expect(actions(before.entries)).toEqual(['PATCH /platform/organizations/:slug/subscription', 'POST /platform/projects']);
    const after = await team(owner).auditLogs(org.slug, { from: started, limit: 1 });
    expect(after.entries).toHaveLength(1);
    expect(after.total).toBe(log.total - 2);
    await expect(team(owner).auditLogs(org.slug, { from: 'yesterday' })).rejects.toMatchObject({ status: 400, message: expect.stringContaining('from must be an ISO date and time') });

    // Only members write reads it; another organization's entries never show.
    const dev = await h.signUp();
    await owner.api.organizations.addMember(org.slug, { email: dev.email, role: 'Developer' });
    await expect(team(dev).auditLogs(org.slug)).rejects.toMatchObject({ status: 403, message: 'You need the members write permission to read the audit logs' });
    const other = await owner.api.organizations.create({ name: 'Elsewhere' });
    await owner.api.plans.updateSubscription(other.slug, { plan: 'team' });
    expect(actions((await team(owner).auditLogs(other.slug)).entries)).toEqual(['PATCH /platform/organizations/:slug/subscription']);
  });

  it("the account's audit log holds the user's own writes across organizations and on the account, and outlives a deleted organization", async () => {
    const user = await h.signUp();
    const org = await user.api.organizations.create({ name: 'Short lived' });
    await user.api.auth.updateProfile({ first_name: 'Ada' });
    await team(user).deleteOrganization(org.slug, { confirm_name: 'Short lived' });
    const someoneElse = await h.signUp();
    await someoneElse.api.auth.updateProfile({ first_name: 'Grace' });

    const mine = await team(user).accountAuditLogs();
    expect(actions(mine.entries)).toEqual(['DELETE /platform/organizations/:slug', 'PATCH /platform/profile', 'POST /platform/organizations']);
    expect(mine.entries[0]).toMatchObject({ organization_slug: org.slug, actor_id: user.id });
    expect(mine.entries.every((e) => e.actor_id === user.id)).toBe(true);
    expect(actions((await team(user).accountAuditLogs({ action: 'PATCH /platform/profile' })).entries)).toEqual(['PATCH /platform/profile']);
  });
});

describe('OAuth apps', () => {
  it('registering shows the client secret once and keeps only its hash; listed without it; revoked; behind the flag and members write', async () => {
    const { user: owner, org } = await h.userWithProject();
    const created = await team(owner).createOAuthApp(org.slug, { name: 'Deploy bot', redirect_uris: ['https://bot.example.com/callback', 'http://localhost:3000/cb'] });
    expect(created).toMatchObject({ name: 'Deploy bot', redirect_uris: ['https://bot.example.com/callback', 'http://localhost:3000/cb'], created_by: owner.email });
    expect(created.client_secret).toMatch(/^plinth_oas_[A-Za-z0-9_-]{43}$/);
    expect(created.client_id).toMatch(/^[0-9a-f-]{36}$/);
    const listed = await team(owner).listOAuthApps(org.slug);
    expect(listed).toEqual([{ id: created.id, name: 'Deploy bot', client_id: created.client_id, redirect_uris: created.redirect_uris, created_at: created.created_at, created_by: owner.email }]);
    expect(JSON.stringify(listed)).not.toContain(created.client_secret);
    const stored = await h.internals.control.query<{ client_secret_hash: string }>('select client_secret_hash from oauth_apps where id = $1', [created.id]);
    expect(stored.rows[0]!.client_secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.rows[0]!.client_secret_hash).not.toContain(created.client_secret);

    await expect(team(owner).createOAuthApp(org.slug, { name: 'Bad', redirect_uris: ['http://bot.example.com/cb'] })).rejects.toMatchObject({ status: 400, message: expect.stringContaining('A redirect URI must be an https:// URL') });
    await expect(team(owner).createOAuthApp(org.slug, { name: 'None', redirect_uris: [] })).rejects.toMatchObject({ status: 400, message: expect.stringContaining('Add at least one redirect URI') });
    const dev = await h.signUp();
    await owner.api.organizations.addMember(org.slug, { email: dev.email, role: 'Developer' });
    await expect(team(dev).createOAuthApp(org.slug, { name: 'Mine', redirect_uris: ['https://x.example.com'] })).rejects.toMatchObject({ status: 403, message: 'You need the members write permission to register OAuth apps' });
    await expect(team(dev).revokeOAuthApp(org.slug, created.id)).rejects.toMatchObject({ status: 403 });

    await team(owner).revokeOAuthApp(org.slug, created.id);
    expect(await team(owner).listOAuthApps(org.slug)).toEqual([]);
    await expect(team(owner).revokeOAuthApp(org.slug, created.id)).rejects.toMatchObject({ status: 404 });

    await owner.api.featureFlags.setFeatureFlag(org.slug, 'oauth_apps', false);
    await expect(team(owner).listOAuthApps(org.slug)).rejects.toMatchObject({ status: 403, code: 'FEATURE_DISABLED', message: 'OAuth apps are not enabled for this organization' });
  });
});
