import { Readable } from 'node:stream';
import { PERMISSIONS } from '@plinth/shared-contracts';
import { MessageAnswerSchema, SignedUrlSchema, STORAGE_API_MESSAGES, StorageDeleteBodySchema, StorageListBodySchema, StorageMoveBodySchema, StorageObjectSchema, StoragePathBodySchema, StorageSignBodySchema, StorageUploadQuerySchema } from '@plinth/contracts-storage';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, type RouteModule } from '@plinth/platform-core/deps';
import { releaseObjectBody } from '@plinth/platform-core/object-store';
import { projectUrl } from '@plinth/platform-core/project-urls';
import { BucketParamsSchema, openStorage } from './access';

const R = PERMISSIONS.STORAGE_ADMIN_READ;
const W = PERMISSIONS.STORAGE_ADMIN_WRITE;

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * An upload's bytes, still streaming. Held in a private field: the body is bytes, not fields, and
 * checks that walk a request's fields (NUL characters) must not walk the stream's internals.
 */
class UploadBody {
  readonly #stream: AsyncIterable<Uint8Array>;
  constructor(stream: AsyncIterable<Uint8Array>) {
    this.#stream = stream;
  }
  get stream(): AsyncIterable<Uint8Array> {
    return this.#stream;
  }
}

/** The explorer's object calls under /platform/storage/{ref}/buckets/{id}/objects. */
export const objectRoutes: RouteModule = (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/platform/storage/:ref/buckets/:id/objects';
  const admin = deps.services.projectServices.storage;

  app.post(`${base}/list`, { schema: { params: BucketParamsSchema, body: StorageListBodySchema, response: { 200: z.array(StorageObjectSchema) } } }, async (req) => {
    const { storage } = await openStorage(deps, req, req.params.ref, R);
    await storage.bucket(req.params.id);
    return storage.list(req.params.id, { path: req.body.path, ...req.body.options });
  });

  app.delete(base, { schema: { params: BucketParamsSchema, body: StorageDeleteBodySchema, response: { 200: z.array(StorageObjectSchema) } } }, async (req) => {
    const { storage } = await openStorage(deps, req, req.params.ref, W);
    await storage.bucket(req.params.id);
    return storage.deleteObjects(req.params.id, req.body.paths);
  });

  app.post(`${base}/move`, { schema: { params: BucketParamsSchema, body: StorageMoveBodySchema, response: { 200: MessageAnswerSchema } } }, async (req) => {
    const { storage } = await openStorage(deps, req, req.params.ref, W);
    await storage.bucket(req.params.id);
    await storage.move(req.params.id, req.body.from, req.body.to);
    return { message: `Moved ${req.body.from} to ${req.body.to}` };
  });

  app.post(`${base}/public-url`, { schema: { params: BucketParamsSchema, body: StoragePathBodySchema, response: { 200: z.object({ publicUrl: z.string() }) } } }, async (req) => {
    const { storage } = await openStorage(deps, req, req.params.ref, R);
    const bucket = await storage.bucket(req.params.id);
    if (!bucket.public) throw new HttpError(400, STORAGE_API_MESSAGES.bucketNotPublic(bucket.id), 'BUCKET_NOT_PUBLIC');
    return { publicUrl: `${projectUrl(deps, req, req.params.ref)}${storage.publicPath(bucket.id, req.body.path)}` };
  });

  app.post(`${base}/sign`, { schema: { params: BucketParamsSchema, body: StorageSignBodySchema, response: { 200: SignedUrlSchema } } }, async (req) => {
    const { storage } = await openStorage(deps, req, req.params.ref, R);
    await storage.bucket(req.params.id);
    await storage.object(req.params.id, req.body.path);
    const path = await storage.signedPath(req.params.id, req.body.path, req.body.expiresIn);
    return { signedUrl: `${projectUrl(deps, req, req.params.ref)}${path}` };
  });

  app.post(`${base}/download`, { schema: { params: BucketParamsSchema, body: StoragePathBodySchema } }, async (req, reply) => {
    const { storage } = await openStorage(deps, req, req.params.ref, R);
    await storage.bucket(req.params.id);
    // Always an attachment, with nosniff and a sandbox; the explorer reads it as a blob.
    const file = await storage.download(req.params.id, req.body.path);
    deps.recordEgress(req.params.ref, file.size);
    reply.raw.once('close', () => releaseObjectBody(file.body));
    return reply.headers(file.headers).send(Readable.from(file.body));
  });

  // Uploads take the raw body as a stream, whatever its content type, in their own scope.
  fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, payload, done) => done(null, new UploadBody(payload)));
    scope.withTypeProvider<ZodTypeProvider>().post(
      `${base}/upload`,
      { schema: { params: BucketParamsSchema, querystring: StorageUploadQuerySchema, response: { 200: StorageObjectSchema } } },
      async (req) => {
        const { storage, access } = await openStorage(deps, req, req.params.ref, W);
        const bucket = await storage.bucket(req.params.id);
        const contentType = (header(req.headers['content-type']) ?? 'application/octet-stream').split(';')[0]!.trim().toLowerCase() || 'application/octet-stream';
        if (!admin.mimeAllowed(bucket.allowed_mime_types, contentType)) {
          throw new HttpError(400, STORAGE_API_MESSAGES.mimeNotAllowed(contentType), 'INVALID_MIME_TYPE');
        }
        const config = await admin.config(access.project.ref, access.project.organizationId);
        const maxBytes = Math.min(config.fileSizeLimit, bucket.file_size_limit ?? Number.POSITIVE_INFINITY);
        const declared = Number(header(req.headers['content-length']) ?? NaN);
        if (Number.isFinite(declared) && declared > maxBytes) throw new HttpError(413, STORAGE_API_MESSAGES.fileTooLarge(maxBytes), 'PAYLOAD_TOO_LARGE');
        const body = req.body instanceof UploadBody ? req.body.stream : new Uint8Array();
        return storage.upload({
          bucketId: bucket.id,
          path: req.query.path,
          contentType,
          cacheControl: header(req.headers['cache-control']) ?? 'max-age=3600',
          upsert: header(req.headers['x-upsert']) === 'true',
          maxBytes,
          ownerId: /^[0-9a-f-]{36}$/i.test(access.user.id) ? access.user.id : null,
          body,
        });
      },
    );
  });
};
