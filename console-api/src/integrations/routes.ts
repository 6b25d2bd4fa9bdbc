import { PERMISSIONS } from '@plinth/shared-contracts';
import { ConnectionCreateSchema, GitBranchSchema, GitHubInstallLinkSchema, IntegrationConnectionSchema, IntegrationInstallSchema, OrganizationIntegrationSchema, RepositoryListSchema } from '@plinth/contracts-settings';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, type RouteModule } from '@plinth/platform-core/deps';
import { MessageSchema } from '@plinth/platform-core/common/http';
import { loadServerSecret } from '@plinth/platform-core/csrf';
import { codeHostFromEnv } from './code-host';
import { repositoryGitDir } from './git';
import { HOOK_SECRET_NAME, installPushHook, removePushHook, repositoryHookToken } from './local-hook';
import { organizationGitRoot } from './paths';
import { readInstallState, signInstallState } from './install-state';
import { IntegrationStore } from './store';

const slugParams = z.object({ slug: z.string().min(1).max(100) });
const integrationId = z.string().uuid('integration id must be an integration id (uuid)');
const gitName = z.string().min(1).max(100).regex(/^[A-Za-z0-9._-]+$/, 'must contain only letters, digits, dots, underscores and hyphens');

export { gitRoot, organizationGitRoot } from './paths';

