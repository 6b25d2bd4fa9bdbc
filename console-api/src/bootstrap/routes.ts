import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BOOTSTRAP_PATH, BootstrapQuerySchema, BootstrapSchema, legacyMemberRole, usesLiveCheck, type Bootstrap, type BootstrapProject, type PermissionKey } from '@plinth/shared-contracts';
import { HttpError, type ApiDeps, type RouteModule } from '@plinth/platform-core/deps';
import { ensureCsrfCookie } from '@plinth/platform-core/cookies';
import { environmentFlags } from '../feature-flags';
import { FeatureFlagService } from '../feature-flags/service';

const SIGNED_OUT: Bootstrap = { session: { user: null, aal: null }, organizations: null, projects: null, project: null };

/**
 * GET /platform/bootstrap[?project=ref]: the session, the member's organizations and projects and
 * the project of the address being opened, in one answer, so that a cold page of the console asks
 * once instead of in waves (issue 21). Every part is read through the same services and access
 * checks as its own route: a signed-out caller (or one who still owes a second factor) gets the
 * session alone, and a project the member may not see is left out (null), never named.
 */
export const bootstrapRoutes: RouteModule = (app, deps) => {
  const { access, cookies, organizations, projects } = deps.services;
  const flags = new FeatureFlagService(deps.control, environmentFlags(process.env.PLINTH_FEATURE_FLAGS));
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(BOOTSTRAP_PATH, { schema: { tags: ['auth'], querystring: BootstrapQuerySchema, response: { 200: BootstrapSchema } } }, async (req, reply) => {
    // The console's writes echo this cookie; the page's session check used to set it.
    ensureCsrfCookie(req, reply, cookies);
    reply.header('cache-control', 'no-store');
    const session = await access.session(req);
    if (!session) return SIGNED_OUT;
    const aal = { currentLevel: session.currentLevel, nextLevel: session.nextLevel };
    if (session.currentLevel !== session.nextLevel) return { ...SIGNED_OUT, session: { user: session.user, aal } };
    const ref = req.query.project;
    const [orgList, projectList, project] = await Promise.all([
      organizations.listFor(session.user.id),
      projects.listFor(session.user.id),
      ref ? projectPart(req, ref) : null,
    ]);
    return { session: { user: session.user, aal }, organizations: orgList, projects: projectList, project };
  });

  /** The project's part, or null when the member may not see it (the project routes' 404). */
  async function projectPart(req: FastifyRequest, ref: string): Promise<BootstrapProject | null> {
    let granted;
    try {
      granted = await access.requireProjectAccess(req, ref);
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return null;
      throw error;
    }
    const { project: record, role, permissions } = granted;
    const [project, status, members, featureFlags] = await Promise.all([
      projects.get(ref),
      projects.status(ref),
      organizations.members(record.organizationId),
      flags.forOrganization({ id: record.organizationId, slug: record.organizationSlug }),
    ]);
    return {
      project,
      status: { status },
      reachable: status === 'ACTIVE_HEALTHY' && (await reachable(deps, ref, project.kpsVersion)),
      // The bootstrap answer is read by builds of every 1.x contracts: a role they do not know is told as legacyMemberRole of it; the permissions are the role's own.
      role: legacyMemberRole(role),
      permissions: [...permissions] as PermissionKey[],
      members,
      featureFlags,
    };
  }
};

/**
 * The connecting screen's check (GET /projects/{ref}/live, or the REST root for an older project
 * API), answered here so that a page of a running project does not wait for a second call.
 */
async function reachable(deps: ApiDeps, ref: string, kpsVersion: string): Promise<boolean> {
  if (!deps.databases.isOpen(ref)) return false;
  if (usesLiveCheck(kpsVersion)) return true;
  return deps.services.projectServices.rest.serving(ref).catch(() => false);
}
