import { PERMISSIONS } from '@plinth/shared-contracts';
import { STORAGE_API_MESSAGES } from '@plinth/contracts-storage';
import type { FastifyRequest } from 'fastify';
import { HttpError, type RouteModule } from '@plinth/platform-core/deps';
import { BucketParamsSchema, openStorage } from './access';

// The console's resumable uploads under /platform/storage/{ref}/buckets/{id}/objects/resumable, on
// the project services' one engine (StorageAdmin.mountResumable): the session and CSRF token of every console call and storage write
// permission; a plain upload's checks (bucket, object name, MIME type, size limit, an existing
// object without x-upsert) made at creation, before any byte. Metadata: objectName, contentType,
// cacheControl, upsert. An upload is its user's alone, in the bucket its URL names.

const params = (req: FastifyRequest) => req.params as { ref: string; id: string };
const ownerOf = (userId: string) => (/^[0-9a-f-]{36}$/i.test(userId) ? userId : null);

export const resumableRoutes: RouteModule = (fastify, deps) => {
  const admin = deps.services.projectServices.storage;
  admin.mountResumable(fastify, {
    path: '/platform/storage/:ref/buckets/:id/objects/resumable',
    params: BucketParamsSchema,
    caller: (req) => openStorage(deps, req, params(req).ref, PERMISSIONS.STORAGE_ADMIN_WRITE),
    claim: (req, { access }) => ({ ref: params(req).ref, bucketId: params(req).id, uploader: `user:${access.user.id}` }),
    async check(req, { storage, access }, { length, metadata }) {
      const bucket = await storage.bucket(params(req).id);
      const { objectName, contentType, cacheControl } = admin.uploadMetadata(metadata);
      if (!admin.mimeAllowed(bucket.allowed_mime_types, contentType)) throw new HttpError(400, STORAGE_API_MESSAGES.mimeNotAllowed(contentType), 'INVALID_MIME_TYPE');
      const config = await admin.config(access.project.ref, access.project.organizationId);
      const maxBytes = Math.min(config.fileSizeLimit, bucket.file_size_limit ?? Number.POSITIVE_INFINITY);
      if (length > maxBytes) throw new HttpError(413, STORAGE_API_MESSAGES.fileTooLarge(maxBytes), 'PAYLOAD_TOO_LARGE');
      const upsert = req.headers['x-upsert'] === 'true' || metadata.upsert === 'true';
      const existing = await storage.object(bucket.id, objectName).catch(() => null);
      if (existing?.metadata && !upsert) throw new HttpError(409, STORAGE_API_MESSAGES.objectExists(objectName), 'CONFLICT');
      return { bucketId: bucket.id, objectName, contentType, cacheControl, upsert };
    },
    writer: ({ storage, access }) => ({ storage, ownerId: ownerOf(access.user.id) }),
  });
};
