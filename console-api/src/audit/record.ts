import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiDeps } from '@plinth/platform-core/deps';

/** Calls made with POST that only read (lists, pages, downloads, signed URLs, suggestions): not written to the audit log. */
const READ_ONLY_POSTS = [/\/download$/, /\/list$/, /\/objects\/page$/, /\/rows\/page$/, /\/public-url$/, /\/sign$/, /\/query\/rows$/, /\/policy-test$/, /\/logs\.all$/, /\/name-suggestion$/, /^\/ai\//, /\/query\/cancel$/, /\/invitations\/preview$/];
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface AuditContext {
  actorId: string;
  actorEmail: string;
  organizationId: number | null;
  organizationSlug: string | null;
  projectRef: string | null;
}

const contexts = new WeakMap<FastifyRequest, AuditContext>();

/** The route's template without the prefix the API is mounted under (/api). */
const routePath = (req: FastifyRequest): string | undefined => req.routeOptions.url?.replace(/^\/api(?=\/)/, '');

/** The route template as the audit log names an action: "PATCH /platform/organizations/:slug". */
export function auditAction(req: FastifyRequest): string | null {
  const url = routePath(req);
  if (!url || !WRITE_METHODS.has(req.method)) return null;
  if (req.method === 'POST' && READ_ONLY_POSTS.some((re) => re.test(url))) return null;
  return `${req.method} ${url}`;
}

/**
 * The one place writes are recorded: every successful POST, PUT, PATCH or DELETE of a signed-in
 * user on the console API (reads made with POST aside) becomes an audit entry with who (the
 * session's user), what (the route and the path called), when, from where (the request's client
 * address, req.ip) and the organization or project it was made in. The context is read before the
 * handler (so a deleted organization or project is still named) and written once the answer is
 * known, before it is sent; a refused write (4xx, 5xx) is not recorded.
 */
export function auditWrites(scope: FastifyInstance, deps: ApiDeps): void {
  const { access } = deps.services;
  scope.addHook('preHandler', async (req) => {
    if (!auditAction(req)) return;
    const session = await access.session(req).catch(() => null);
    if (!session) return;
    const params = (req.params ?? {}) as Record<string, string | undefined>;
    const url = routePath(req) ?? '';
    let organizationId: number | null = null;
    let organizationSlug: string | null = null;
    let projectRef: string | null = null;
    if (params.ref) {
      const p = await access.project(params.ref);
      if (p) {
        projectRef = p.ref;
        organizationId = p.organizationId;
        organizationSlug = p.organizationSlug;
      }
    } else {
      // An organization named by the path, or by the body of a creation (a new project's organization_slug).
      // or by the query (a feature flag's ?organization=slug).
      const body = req.body as { organization_slug?: unknown } | null | undefined;
      const query = req.query as { organization?: unknown } | null | undefined;
      const slug =
        params.slug && url.startsWith('/platform/organizations/:slug')
          ? params.slug
          : typeof body?.organization_slug === 'string'
            ? body.organization_slug
            : typeof query?.organization === 'string'
              ? query.organization
              : null;
      const o = slug ? await access.organization(slug) : null;
      if (o) {
        organizationId = o.id;
        organizationSlug = o.slug;
      }
    }
    contexts.set(req, { actorId: session.user.id, actorEmail: session.user.email, organizationId, organizationSlug, projectRef });
  });
  scope.addHook('onSend', async (req, reply, payload) => {
    const ctx = contexts.get(req);
    const action = ctx && auditAction(req);
    if (!ctx || !action || reply.statusCode >= 400) return payload;
    contexts.delete(req);
    // An organization deleted by this very call: the entry keeps its slug, not its id.
    const orgId = action === 'DELETE /platform/organizations/:slug' ? null : ctx.organizationId;
    await deps.control.query(
      `insert into audit_log (organization_id, organization_slug, project_ref, actor_id, actor_email, action, target, status, ip_address)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [orgId, ctx.organizationSlug, ctx.projectRef, ctx.actorId, ctx.actorEmail, action, req.url.split('?')[0]!.slice(0, 2048), reply.statusCode, req.ip ?? null],
    );
    return payload;
  });
}
