import { Readable } from 'node:stream';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from '@plinth/shared-contracts/zod';
import { PERMISSIONS } from '@plinth/shared-contracts';
import { BackupIdParamsSchema, BackupListSchema, BackupRestoreBodySchema, BackupSchema } from '@plinth/contracts-database';
import { HttpError, type RouteModule } from '@plinth/platform-core/deps';
import { RefParamsSchema } from '@plinth/platform-core/common/http';
import { ProjectDatabaseManager } from '@plinth/platform-core/project-db/manager';
import { BackupService, backupFileName, backupObjectStore } from './service';

const EmptyBody = z.optional(z.object({}));
/** The scheduler's tick (the daily run checks which projects are due): PLINTH_BACKUP_INTERVAL_MS, default 10 minutes; 0 turns it off. */
const intervalMs = () => {
  const v = process.env.PLINTH_BACKUP_INTERVAL_MS;
  return v === undefined || v === '' ? 10 * 60 * 1000 : Number(v);
};

/**
 * Database → Backups (issue 24): GET/POST /platform/database/{ref}/backups, GET
 * .../{id}/download, POST .../{id}/restore, DELETE .../{id}. Reading the list is SQL admin read;
 * taking and downloading a backup, tenant SQL admin write (a developer reads all the data anyway);
 * restoring and deleting one, projects write (owner and administrator), like pause and delete.
 */
export const backupRoutes: RouteModule = (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { access, projects } = deps.services;
  if (!(deps.databases instanceof ProjectDatabaseManager)) return;
  const service = new BackupService({
    control: deps.control,
    databases: deps.databases,
    projects,
    access,
    store: backupObjectStore(deps.services.config.objectStoreDir),
    backup: { control: deps.control, databaseUrl: deps.services.config.databaseUrl ?? null },
    log: fastify.log,
  });
  deps.services.backups = service;
  // Once across instances (../jobs): two instances never take the same project's daily backup.
  const every = intervalMs();
  if (every > 0) {
    deps.jobs.define({
      name: 'backups.scheduled',
      everyMs: every,
      leaseSeconds: 60 * 60,
      run: () => service.runScheduled(),
    });
  }
  app.addHook('onClose', async () => service.stop());

  const base = '/platform/database/:ref/backups';
  const tags = ['database'];
  const planOf = async (slug: string) => service.planOf((await access.organization(slug))?.plan ?? 'free');

  app.get(base, { schema: { tags, params: RefParamsSchema, response: { 200: BackupListSchema } } }, async (req) => {
    const a = await access.requireProjectAccess(req, req.params.ref, PERMISSIONS.SQL_ADMIN_READ);
    return service.list(a.project, await planOf(a.project.organizationSlug));
  });

  app.post(base, { schema: { tags, params: RefParamsSchema, body: EmptyBody, response: { 200: BackupSchema } } }, async (req) => {
    const a = await access.requireProjectAccess(req, req.params.ref, PERMISSIONS.TENANT_SQL_ADMIN_WRITE, 'create a backup');
    const started = await service.start(a.project, await planOf(a.project.organizationSlug), 'on-demand');
    if (!started) throw new HttpError(409, 'A backup of this project is already being taken', 'BACKUP_RUNNING');
    return started.backup;
  });

  app.get(`${base}/:id/download`, { schema: { tags, params: BackupIdParamsSchema } }, async (req, reply) => {
    const a = await access.requireProjectAccess(req, req.params.ref, PERMISSIONS.TENANT_SQL_ADMIN_WRITE, 'download a backup');
    const { row, data } = await service.read(a.project, req.params.id);
    return reply
      .headers({
        'content-type': 'application/gzip',
        'content-length': String(data.size),
        'content-disposition': `attachment; filename="${backupFileName(row)}"`,
        'cache-control': 'no-store',
      })
      .send(Readable.from(data));
  });

  app.post(`${base}/:id/restore`, { schema: { tags, params: BackupIdParamsSchema, body: BackupRestoreBodySchema, response: { 200: BackupSchema } } }, async (req) => {
    const a = await access.requireProjectAccess(req, req.params.ref, PERMISSIONS.PROJECTS_WRITE, 'restore a backup');
    if (req.body.confirm !== a.project.ref) throw new HttpError(400, 'confirm must be the project ref, typed to confirm the restore', 'VALIDATION', 'confirm');
    return service.restore(a.project, req.params.id);
  });

  app.delete(`${base}/:id`, { schema: { tags, params: BackupIdParamsSchema } }, async (req, reply) => {
    const a = await access.requireProjectAccess(req, req.params.ref, PERMISSIONS.PROJECTS_WRITE, 'delete a backup');
    await service.remove(a.project, req.params.id);
    return reply.code(204).send();
  });
};
