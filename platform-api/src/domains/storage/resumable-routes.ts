import { PERMISSIONS, STORAGE_API_MESSAGES } from '@plinth/shared-contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, type ApiDeps, type ProjectDatabase, type RouteModule } from '../../core/deps';
import { BucketParamsSchema, openStorage } from './access';
import { getBucket, mimeAllowed } from './buckets';
import { getStorageConfig } from './config';
import { requireObject, uploadObject } from './objects';
import {
  appendResumable,
  checkLength,
  createResumable,
  dropResumable,
  expiresHeader,
  findResumable,
  header,
  objectNameOf,
  parseUploadMetadata,
  requireTus,
  resumableOffset,
  type ResumableUpload,
  uploadLength,
  uploadOffset,
} from './resumable';

// The console's resumable uploads (TUS 1.0.0) under /platform/storage/{ref}/buckets/{id}/objects/resumable:
// the session and CSRF token of every console call, storage write permission, and a plain upload's
// checks (bucket, object name, MIME type, size limit, an existing object without x-upsert) made at
// creation, before any byte is sent. Metadata: objectName, contentType, cacheControl.

const W = PERMISSIONS.STORAGE_ADMIN_WRITE;
const UploadParams = BucketParamsSchema.extend({ uploadId: z.string().max(64) });
const OFFSET_TYPE = 'application/offset+octet-stream';

/** A request's raw bytes, kept out of checks that walk a body's fields. */
class PartBody {
  readonly #stream: AsyncIterable<Uint8Array>;
  constructor(stream: AsyncIterable<Uint8Array>) {
    this.#stream = stream;
  }
  get stream() {
    return this.#stream;
  }
}
const bytesOf = (req: FastifyRequest): AsyncIterable<Uint8Array> => (req.body instanceof PartBody ? req.body.stream : (async function* () {})());
const hasBytes = (req: FastifyRequest) => Number(header(req.headers['content-length']) ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;

function requireOffsetType(req: FastifyRequest): void {
  if ((header(req.headers['content-type']) ?? '').split(';')[0]!.trim().toLowerCase() !== OFFSET_TYPE) {
    throw new HttpError(415, `Content-Type must be ${OFFSET_TYPE}`, 'VALIDATION', 'Content-Type');
  }
}

/** Appends a request's bytes; the last byte makes the object. Sets the new offset's headers. */
async function receive(deps: ApiDeps, db: ProjectDatabase, req: FastifyRequest, reply: FastifyReply, up: ResumableUpload, offset: number, ownerId: string | null) {
  const next = await appendResumable(deps, up, offset, bytesOf(req));
  if (next === up.length) {
    try {
      await getBucket(db, up.bucketId); // deleted meanwhile: 404, and the upload goes
      await uploadObject(db, deps.objects, {
        ref: up.ref,
        bucketId: up.bucketId,
        path: up.objectName,
        contentType: up.contentType,
        cacheControl: up.cacheControl,
        upsert: up.upsert,
        maxBytes: up.length,
        ownerId,
        body: new Uint8Array(),
        write: (id) => deps.objects.commitPart(up.ref, up.id, id),
      });
    } finally {
      await dropResumable(deps, up);
    }
  }
  expiresHeader(reply);
  reply.header('Upload-Offset', String(next));
}

export const resumableRoutes: RouteModule = (fastify, deps) => {
  const base = '/platform/storage/:ref/buckets/:id/objects/resumable';
  const uploaderOf = (userId: string) => `user:${userId}`;
  const ownerOf = (userId: string) => (/^[0-9a-f-]{36}$/i.test(userId) ? userId : null);

  fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, payload, done) => done(null, new PartBody(payload)));
    const app = scope.withTypeProvider<ZodTypeProvider>();

    app.post(base, { schema: { params: BucketParamsSchema } }, async (req, reply) => {
      requireTus(req, reply);
      const { db, access } = await openStorage(deps, req, req.params.ref, W);
      const bucket = await getBucket(db, req.params.id);
      const length = uploadLength(req);
      if (hasBytes(req)) requireOffsetType(req);
      const meta = parseUploadMetadata(header(req.headers['upload-metadata']));
      const objectName = objectNameOf(meta);
      const contentType = (meta.contentType || 'application/octet-stream').split(';')[0]!.trim().toLowerCase();
      if (!mimeAllowed(bucket.allowed_mime_types, contentType)) throw new HttpError(400, STORAGE_API_MESSAGES.mimeNotAllowed(contentType), 'INVALID_MIME_TYPE');
      const config = await getStorageConfig(deps.control, access.project.ref, access.project.organizationId);
      checkLength(length, Math.min(config.fileSizeLimit, bucket.file_size_limit ?? Number.POSITIVE_INFINITY));
      const upsert = header(req.headers['x-upsert']) === 'true' || meta.upsert === 'true';
      const existing = await requireObject(db, bucket.id, objectName).catch(() => null);
      if (existing?.metadata && !upsert) throw new HttpError(409, STORAGE_API_MESSAGES.objectExists(objectName), 'CONFLICT');
      const up = await createResumable(deps, {
        ref: req.params.ref,
        bucketId: bucket.id,
        objectName,
        uploader: uploaderOf(access.user.id),
        length,
        contentType,
        cacheControl: meta.cacheControl ? (/^\d+$/.test(meta.cacheControl) ? `max-age=${meta.cacheControl}` : meta.cacheControl) : 'max-age=3600',
        upsert,
      });
      reply.header('Location', `${req.url.split('?')[0]!.replace(/\/$/, '')}/${up.id}`);
      if (hasBytes(req) || length === 0) {
        // creation-with-upload (and an empty file, complete at once)
        await receive(deps, db, req, reply, up, 0, ownerOf(access.user.id));
        return reply.code(201).send();
      }
      expiresHeader(reply);
      return reply.header('Upload-Offset', '0').code(201).send();
    });

    app.head(`${base}/:uploadId`, { schema: { params: UploadParams } }, async (req, reply) => {
      requireTus(req, reply);
      const { access } = await openStorage(deps, req, req.params.ref, W);
      const up = await findResumable(deps, req.params.ref, req.params.id, req.params.uploadId, uploaderOf(access.user.id));
      const offset = await resumableOffset(deps, up);
      return reply
        .header('Upload-Offset', String(offset))
        .header('Upload-Length', String(up.length))
        .header('Upload-Expires', up.expiresAt.toUTCString())
        .header('Cache-Control', 'no-store')
        .code(200)
        .send();
    });

    app.patch(`${base}/:uploadId`, { schema: { params: UploadParams } }, async (req, reply) => {
      requireTus(req, reply);
      const { access, db } = await openStorage(deps, req, req.params.ref, W);
      requireOffsetType(req);
      const offset = uploadOffset(req);
      const up = await findResumable(deps, req.params.ref, req.params.id, req.params.uploadId, uploaderOf(access.user.id));
      await receive(deps, db, req, reply, up, offset, ownerOf(access.user.id));
      return reply.code(204).send();
    });

    app.delete(`${base}/:uploadId`, { schema: { params: UploadParams } }, async (req, reply) => {
      requireTus(req, reply);
      const { access } = await openStorage(deps, req, req.params.ref, W);
      const up = await findResumable(deps, req.params.ref, req.params.id, req.params.uploadId, uploaderOf(access.user.id));
      await dropResumable(deps, up);
      return reply.code(204).send();
    });
  });
};
