import path from 'node:path';
import { PERMISSIONS } from '@plinth/shared-contracts';
import { ConnectionCreateSchema, GitBranchSchema, IntegrationConnectionSchema, IntegrationCreateSchema, OrganizationIntegrationSchema, RepositoryListSchema } from '@plinth/contracts-settings';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, type RouteModule } from '@plinth/platform-core/deps';
import { MessageSchema } from '@plinth/platform-core/common/http';
import { listGitBranches, listRepositories, repositoryGitDir } from './git';
import { IntegrationStore } from './store';

const slugParams = z.object({ slug: z.string().min(1).max(100) });
const integrationId = z.string().uuid('integration id must be an integration id (uuid)');
const gitName = z.string().min(1).max(100).regex(/^[A-Za-z0-9._-]+$/, 'must contain only letters, digits, dots, underscores and hyphens');

/** Where the code-hosting integration finds repositories: PLINTH_GIT_ROOT, else <dataDir>/git. */
export function gitRoot(dataDir: string): string {
  if (process.env.PLINTH_GIT_ROOT) return path.resolve(process.env.PLINTH_GIT_ROOT);
  return path.resolve(dataDir, 'git');
}

/**
 * The repositories an organization's integration reaches: `<git root>/<organization slug>/<owner>/<repo>`.
 * Each organization has a folder of its own, as an installation of a code-hosting app sees only the
 * accounts it was installed on: no organization lists, reads or connects another's repositories.
 */
export function organizationGitRoot(dataDir: string, organizationSlug: string): string {
  const root = gitRoot(dataDir);
  const dir = path.resolve(root, organizationSlug);
  if (!/^[a-z0-9-]{1,64}$/.test(organizationSlug) || path.dirname(dir) !== root) {
    throw new HttpError(404, `Organization not found: ${organizationSlug}`, 'ORGANIZATION_NOT_FOUND');
  }
  return dir;
}

/** Organization integrations, repositories and branches on disk, and repository connections. */
export const integrationRoutes: RouteModule = (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const store = new IntegrationStore(deps.control);
  const root = (organizationSlug: string) => organizationGitRoot(deps.services.config.dataDir, organizationSlug);

  app.get('/platform/integrations/:slug', { schema: { params: slugParams, response: { 200: z.array(OrganizationIntegrationSchema) } } }, async (req) => {
    const access = await deps.requireOrgAccess(req, req.params.slug);
    return store.list(access.organization.id);
  });
  app.post('/platform/integrations/:slug', { schema: { params: slugParams, body: z.optional(IntegrationCreateSchema), response: { 200: OrganizationIntegrationSchema } } }, async (req) => {
    const access = await deps.requireOrgAccess(req, req.params.slug, PERMISSIONS.INTEGRATIONS_WRITE);
    const body = IntegrationCreateSchema.parse(req.body ?? {});
    return store.create(access.organization, body.integration_name, body.account_name ?? access.organization.slug, access.user);
  });

  app.get(
    '/platform/integrations/github/repositories/:integrationId',
    { schema: { params: z.object({ integrationId }), response: { 200: RepositoryListSchema } } },
    async (req) => {
      const integration = await store.get(req.params.integrationId);
      await deps.requireOrgAccess(req, integration.organization_slug!);
      return { repositories: await listRepositories(root(integration.organization_slug!)) };
    },
  );
  app.get(
    '/platform/integrations/github/branches/:integrationId/:owner/:repo',
    { schema: { params: z.object({ integrationId, owner: gitName, repo: gitName }), response: { 200: z.array(GitBranchSchema) } } },
    async (req) => {
      const integration = await store.get(req.params.integrationId);
      await deps.requireOrgAccess(req, integration.organization_slug!);
      return listGitBranches(root(integration.organization_slug!), req.params.owner, req.params.repo);
    },
  );

  app.post('/platform/integrations/github/connections', { schema: { body: ConnectionCreateSchema, response: { 200: IntegrationConnectionSchema } } }, async (req) => {
    const integration = await store.get(req.body.organization_integration_id);
    const org = await deps.requireOrgAccess(req, integration.organization_slug!, PERMISSIONS.INTEGRATIONS_WRITE);
    const project = await deps.requireProjectAccess(req, req.body.connection.supabase_project_ref, PERMISSIONS.INTEGRATIONS_WRITE);
    if (project.project.organizationId !== org.organization.id) {
      throw new HttpError(400, 'The project belongs to another organization than this integration', 'VALIDATION');
    }
    const [owner, repo] = req.body.connection.foreign_project_id.split('/') as [string, string];
    await repositoryGitDir(root(org.organization.slug), owner, repo);
    return store.connect(
      integration.id,
      { ref: project.project.ref, repo: `${owner}/${repo}`, name: req.body.connection.metadata.name ?? repo, framework: req.body.connection.metadata.framework ?? null },
      org.user,
    );
  });
  app.delete(
    '/platform/integrations/github/connections/:connectionId',
    { schema: { params: z.object({ connectionId: z.string().uuid('connection id must be a connection id (uuid)') }), response: { 200: MessageSchema } } },
    async (req) => {
      const { connection, organizationSlug } = await store.connection(req.params.connectionId);
      await deps.requireOrgAccess(req, organizationSlug, PERMISSIONS.INTEGRATIONS_WRITE);
      await store.deleteConnection(connection.id);
      return { message: `Deleted connection of ${connection.foreign_project_id} to project ${connection.supabase_project_ref}` };
    },
  );
};
