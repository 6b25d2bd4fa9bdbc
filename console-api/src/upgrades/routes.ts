import path from 'node:path';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DatabaseInfrastructureSchema, DatabaseUpgradeBodySchema, DatabaseUpgradeStartedSchema, PERMISSIONS } from '@plinth/shared-contracts';
import type { RouteModule } from '@plinth/platform-core/deps';
import { RefParamsSchema } from '@plinth/platform-core/common/http';
import { ProjectDatabaseManager } from '@plinth/platform-core/project-db/manager';
import { UpgradeService } from './service';

/**
 * Project Settings → Infrastructure (issue 24, 000 §4.4): GET /platform/projects/{ref}/upgrade/eligibility
 * (any member) and POST /platform/projects/{ref}/upgrade (projects write, like pausing and
 * restoring a backup). The status is GET .../upgrade/status of the projects module.
 */
export const upgradeRoutes: RouteModule = (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { access, projects } = deps.services;
  if (!(deps.databases instanceof ProjectDatabaseManager)) return;
  const service = new UpgradeService({
    control: deps.control,
    databases: deps.databases,
    projects,
    backup: { control: deps.control, databaseUrl: deps.services.config.databaseUrl ?? null },
    workDir: path.join(deps.services.config.dataDir, '.upgrades'),
    log: fastify.log,
  });
  deps.services.upgrades = service;
  fastify.addHook('onReady', async () => service.failInterrupted());
  const tags = ['projects'];

  app.get('/platform/projects/:ref/upgrade/eligibility', { schema: { tags, params: RefParamsSchema, response: { 200: DatabaseInfrastructureSchema } } }, async (req) => {
    const a = await access.requireProjectAccess(req, req.params.ref);
    return service.eligibility(a.project);
  });

  app.post('/platform/projects/:ref/upgrade', { schema: { tags, params: RefParamsSchema, body: DatabaseUpgradeBodySchema, response: { 200: DatabaseUpgradeStartedSchema } } }, async (req) => {
    const a = await access.requireProjectAccess(req, req.params.ref, PERMISSIONS.PROJECTS_WRITE, 'upgrade this project');
    return { databaseUpgradeStatus: await service.start(a.project, req.body.target_version) };
  });
};
