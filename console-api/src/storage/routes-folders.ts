import { PERMISSIONS } from '@plinth/shared-contracts';
import { StorageFolderAnswerSchema, StorageFolderBodySchema, StorageFolderMoveBodySchema, StorageListPageBodySchema, StorageObjectPageSchema } from '@plinth/contracts-storage';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteModule } from '@plinth/platform-core/deps';
import { BucketParamsSchema, openStorage } from './access';

/** The explorer's calls that hold at scale: folder pages by cursor, and a folder moved or deleted in one call. */
export const folderRoutes: RouteModule = (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/platform/storage/:ref/buckets/:id';

  app.post(`${base}/objects/page`, { schema: { params: BucketParamsSchema, body: StorageListPageBodySchema, response: { 200: StorageObjectPageSchema } } }, async (req) => {
    const { storage } = await openStorage(deps, req, req.params.ref, PERMISSIONS.STORAGE_ADMIN_READ);
    // The bucket's check (a 404 when it is missing) and the page are asked for at once: on a
    // Postgres server they run side by side instead of one round trip after the other.
    const [, page] = await Promise.all([storage.bucket(req.params.id), storage.listPage(req.params.id, req.body)]);
    return page;
  });

  app.post(`${base}/folders/move`, { schema: { params: BucketParamsSchema, body: StorageFolderMoveBodySchema, response: { 200: StorageFolderAnswerSchema } } }, async (req) => {
    const { storage } = await openStorage(deps, req, req.params.ref, PERMISSIONS.STORAGE_ADMIN_WRITE);
    await storage.bucket(req.params.id);
    const count = await storage.moveFolder(req.params.id, req.body.from, req.body.to);
    return { message: `Moved ${req.body.from} to ${req.body.to}`, count };
  });

  app.delete(`${base}/folders`, { schema: { params: BucketParamsSchema, body: StorageFolderBodySchema, response: { 200: StorageFolderAnswerSchema } } }, async (req) => {
    const { storage } = await openStorage(deps, req, req.params.ref, PERMISSIONS.STORAGE_ADMIN_WRITE);
    await storage.bucket(req.params.id);
    const count = await storage.deleteFolder(req.params.id, req.body.path);
    return { message: `Deleted ${req.body.path}`, count };
  });
};
