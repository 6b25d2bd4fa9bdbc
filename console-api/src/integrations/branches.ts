import { randomUUID } from 'node:crypto';
import { PERMISSIONS } from '@plinth/shared-contracts';
import {
  BranchDeletedSchema,
  BranchingEnableSchema,
  BranchingSchema,
  MergePreviewSchema,
  MergeResultSchema,
  MigrationRunSchema,
  PreviewBranchCreateSchema,
  PreviewBranchSchema,
  type Branching,
  type PreviewBranch,
} from '@plinth/contracts-settings';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, type RouteModule } from '@plinth/platform-core/deps';
import { permissionDenied } from '@plinth/platform-core/access';
import type { ProjectAccess } from '@plinth/platform-core/deps';
import { removalDeps } from '../projects/removal';
import { RefParamsSchema } from '@plinth/platform-core/common/http';
import { isoTime } from '@plinth/platform-core/common/control-schema';
import { ProjectDatabaseManager } from '@plinth/platform-core/project-db/manager';
import { copyProjectDatabase, recopyProjectDatabase } from '@plinth/platform-core/project-db/copy';
import { rekeyCopiedVault } from '../vault/rekey';
import { codeHostFromEnv } from './code-host';
import { applyToParent, keepRun, listRuns, mergePreview, runMigrations } from './migrations';
import { IntegrationStore } from './store';

/** What a branch may be made from: a project whose database is up, or paused (its files at rest). */
const COPYABLE = new Set(['ACTIVE_HEALTHY', 'INACTIVE']);

const branchParams = z.object({ branchId: z.string().uuid('branch id must be a branch id (uuid)') });

/**
 * Database branches: GET/POST /v1/projects/{ref}/branches, POST /v1/branches/{id}/reset, DELETE
 * /v1/branches/{id}; branching itself: GET/POST/DELETE /v1/projects/{ref}/branching. A branch is a
 * real child project (its own keys, endpoints, limits) whose database is a copy of its parent's
 * (platform-core project-db/copy.ts): the schema by default, the rows too on request.
 */
