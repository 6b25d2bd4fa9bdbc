import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as OTPAuth from 'otpauth';
import { BootstrapSchema, ROLE_PERMISSIONS, type Bootstrap, type Organization, type Project } from '@plinth/shared-contracts';
import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';

// GET /api/platform/bootstrap: the one call a cold page of the console makes before it shows
// anything. Each part must be what the part's own route answers the same member, and nothing the
// member could not read there.

let h: TestHarness;
let owner: TestUser;
let reader: TestUser;
let outsider: TestUser;
let org: Organization;
let project: Project;

beforeAll(async () => {
  h = await createTestHarness();
  ({ user: owner, org, project } = await h.userWithProject());
  await h.waitForStatus(owner, project.ref, 'ACTIVE_HEALTHY');
  reader = await h.signUp();
  // Read-only is a Team plan role.
  await owner.api.plans.updateSubscription(org.slug, { plan: 'team' });
  await owner.api.organizations.addMember(org.slug, { email: reader.email, role: 'Read-only' });
  outsider = await h.userWithProject().then((made) => made.user);
}, 120_000);
afterAll(async () => {
  await h?.close();
});

async function bootstrap(fetcher: typeof fetch, ref?: string): Promise<{ status: number; body: Bootstrap; headers: Headers }> {
  const answer = await fetcher(`/api/platform/bootstrap${ref === undefined ? '' : `?project=${encodeURIComponent(ref)}`}`);
  const body = await answer.json();
  return { status: answer.status, body, headers: answer.headers };
}

describe('the console bootstrap', () => {
  it("answers a member's session, organizations, projects and the opened project as their own routes do", async () => {
    const { status, body, headers } = await bootstrap(owner.fetch, project.ref);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(BootstrapSchema.safeParse(body).success).toBe(true);
    expect(body.session).toEqual(await owner.api.auth.getSession());
    expect(body.organizations).toEqual(await owner.api.organizations.list());
    expect(body.projects).toEqual(await owner.api.projects.list());
    const opened = body.project!;
    expect(opened.project).toEqual(await owner.api.projects.get(project.ref));
    expect(opened.status).toEqual(await owner.api.projects.getStatus(project.ref));
    expect(opened.status.status).toBe('ACTIVE_HEALTHY');
    expect(opened.reachable).toBe(true);
    expect(opened.role).toBe('Owner');
    expect([...opened.permissions].sort()).toEqual([...ROLE_PERMISSIONS.Owner].sort());
    expect(opened.members).toEqual(await owner.api.organizations.listMembers(org.slug));
    expect(opened.featureFlags).toEqual(await owner.api.featureFlags.getFeatureFlags({ project: project.ref }));
  });

  it("gives a read-only member that role's permissions, and leaves the project out when no ref is asked for", async () => {
    const { body } = await bootstrap(reader.fetch, project.ref);
    expect(body.project?.role).toBe('Read-only');
    expect([...body.project!.permissions].sort()).toEqual([...ROLE_PERMISSIONS['Read-only']].sort());
    expect(body.project!.permissions).not.toContain('projects_write');
    const plain = await bootstrap(reader.fetch);
    expect(plain.body.project).toBeNull();
    expect(plain.body.projects?.map((p) => p.ref)).toEqual([project.ref]);
  });

  it("gives nothing of another tenant's project: not the project, its members or its organization", async () => {
    const { status, body } = await bootstrap(outsider.fetch, project.ref);
    expect(status).toBe(200);
    expect(body.project).toBeNull();
    expect(body.organizations?.map((o) => o.slug)).not.toContain(org.slug);
    expect(body.projects?.map((p) => p.ref)).not.toContain(project.ref);
    expect(JSON.stringify(body)).not.toContain(owner.email);
    // an unknown ref reads the same as someone else's
    expect((await bootstrap(outsider.fetch, 'abcdefghijabcdefghij')).body.project).toBeNull();
  });

  it('answers a signed-out request with "signed out" alone, and sets the CSRF cookie the console writes with', async () => {
    const anonymous = await h.anonymous();
    const { status, body, headers } = await bootstrap(anonymous.fetch, project.ref);
    expect(status).toBe(200);
    expect(body).toEqual({ session: { user: null, aal: null }, organizations: null, projects: null, project: null });
    const fresh = await h.app.inject({ method: 'GET', url: `/api/platform/bootstrap?project=${project.ref}` });
    expect(fresh.statusCode).toBe(200);
    expect(String(fresh.headers['set-cookie'])).toContain('plinth_csrf=');
    expect(headers.get('content-type')).toContain('application/json');
  });

  it('answers a session that still owes its second factor with the session alone', async () => {
    const user = await h.signUp();
    const factor = await user.api.auth.enrolFactor({ friendly_name: 'phone' });
    const code = () => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(factor.totp.secret) }).generate();
    await user.api.auth.verifyFactor(factor.id, { code: code() });
    const again = await h.signIn(user.email, user.password);
    const { body } = await bootstrap(again.fetch, project.ref);
    expect(body).toEqual({
      session: { user: { id: user.id, email: user.email, username: expect.any(String) }, aal: { currentLevel: 'aal1', nextLevel: 'aal2' } },
      organizations: null,
      projects: null,
      project: null,
    });
  });

  it('refuses a ref that is no ref with a 400 naming the field, not a 500', async () => {
    const answer = await owner.fetch(`/api/platform/bootstrap?project=${'x'.repeat(65)}`);
    expect(answer.status).toBe(400);
    expect((await answer.json()).message).toMatch(/project/);
  });
});
