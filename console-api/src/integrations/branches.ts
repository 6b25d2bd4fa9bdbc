import { randomUUID } from 'node:crypto';
import { PERMISSIONS } from '@plinth/shared-contracts';
import { BranchCreateSchema, ProjectBranchSchema, type ProjectBranch } from '@plinth/contracts-settings';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, type RouteModule } from '@plinth/platform-core/deps';
import { permissionDenied } from '@plinth/platform-core/access';
import { RefParamsSchema } from '@plinth/platform-core/common/http';
import { isoTime } from '@plinth/platform-core/common/control-schema';
import { listGitBranches } from './git';
import { organizationGitRoot } from './routes';
import { IntegrationStore } from './store';

/** Database branches: GET/POST /v1/projects/{ref}/branches. A branch is a real child project. */
export const branchRoutes: RouteModule = (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const store = new IntegrationStore(deps.control);

  const list = async (parentRef: string): Promise<ProjectBranch[]> => {
    const r = await deps.control.query<Record<string, unknown>>(
      `select b.id, b.name, b.project_ref, b.parent_project_ref, b.git_branch, b.region, b.created_at, p.status
       from project_branches b join projects p on p.ref = b.project_ref where b.parent_project_ref = $1 order by b.created_at, b.id`,
      [parentRef],
    );
    return r.rows.map((row) => ({
      id: String(row.id),
      name: String(row.name),
      project_ref: String(row.project_ref),
      parent_project_ref: String(row.parent_project_ref),
      is_default: false,
      git_branch: (row.git_branch as string | null) ?? null,
      region: String(row.region),
      status: String(row.status),
      created_at: isoTime(row.created_at),
      updated_at: isoTime(row.created_at),
    }));
  };

  app.get('/v1/projects/:ref/branches', { schema: { params: RefParamsSchema, response: { 200: z.array(ProjectBranchSchema) } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref);
    return list(access.project.ref);
  });

  app.post('/v1/projects/:ref/branches', { schema: { params: RefParamsSchema, body: BranchCreateSchema, response: { 200: ProjectBranchSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.INTEGRATIONS_WRITE);
    // A branch is a full project: creating one needs what creating a project needs, and counts toward the same limits.
    if (!access.permissions.has(PERMISSIONS.PROJECTS_WRITE)) throw permissionDenied(PERMISSIONS.PROJECTS_WRITE, 'create branches');
    const { projects, organizations: limits } = deps.services;
    const parent = (await deps.control.query<{ parent_project_ref: string | null }>('select parent_project_ref from projects where ref = $1', [access.project.ref])).rows[0];
    if (parent?.parent_project_ref) throw new HttpError(400, 'A branch cannot have branches of its own; branch from the main project', 'VALIDATION');
    const { branch_name, git_branch, region } = req.body;
    if (git_branch) {
      const repo = await store.repositoryOf(access.project.ref);
      if (!repo) throw new HttpError(400, 'Connect a repository to this project before branching from a git branch', 'VALIDATION');
      const [owner, name] = repo.split('/') as [string, string];
      const branches = await listGitBranches(organizationGitRoot(deps.services.config.dataDir, access.project.organizationSlug), owner, name);
      if (!branches.some((b) => b.name === git_branch)) throw new HttpError(400, `git_branch: no branch ${git_branch} in ${repo}`, 'VALIDATION', 'git_branch');
    }
    const taken = await deps.control.query('select 1 from project_branches where parent_project_ref = $1 and name = $2', [access.project.ref, branch_name]);
    if (taken.rows.length) throw new HttpError(409, `A branch named ${branch_name} already exists for this project`, 'CONFLICT');
    const organization = { id: access.project.organizationId, slug: access.project.organizationSlug };
    const child = await limits.createProjectWithinLimits(organization, () => projects.create(organization, `${access.project.name} (${branch_name})`));
    await deps.control.transaction(async (tx) => {
      await tx.query('update projects set parent_project_ref = $2 where ref = $1', [child.ref, access.project.ref]);
      await tx.query('update projects set is_branch_enabled = true where ref = $1', [access.project.ref]);
      await tx.query('insert into project_branches (id, parent_project_ref, project_ref, name, git_branch, region) values ($1, $2, $3, $4, $5, $6)', [
        randomUUID(),
        access.project.ref,
        child.ref,
        branch_name,
        git_branch ?? null,
        region,
      ]);
    });
    const created = (await list(access.project.ref)).find((b) => b.project_ref === child.ref);
    if (!created) throw new HttpError(500, 'The branch was created but could not be read back');
    return created;
  });
};