export const branchRoutes: RouteModule = (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const store = new IntegrationStore(deps.control);
  const host = codeHostFromEnv(deps.services.config.dataDir);
  const { projects, organizations: limits, access: registry } = deps.services;

  const manager = (): ProjectDatabaseManager => {
    if (!(deps.databases instanceof ProjectDatabaseManager)) throw new HttpError(503, 'Branching is not available on this server', 'BRANCHING_UNAVAILABLE');
    return deps.databases;
  };

  const rows = async (where: string, param: string): Promise<PreviewBranch[]> => {
    const r = await deps.control.query<Record<string, unknown>>(
      `select b.id, b.name, b.project_ref, b.parent_project_ref, b.git_branch, b.region, b.with_data, b.created_at, coalesce(b.reset_at, b.created_at) as updated_at
       from project_branches b join projects p on p.ref = b.project_ref where ${where} = $1 order by b.created_at, b.id`,
      [param],
    );
    const out: PreviewBranch[] = [];
    for (const row of r.rows) {
      out.push({
        id: String(row.id),
        name: String(row.name),
        project_ref: String(row.project_ref),
        parent_project_ref: String(row.parent_project_ref),
        is_default: false,
        git_branch: (row.git_branch as string | null) ?? null,
        region: String(row.region),
        status: await projects.status(String(row.project_ref)).catch(() => 'UNKNOWN'),
        with_data: Boolean(row.with_data),
        created_at: isoTime(row.created_at),
        updated_at: isoTime(row.updated_at),
      });
    }
    return out;
  };
  const list = (parentRef: string) => rows('b.parent_project_ref', parentRef);

  /** Copies the parent's database into the branch's project (which has none yet). */
  const copy = async (parentRef: string, branchRef: string, data: boolean, replace = false) => {
    const status = await projects.status(parentRef);
    if (!COPYABLE.has(status)) throw new HttpError(409, `The project is ${status}; a branch can be made once it is up or paused`, 'INVALID_STATUS');
    try {
      // A reset keeps the branch's database until the new copy is complete, and keeps it when the copy fails.
      const db = await (replace ? recopyProjectDatabase : copyProjectDatabase)(manager(), { from: parentRef, to: branchRef, data, control: deps.control, databaseUrl: deps.services.config.databaseUrl ?? null });
      // The parent's vault secrets, sealed under its key, are sealed again under the branch's.
      await rekeyCopiedVault(db, deps.control, parentRef).catch((err: unknown) => fastify.log.error({ err, parentRef, branchRef }, 'vault secrets of the branch copy were not sealed again: they read as null'));
    } catch (err) {
      if (err instanceof HttpError) throw err;
      fastify.log.error({ err, parentRef, branchRef }, 'branch database copy failed');
      const why = (err as Error).message;
      if (replace) throw new HttpError(503, `The branch was not reset; its database is as it was. The copy failed: ${why}`, 'BRANCH_RESET_FAILED');
      throw new HttpError(503, `The database could not be copied: ${why}`, 'BRANCH_COPY_FAILED');
    }
  };

  /** A branch and its parent's access, with what changing branches needs: integrations and projects write. */
  const branchWithWriteAccess = async (req: Parameters<typeof deps.requireProjectAccess>[0], branchId: string, what: string) => {
    const [branch] = await rows('b.id::text', branchId);
    if (!branch) throw new HttpError(404, `Branch not found: ${branchId}`, 'NOT_FOUND');
    const access = await deps.requireProjectAccess(req, branch.parent_project_ref, PERMISSIONS.INTEGRATIONS_WRITE);
    if (!access.permissions.has(PERMISSIONS.PROJECTS_WRITE)) throw permissionDenied(PERMISSIONS.PROJECTS_WRITE, what);
    const rec = await registry.project(branch.project_ref);
    if (!rec) throw new HttpError(404, `Branch not found: ${branchId}`, 'NOT_FOUND');
    return { branch, access, rec };
  };

  const removeProjectOf = (rec: NonNullable<Awaited<ReturnType<typeof registry.project>>>) =>
    projects.remove(rec, removalDeps(deps, fastify.logStore.db));

  const requireGitBranch = async (access: ProjectAccess, gitBranch: string) => {
    const connection = await store.connectionOf(access.project.ref);
    if (!connection) throw new HttpError(400, 'Connect a repository to this project before branching from a git branch', 'VALIDATION');
    const repo = connection.repository;
    const [owner, name] = repo.split('/') as [string, string];
    const branches = await host.listBranches(connection.integration, owner, name);
    if (!branches.some((b) => b.name === gitBranch)) throw new HttpError(400, `git_branch: no branch ${gitBranch} in ${repo}`, 'VALIDATION', 'git_branch');
  };

  const branching = async (ref: string): Promise<Branching> => {
    const r = await deps.control.query<{ is_branch_enabled: boolean; git_branch: string | null }>(
      'select p.is_branch_enabled, b.git_branch from projects p left join project_branching b on b.project_ref = p.ref where p.ref = $1',
      [ref],
    );
    return { is_branch_enabled: Boolean(r.rows[0]?.is_branch_enabled), git_branch: r.rows[0]?.git_branch ?? null };
  };

  app.get('/v1/projects/:ref/branching', { schema: { params: RefParamsSchema, response: { 200: BranchingSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref);
    return branching(access.project.ref);
  });

  app.post('/v1/projects/:ref/branching', { schema: { params: RefParamsSchema, body: BranchingEnableSchema, response: { 200: BranchingSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.INTEGRATIONS_WRITE);
    const parent = (await deps.control.query<{ parent_project_ref: string | null }>('select parent_project_ref from projects where ref = $1', [access.project.ref])).rows[0];
    if (parent?.parent_project_ref) throw new HttpError(400, 'Branching is enabled on the main project, not on one of its branches', 'VALIDATION');
    await requireGitBranch(access, req.body.git_branch);
    await deps.control.transaction(async (tx) => {
      await tx.query(
        `insert into project_branching (project_ref, git_branch) values ($1, $2) on conflict (project_ref) do update set git_branch = excluded.git_branch`,
        [access.project.ref, req.body.git_branch],
      );
      await tx.query('update projects set is_branch_enabled = true where ref = $1', [access.project.ref]);
    });
    return branching(access.project.ref);
  });

  app.delete('/v1/projects/:ref/branching', { schema: { params: RefParamsSchema, response: { 200: BranchingSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.INTEGRATIONS_WRITE);
    if ((await list(access.project.ref)).length) throw new HttpError(409, 'This project has preview branches; delete them before disabling branching', 'HAS_BRANCHES');
    await deps.control.transaction(async (tx) => {
      await tx.query('delete from project_branching where project_ref = $1', [access.project.ref]);
      await tx.query('update projects set is_branch_enabled = false where ref = $1', [access.project.ref]);
    });
    return branching(access.project.ref);
  });

  app.get('/v1/projects/:ref/branches', { schema: { params: RefParamsSchema, response: { 200: z.array(PreviewBranchSchema) } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref);
    return list(access.project.ref);
  });

  app.post('/v1/projects/:ref/branches', { schema: { params: RefParamsSchema, body: PreviewBranchCreateSchema, response: { 200: PreviewBranchSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref, PERMISSIONS.INTEGRATIONS_WRITE);
    // A branch is a full project: creating one needs what creating a project needs, and counts toward the same limits.
    if (!access.permissions.has(PERMISSIONS.PROJECTS_WRITE)) throw permissionDenied(PERMISSIONS.PROJECTS_WRITE, 'create branches');
    const parent = (await deps.control.query<{ parent_project_ref: string | null }>('select parent_project_ref from projects where ref = $1', [access.project.ref])).rows[0];
    if (parent?.parent_project_ref) throw new HttpError(400, 'A branch cannot have branches of its own; branch from the main project', 'VALIDATION');
    const { branch_name, git_branch, region, with_data } = req.body;
    if (git_branch) await requireGitBranch(access, git_branch);
    const taken = await deps.control.query('select 1 from project_branches where parent_project_ref = $1 and name = $2', [access.project.ref, branch_name]);
    if (taken.rows.length) throw new HttpError(409, `A branch named ${branch_name} already exists for this project`, 'CONFLICT');
    const status = await projects.status(access.project.ref);
    if (!COPYABLE.has(status)) throw new HttpError(409, `The project is ${status}; a branch can be made once it is up or paused`, 'INVALID_STATUS');
    const organization = { id: access.project.organizationId, slug: access.project.organizationSlug };
    const child = await limits.createProjectWithinLimits(organization, () => projects.create(organization, `${access.project.name} (${branch_name})`));
    await deps.control.transaction(async (tx) => {
      await tx.query('update projects set parent_project_ref = $2 where ref = $1', [child.ref, access.project.ref]);
      await tx.query('update projects set is_branch_enabled = true where ref = $1', [access.project.ref]);
      await tx.query('insert into project_branches (id, parent_project_ref, project_ref, name, git_branch, region, with_data) values ($1, $2, $3, $4, $5, $6, $7)', [
        randomUUID(),
        access.project.ref,
        child.ref,
        branch_name,
        git_branch ?? null,
        region,
        with_data,
      ]);
    });
    // The project service made a fresh database; the branch's is its parent's, copied in its place.
    await projects.settled(child.ref);
    const rec = await registry.project(child.ref);
    try {
      if ((await projects.status(child.ref)) !== 'ACTIVE_HEALTHY') throw new HttpError(503, 'The branch project could not be brought up', 'BRANCH_COPY_FAILED');
      await manager().drop(child.ref);
      await copy(access.project.ref, child.ref, with_data);
    } catch (err) {
      if (rec) await removeProjectOf(rec).catch((e) => fastify.log.error({ err: e, ref: child.ref }, 'a branch that could not be made was not removed'));
      throw err;
    }
    const created = (await list(access.project.ref)).find((b) => b.project_ref === child.ref);
    if (!created) throw new HttpError(500, 'The branch was created but could not be read back');
    return created;
  });

  app.post('/v1/branches/:branchId/reset', { schema: { params: branchParams, body: z.object({}).strict().optional(), response: { 200: PreviewBranchSchema } } }, async (req) => {
    const { branch } = await branchWithWriteAccess(req, req.params.branchId, 'reset branches');
    const status = await projects.status(branch.project_ref);
    if (status !== 'ACTIVE_HEALTHY') throw new HttpError(409, `The branch is ${status}; restore it before resetting it`, 'INVALID_STATUS');
    await projects.settled(branch.project_ref);
    await copy(branch.parent_project_ref, branch.project_ref, branch.with_data, true);
    await deps.control.query('update project_branches set reset_at = now() where id = $1', [branch.id]);
    return (await rows('b.id::text', branch.id))[0]!;
  });

  app.delete('/v1/branches/:branchId', { schema: { params: branchParams, response: { 200: BranchDeletedSchema } } }, async (req) => {
    const { branch, rec } = await branchWithWriteAccess(req, req.params.branchId, 'delete branches');
    // The branch's project goes as a deleted project does: its rows (this branch's among them), database, files and keys.
    await removeProjectOf(rec);
    return { message: `Deleted branch ${branch.name}` };
  });

  const branchWithReadAccess = async (req: Parameters<typeof deps.requireProjectAccess>[0], branchId: string) => {
    const [branch] = await rows('b.id::text', branchId);
    if (!branch) throw new HttpError(404, `Branch not found: ${branchId}`, 'NOT_FOUND');
    const access = await deps.requireProjectAccess(req, branch.parent_project_ref);
    return { branch, access };
  };

  // A push to the branch's git branch runs this: the repository's new migration files, in order, on the branch.
  app.post('/v1/branches/:branchId/migrations', { schema: { params: branchParams, body: z.object({}).strict().optional(), response: { 200: MigrationRunSchema } } }, async (req) => {
    const { branch } = await branchWithWriteAccess(req, req.params.branchId, 'run migrations on branches');
    if (!branch.git_branch) throw new HttpError(400, 'This branch follows no git branch: create it from one to run its migrations', 'VALIDATION');
    const connection = await store.connectionOf(branch.parent_project_ref);
    if (!connection) throw new HttpError(400, 'Connect a repository to this project before running its migrations', 'VALIDATION');
    const [owner, repo] = connection.repository.split('/') as [string, string];
    const files = await host.readMigrations(connection.integration, owner, repo, branch.git_branch);
    const entries = await runMigrations(await deps.databases.get(branch.project_ref), files);
    return keepRun(deps.control, branch.project_ref, branch.git_branch, entries);
  });

  app.get('/v1/branches/:branchId/migrations', { schema: { params: branchParams, response: { 200: z.array(MigrationRunSchema) } } }, async (req) => {
    const { branch } = await branchWithReadAccess(req, req.params.branchId);
    return listRuns(deps.control, branch.project_ref);
  });

  app.get('/v1/branches/:branchId/merge', { schema: { params: branchParams, response: { 200: MergePreviewSchema } } }, async (req) => {
    const { branch } = await branchWithReadAccess(req, req.params.branchId);
    return mergePreview(await deps.databases.get(branch.project_ref), await deps.databases.get(branch.parent_project_ref));
  });

  app.post('/v1/branches/:branchId/merge', { schema: { params: branchParams, body: z.object({}).strict().optional(), response: { 200: MergeResultSchema } } }, async (req) => {
    const { branch } = await branchWithWriteAccess(req, req.params.branchId, 'merge branches');
    const parent = await deps.databases.get(branch.parent_project_ref);
    const preview = await mergePreview(await deps.databases.get(branch.project_ref), parent);
    if (preview.conflicts.length) {
      throw new HttpError(409, `The main project has migrations this branch does not: ${preview.conflicts.join(', ')}; reset the branch, then merge again`, 'MERGE_CONFLICT');
    }
    await applyToParent(parent, preview.migrations);
    return { applied: preview.migrations.map((m) => m.version) };
  });
};
