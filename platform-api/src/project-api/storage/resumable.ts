import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, type ApiDeps } from '../../core/deps';
import { getBucket } from '../../domains/storage/buckets';
import { requireObject, uploadObject } from '../../domains/storage/objects';
import {
  appendResumable,
  createResumable,
  dropResumable,
  expiresHeader,
  findResumable,
  header,
  objectNameOf,
  parseUploadMetadata,
  requireTus,
  resumableOffset,
  TUS_EXTENSIONS,
  TUS_VERSION,
  uploadLength,
  uploadOffset,
  type ResumableUpload,
} from '../../domains/storage/resumable';
import { BucketIdSchema } from '@plinth/shared-contracts';
import { RefParam, ownerOf, storageContext, type StorageContext } from './context';
import { StorageError } from './errors';
import { checkMime, tooLarge, uploadLimit } from './uploads';

// Resumable uploads for apps at /storage/v1/upload/resumable, as supabase's clients send them with
// tus-js-client: the caller's key or token on every request, metadata bucketName, objectName,
// contentType, cacheControl, x-upsert. The bucket's limits, the MIME types and the caller's INSERT
// policy are checked at creation, before any byte; the last byte stores the object as the caller.

const base = '/projects/:ref/storage/v1/upload/resumable';
const UploadParams = z.object({ ref: RefParam, uploadId: z.string().max(64) });
const OFFSET_TYPE = 'application/offset+octet-stream';
/** Ends the trial insert's transaction (an HttpError: database layers hand it back unchanged). */
class DryRun extends HttpError {
  constructor() {
    super(200, 'trial insert', 'DRY_RUN');
  }
}

class PartBody {
  readonly #stream: AsyncIterable<Uint8Array>;
  constructor(stream: AsyncIterable<Uint8Array>) {
    this.#stream = stream;
  }
  get stream() {
    return this.#stream;
  }
}

const uploaderOf = (ctx: StorageContext) => `${ctx.caller.role}:${ctx.caller.userId ?? ''}`;

/** Whether the caller's INSERT policy lets this row in, tried in a transaction that is rolled back. */
async function mayInsert(ctx: StorageContext, bucketId: string, name: string): Promise<void> {
  if (ctx.caller.role === 'service_role') return;
  await ctx.asCaller
    .transaction(async (tx) => {
      await tx.query('insert into storage.objects (bucket_id, name, owner, metadata) values ($1, $2, $3, null) on conflict (bucket_id, name) do nothing', [bucketId, name, ownerOf(ctx.caller)]);
      throw new DryRun();
    })
    .catch((err: unknown) => {
      if (!(err instanceof DryRun)) throw err;
    });
}