/** Organization integrations, the repositories and branches their code host reaches (code-host.ts), and repository connections. */
export const integrationRoutes: RouteModule = (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const store = new IntegrationStore(deps.control);
  const host = codeHostFromEnv(deps.services.config.dataDir);

  app.get('/platform/integrations/:slug', { schema: { params: slugParams, response: { 200: z.array(OrganizationIntegrationSchema) } } }, async (req) => {
    const access = await deps.requireOrgAccess(req, req.params.slug);
    return store.list(access.organization.id);
  });
  app.post('/platform/integrations/:slug', { schema: { params: slugParams, body: z.optional(IntegrationInstallSchema), response: { 200: OrganizationIntegrationSchema } } }, async (req) => {
    const access = await deps.requireOrgAccess(req, req.params.slug, PERMISSIONS.INTEGRATIONS_WRITE);
    const body = IntegrationInstallSchema.parse(req.body ?? {});
    return store.create(access.organization, body.integration_name, body.account_name ?? access.organization.slug, access.user, body.installation_id ?? null);
  });

  // Installing the GitHub App (GitHub mode): the browser is sent to the app's install page with a
  // signed state, and GitHub sends it back to the setup address below (the app's "Setup URL":
  // <console>/api/integrations/github/setup), which records the installation for the organization.
  const installSecret = () => loadServerSecret(deps.control, 'github-install');
  app.post('/platform/integrations/:slug/github/install-link', { schema: { params: slugParams, response: { 200: GitHubInstallLinkSchema } } }, async (req) => {
    const access = await deps.requireOrgAccess(req, req.params.slug, PERMISSIONS.INTEGRATIONS_WRITE);
    if (host.kind === 'local') return { url: null };
    return { url: host.installUrl(await signInstallState(await installSecret(), { slug: access.organization.slug, userId: access.user.id })) };
  });
  const SetupQuery = z.object({
    installation_id: z.coerce.number({ error: 'installation_id must be a number' }).int().min(1, 'installation_id must be a number'),
    setup_action: z.string().max(20).optional(),
    state: z.string().max(1000).optional(),
  });
  app.get('/integrations/github/setup', { schema: { querystring: SetupQuery } }, async (req, reply) => {
    const state = req.query.state ? await readInstallState(await installSecret(), req.query.state) : null;
    if (!state) throw new HttpError(400, 'This GitHub App install link is not valid or has expired: start the install again from the organization integrations page', 'INVALID_STATE');
    const user = await deps.requireUser(req);
    if (user.id !== state.userId) throw new HttpError(403, 'This GitHub App install was started by another user: start it again from the organization integrations page', 'FORBIDDEN');
    const back = (query: string) => `/org/${encodeURIComponent(state.slug)}/integrations?${query}`;
    try {
      const access = await deps.requireOrgAccess(req, state.slug, PERMISSIONS.INTEGRATIONS_WRITE);
      const account = await host.installationAccount(req.query.installation_id);
      await store.install(access.organization, account, access.user, req.query.installation_id);
      return reply.redirect(back(`installed=${encodeURIComponent(account)}`), 303);
    } catch (err) {
      if (!(err instanceof HttpError) || err.status >= 500) throw err;
      return reply.redirect(back(`install_error=${encodeURIComponent(err.message)}`), 303);
    }
  });

  app.get(
    '/platform/integrations/github/repositories/:integrationId',
    { schema: { params: z.object({ integrationId }), response: { 200: RepositoryListSchema } } },
    async (req) => {
      const integration = await store.get(req.params.integrationId);
      await deps.requireOrgAccess(req, integration.organization_slug!);
      return { repositories: await host.listRepositories(integration) };
    },
  );
  app.get(
    '/platform/integrations/github/branches/:integrationId/:owner/:repo',
    { schema: { params: z.object({ integrationId, owner: gitName, repo: gitName }), response: { 200: z.array(GitBranchSchema) } } },
    async (req) => {
      const integration = await store.get(req.params.integrationId);
      await deps.requireOrgAccess(req, integration.organization_slug!);
      return host.listBranches(integration, req.params.owner, req.params.repo);
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
    await host.requireRepository(integration, owner, repo);
    const connection = await store.connect(
      integration.id,
      { ref: project.project.ref, repo: `${owner}/${repo}`, name: req.body.connection.metadata.name ?? repo, framework: req.body.connection.metadata.framework ?? null },
      org.user,
    );
    if (host.kind === 'local') {
      // A repository on the server's disk tells of its pushes through a git hook (local-hook.ts), sent to where this request came.
      const slug = org.organization.slug;
      const base = (deps.services.config.publicUrl ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '');
      const url = `${base}/api/webhooks/git/${encodeURIComponent(slug)}/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;
      const token = await repositoryHookToken(await loadServerSecret(deps.control, HOOK_SECRET_NAME), slug, `${owner}/${repo}`);
      const gitDir = await repositoryGitDir(organizationGitRoot(deps.services.config.dataDir, slug), owner, repo);
      const installed = await installPushHook(gitDir, url, token).catch((err: unknown) => {
        fastify.log.warn({ err, repository: `${owner}/${repo}` }, 'the push hook could not be written');
        return false;
      });
      if (!installed) fastify.log.warn({ repository: `${owner}/${repo}` }, 'the repository keeps a reference-transaction hook of its own: pushes run no migrations until it calls ours');
    }
    return connection;
  });
  app.delete(
    '/platform/integrations/github/connections/:connectionId',
    { schema: { params: z.object({ connectionId: z.string().uuid('connection id must be a connection id (uuid)') }), response: { 200: MessageSchema } } },
    async (req) => {
      const { connection, organizationSlug } = await store.connection(req.params.connectionId);
      await deps.requireOrgAccess(req, organizationSlug, PERMISSIONS.INTEGRATIONS_WRITE);
      await store.deleteConnection(connection.id);
      if (host.kind === 'local') {
        // The repository's push hook goes with its organization's last connection of it.
        const [owner, repo] = connection.foreign_project_id.split('/') as [string, string];
        const left = await deps.control.query(
          `select 1 from integration_connections c join org_integrations i on i.id = c.organization_integration_id where i.organization_slug = $1 and lower(c.foreign_project_id) = lower($2) limit 1`,
          [organizationSlug, connection.foreign_project_id],
        );
        if (!left.rows.length) {
          await repositoryGitDir(organizationGitRoot(deps.services.config.dataDir, organizationSlug), owner, repo)
            .then(removePushHook)
            .catch((err: unknown) => fastify.log.warn({ err, repository: connection.foreign_project_id }, 'the push hook could not be removed'));
        }
      }
      return { message: `Deleted connection of ${connection.foreign_project_id} to project ${connection.supabase_project_ref}` };
    },
  );
};
