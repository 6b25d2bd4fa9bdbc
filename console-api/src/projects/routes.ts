import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateProjectBodySchema,
  DatabaseUpgradeStatusAnswerSchema,
  DeletedProjectSchema,
  PERMISSIONS,
  ProjectListSchema,
  ProjectLiveSchema,
  ProjectSchema,
  ProjectStatusAnswerSchema,
  UpdateProjectBodySchema,
} from '@plinth/shared-contracts';
import { HttpError, type RouteModule } from '@plinth/platform-core/deps';
import { removalDeps } from './removal';
import { RefParamsSchema } from '@plinth/platform-core/common/http';

const EmptyBody = z.object({}).strict().optional();

/** Projects: list, create, read, rename, status, pause, restore, upgrade status and liveness. */
export const projectRoutes: RouteModule = (app, deps) => {
  const { projects, access, organizations } = deps.services;
  const { databases } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['projects'];

  r.get('/platform/projects', { schema: { tags, response: { 200: ProjectListSchema } } }, async (req) => {
    const user = await access.requireUser(req);
    return projects.listFor(user.id);
  });

  r.post('/platform/projects', { schema: { tags, body: CreateProjectBodySchema, response: { 201: ProjectSchema } } }, async (req, reply) => {
    const a = await access.requireOrgAccess(req, req.body.organization_slug, PERMISSIONS.PROJECTS_WRITE, 'create projects');
    const created = await organizations.createProjectWithinLimits(a.organization, () => projects.create(a.organization, req.body.name));
    return reply.code(201).send(created);
  });

  r.get('/platform/projects/:ref', { schema: { tags, params: RefParamsSchema, response: { 200: ProjectSchema } } }, async (req) => {
    await access.requireProjectAccess(req, req.params.ref);
    return projects.get(req.params.ref);
  });

  r.patch('/platform/projects/:ref', { schema: { tags, params: RefParamsSchema, body: UpdateProjectBodySchema, response: { 200: ProjectSchema } } }, async (req) => {
    await access.requireProjectAccess(req, req.params.ref, PERMISSIONS.PROJECTS_WRITE, 'rename this project');
    return projects.rename(req.params.ref, req.body.name);
  });

  // Deletes the project and everything of it; the ref is refused from then on (removal.ts).
  r.delete('/platform/projects/:ref', { schema: { tags, params: RefParamsSchema, response: { 200: DeletedProjectSchema } } }, async (req) => {
    const a = await access.requireProjectAccess(req, req.params.ref, PERMISSIONS.PROJECTS_WRITE, 'delete this project');
    await projects.remove(a.project, removalDeps(deps, app.logStore.db));
    return { id: a.project.id, ref: a.project.ref, name: a.project.name };
  });

  r.get('/platform/projects/:ref/status', { schema: { tags, params: RefParamsSchema, response: { 200: ProjectStatusAnswerSchema } } }, async (req) => {
    await access.requireProjectAccess(req, req.params.ref);
    return { status: await projects.status(req.params.ref) };
  });

  r.post('/platform/projects/:ref/pause', { schema: { tags, params: RefParamsSchema, body: EmptyBody, response: { 200: ProjectStatusAnswerSchema } } }, async (req) => {
    const a = await access.requireProjectAccess(req, req.params.ref, PERMISSIONS.PROJECTS_WRITE, 'pause this project');
    return { status: await projects.pause(a.project) };
  });

  r.post('/platform/projects/:ref/restart', { schema: { tags, params: RefParamsSchema, body: EmptyBody, response: { 200: ProjectStatusAnswerSchema } } }, async (req) => {
    const a = await access.requireProjectAccess(req, req.params.ref, PERMISSIONS.PROJECTS_WRITE, 'restart this project');
    return { status: await projects.restart(a.project) };
  });

  r.post('/platform/projects/:ref/restore', { schema: { tags, params: RefParamsSchema, body: EmptyBody, response: { 200: ProjectStatusAnswerSchema } } }, async (req) => {
    const a = await access.requireProjectAccess(req, req.params.ref, PERMISSIONS.INFRA_EXECUTE_RESUME, 'restore this project');
    const org = await access.organization(a.project.organizationSlug);
    return { status: await projects.restore(a.project, org?.plan ?? 'free') };
  });

  r.get('/platform/projects/:ref/upgrade/status', { schema: { tags, params: RefParamsSchema, response: { 200: DatabaseUpgradeStatusAnswerSchema } } }, async (req) => {
    const a = await access.requireProjectAccess(req, req.params.ref);
    return projects.upgradeStatus(a.project.id);
  });

  const live = async (ref: string) => {
    if ((await projects.status(ref)) !== 'ACTIVE_HEALTHY' || !databases.isOpen(ref)) {
      throw new HttpError(503, `The database of project ${ref} is not reachable`, 'PROJECT_OFFLINE');
    }
    return { status: 'ONLINE' as const, ref };
  };

  r.get('/projects/:ref/live', { schema: { tags, params: RefParamsSchema, response: { 200: ProjectLiveSchema } } }, async (req) => {
    await access.requireProjectAccess(req, req.params.ref);
    return live(req.params.ref);
  });

  // The data API (/projects/{ref}/rest/v1) answers when the database is up and the catalog of its default schema loads.
  r.get('/projects/:ref/api/rest', { schema: { tags, params: RefParamsSchema, response: { 200: ProjectLiveSchema } } }, async (req) => {
    await access.requireProjectAccess(req, req.params.ref);
    const answer = await live(req.params.ref);
    const serving = await deps.services.projectServices.rest.serving(req.params.ref).catch(() => false);
    if (!serving) throw new HttpError(503, `The data API of project ${req.params.ref} is not answering`, 'REST_OFFLINE');
    return answer;
  });
};