function requireOffsetType(req: FastifyRequest): void {
  if ((header(req.headers['content-type']) ?? '').split(';')[0]!.trim().toLowerCase() !== OFFSET_TYPE) throw new StorageError(415, 'invalid_content_type', `Content-Type must be ${OFFSET_TYPE}`);
}
const hasBytes = (req: FastifyRequest) => Number(header(req.headers['content-length']) ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;

async function receive(deps: ApiDeps, ctx: StorageContext, req: FastifyRequest, reply: FastifyReply, up: ResumableUpload, offset: number) {
  const next = await appendResumable(deps, up, offset, req.body instanceof PartBody ? req.body.stream : (async function* () {})());
  if (next === up.length) {
    try {
      await getBucket(ctx.db, up.bucketId); // deleted meanwhile: 404, and the upload goes
      await uploadObject(ctx.db, deps.objects, {
        ref: up.ref,
        bucketId: up.bucketId,
        path: up.objectName,
        contentType: up.contentType,
        cacheControl: up.cacheControl,
        upsert: up.upsert,
        maxBytes: up.length,
        ownerId: ownerOf(ctx.caller),
        body: new Uint8Array(),
        write: (id) => deps.objects.commitPart(up.ref, up.id, id),
        asCaller: ctx.caller.role === 'service_role' ? undefined : ctx.asCaller,
      });
    } finally {
      await dropResumable(deps, up);
    }
  }
  expiresHeader(reply);
  reply.header('Upload-Offset', String(next));
}

export function storageResumableRoutes(fastify: FastifyInstance, deps: ApiDeps): void {
  fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, payload, done) => done(null, new PartBody(payload)));
    const app = scope.withTypeProvider<ZodTypeProvider>();

    app.options(base, { schema: { params: z.object({ ref: RefParam }) } }, async (_req, reply) =>
      reply.header('Tus-Resumable', TUS_VERSION).header('Tus-Version', TUS_VERSION).header('Tus-Extension', TUS_EXTENSIONS).code(204).send(),
    );

    app.post(base, { schema: { params: z.object({ ref: RefParam }) } }, async (req, reply) => {
      requireTus(req, reply);
      const ctx = await storageContext(deps, req, req.params.ref);
      const meta = parseUploadMetadata(header(req.headers['upload-metadata']));
      const bucketId = BucketIdSchema.safeParse(meta.bucketName);
      if (!bucketId.success) throw new StorageError(400, 'Bad Request', 'bucketName: a bucket id is required in Upload-Metadata');
      const bucket = await getBucket(ctx.db, bucketId.data);
      const objectName = objectNameOf(meta);
      const length = uploadLength(req);
      if (hasBytes(req)) requireOffsetType(req);
      const contentType = (meta.contentType || 'application/octet-stream').split(';')[0]!.trim().toLowerCase();
      checkMime(bucket.allowed_mime_types, contentType);
      const maxBytes = await uploadLimit(deps, req.params.ref, bucket.file_size_limit);
      if (length > maxBytes) throw tooLarge(maxBytes);
      const upsert = header(req.headers['x-upsert']) === 'true';
      const existing = await requireObject(ctx.db, bucket.id, objectName).catch(() => null);
      if (existing?.metadata && !upsert) throw new StorageError(409, 'Duplicate', 'The resource already exists');
      if (!existing) await mayInsert(ctx, bucket.id, objectName);
      const up = await createResumable(deps, {
        ref: req.params.ref,
        bucketId: bucket.id,
        objectName,
        uploader: uploaderOf(ctx),
        length,
        contentType,
        cacheControl: meta.cacheControl ? (/^\d+$/.test(meta.cacheControl) ? `max-age=${meta.cacheControl}` : meta.cacheControl) : 'max-age=3600',
        upsert,
      });
      reply.header('Location', `${req.url.split('?')[0]!.replace(/\/$/, '')}/${up.id}`);
      if (hasBytes(req) || length === 0) await receive(deps, ctx, req, reply, up, 0);
      else {
        expiresHeader(reply);
        reply.header('Upload-Offset', '0');
      }
      return reply.code(201).send();
    });

    app.head(`${base}/:uploadId`, { schema: { params: UploadParams } }, async (req, reply) => {
      requireTus(req, reply);
      const ctx = await storageContext(deps, req, req.params.ref);
      const up = await findResumable(deps, req.params.ref, undefined, req.params.uploadId, uploaderOf(ctx));
      const offset = await resumableOffset(deps, up);
      return reply.header('Upload-Offset', String(offset)).header('Upload-Length', String(up.length)).header('Cache-Control', 'no-store').code(200).send();
    });

    app.patch(`${base}/:uploadId`, { schema: { params: UploadParams } }, async (req, reply) => {
      requireTus(req, reply);
      const ctx = await storageContext(deps, req, req.params.ref);
      requireOffsetType(req);
      const offset = uploadOffset(req);
      const up = await findResumable(deps, req.params.ref, undefined, req.params.uploadId, uploaderOf(ctx));
      await receive(deps, ctx, req, reply, up, offset);
      return reply.code(204).send();
    });

    app.delete(`${base}/:uploadId`, { schema: { params: UploadParams } }, async (req, reply) => {
      requireTus(req, reply);
      const ctx = await storageContext(deps, req, req.params.ref);
      await dropResumable(deps, await findResumable(deps, req.params.ref, undefined, req.params.uploadId, uploaderOf(ctx)));
      return reply.code(204).send();
    });
  });
}
