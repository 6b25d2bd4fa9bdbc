/**
 * One project on the real server, for a domain's route tests that call it with `app.inject`: the
 * harness (createTestHarness) with an organization and an ACTIVE_HEALTHY project, and signed-in
 * members by role whose cookies and CSRF token `as(role)` gives as request headers.
 */
import type { FastifyInstance } from 'fastify';
import { CSRF_HEADER, type MemberRole, type PlanId } from '@plinth/shared-contracts';
import type { ApiDeps } from '@plinth/platform-core/deps';
import type { ServerOptions } from '@plinth/platform-core/config';
import { createTestHarness, type TestHarness, type TestUser } from './harness';

export interface ProjectTestServer {
  harness: TestHarness;
  app: FastifyInstance;
  deps: ApiDeps;
  ref: string;
  projectId: number;
  orgSlug: string;
  dataDir: string;
  /** Bytes of egress counted for a project since the server started (the periodic write to the database is off). */
  egress: { get(ref: string): number };
  /**
   * Request headers (cookies, CSRF token) of a member of the project's organization with this role:
   * the project's owner for 'Owner', else one member per `who` (made on first use, its role changed
   * when asked for another).
   */
  as(role: MemberRole, who?: string): Promise<Record<string, string>>;
  /** The user id of the member `as(role, who)` made (the owner's without `who`). */
  idOf(who?: string): string;
  close(): Promise<void>;
}

export async function startProjectServer(options: { plan?: PlanId; server?: ServerOptions } = {}): Promise<ProjectTestServer> {
  const harness = await createTestHarness(options.server);
  const { internals } = harness;
  await internals.egress.stop();
  const { user: owner, org, project } = await harness.userWithProject();
  if (options.plan && options.plan !== 'free') {
    const res = await owner.fetch(`/api/platform/organizations/${org.slug}/subscription`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', [CSRF_HEADER]: owner.jar.get('plinth_csrf') ?? '' },
      body: JSON.stringify({ plan: options.plan }),
    });
    if (!res.ok) throw new Error(`could not move the organization to ${options.plan}: ${res.status}`);
  }
  const members = new Map<string, { user: TestUser; role: MemberRole }>();
  let onTeamPlan = options.plan === 'team' || options.plan === 'enterprise';

  const headersOf = (user: TestUser) => ({ cookie: user.jar.header(), [CSRF_HEADER]: user.jar.get('plinth_csrf') ?? '' });
  return {
    harness,
    app: harness.app,
    deps: internals.deps,
    ref: project.ref,
    projectId: project.id,
    orgSlug: org.slug,
    dataDir: harness.dataDir,
    egress: { get: (ref) => internals.egress.unflushed(ref) },
    async as(role, who) {
      if (role === 'Owner' && !who) return headersOf(owner);
      const key = who ?? `default ${role}`;
      let m = members.get(key);
      // Administrator and Read-only are Team plan roles (001 §6): the organization moves to Team the first time one is asked for.
      if ((role === 'Administrator' || role === 'Read-only') && !onTeamPlan) {
        await owner.api.plans.updateSubscription(org.slug, { plan: 'team' });
        onTeamPlan = true;
      }
      if (!m) {
        const user = await harness.signUp();
        await owner.api.organizations.addMember(org.slug, { email: user.email, role });
        members.set(key, (m = { user, role }));
      } else if (m.role !== role) {
        await owner.api.organizations.updateMember(org.slug, m.user.id, { role });
        m.role = role;
      }
      return headersOf(m.user);
    },
    idOf(who) {
      if (!who) return owner.id;
      const m = members.get(who);
      if (!m) throw new Error(`no member ${who} yet: call as(role, who) first`);
      return m.user.id;
    },
    close: () => harness.close(),
  };
}
