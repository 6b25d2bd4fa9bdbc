import { PERMISSIONS } from '@plinth/shared-contracts';
import { BucketCreateSchema, BucketDeletedSchema, BucketSchema, BucketUpdateSchema, MessageAnswerSchema, StorageConfigSchema, StorageConfigUpdateSchema } from '@plinth/contracts-storage';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteModule } from '@plinth/platform-core/deps';
import { RefParamsSchema } from '@plinth/platform-core/common/http';
import { BucketParamsSchema, openStorage } from './access';

const R = PERMISSIONS.STORAGE_ADMIN_READ;
const W = PERMISSIONS.STORAGE_ADMIN_WRITE;

/** Buckets (/platform/storage/{ref}/buckets...) and the storage config (/platform/projects/{ref}/config/storage). */
export const bucketRoutes: RouteModule = (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/platform/storage/:ref/buckets';

  app.get(base, { schema: { params: RefParamsSchema, response: { 200: z.array(BucketSchema) } } }, async (req) => {
    const { storage } = await openStorage(deps, req, req.params.ref, R);
    return storage.buckets();
  });
  app.get(`${base}/:id`, { schema: { params: BucketParamsSchema, response: { 200: BucketSchema } } }, async (req) => {
    const { storage } = await openStorage(deps, req, req.params.ref, R);
    return storage.bucket(req.params.id);
  });
  app.post(base, { schema: { params: RefParamsSchema, body: BucketCreateSchema, response: { 200: BucketSchema } } }, async (req) => {
    const { storage, access } = await openStorage(deps, req, req.params.ref, W);
    const owner = /^[0-9a-f-]{36}$/i.test(access.user.id) ? access.user.id : null;
    return storage.createBucket(req.body, owner);
  });
  for (const method of ['PATCH', 'PUT'] as const) {
    app.route({
      method,
      url: `${base}/:id`,
      schema: { params: BucketParamsSchema, body: BucketUpdateSchema, response: { 200: BucketSchema } },
      handler: async (req) => {
        const { storage } = await openStorage(deps, req, req.params.ref, W);
        return storage.updateBucket(req.params.id, req.body);
      },
    });
  }
  app.post(`${base}/:id/empty`, { schema: { params: BucketParamsSchema, response: { 200: MessageAnswerSchema } } }, async (req) => {
    const { storage } = await openStorage(deps, req, req.params.ref, W);
    await storage.bucket(req.params.id);
    const n = await storage.emptyBucket(req.params.id);
    return { message: `Emptied bucket ${req.params.id} (${n} objects deleted)` };
  });
  // The bucket, its objects and its policies in one operation (nothing half done if the caller goes away).
  app.delete(`${base}/:id`, { schema: { params: BucketParamsSchema, response: { 200: BucketDeletedSchema } } }, async (req) => {
    const { storage } = await openStorage(deps, req, req.params.ref, W);
    return storage.deleteBucket(req.params.id);
  });

  const config = '/platform/projects/:ref/config/storage';
  app.get(config, { schema: { params: RefParamsSchema, response: { 200: StorageConfigSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref, R);
    return deps.services.projectServices.storage.config(access.project.ref, access.project.organizationId);
  });
  app.patch(config, { schema: { params: RefParamsSchema, body: StorageConfigUpdateSchema, response: { 200: StorageConfigSchema } } }, async (req) => {
    const access = await deps.requireProjectAccess(req, req.params.ref, W);
    return deps.services.projectServices.storage.setConfig(access.project.ref, access.project.organizationId, req.body.fileSizeLimit);
  });
};
