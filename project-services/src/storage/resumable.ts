import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BucketIdSchema } from '@plinth/contracts-storage';
import { HttpError, type ApiDeps } from '@plinth/platform-core/deps';
import { getBucket } from '../storage-engine/buckets';
import { requireObject } from '../storage-engine/objects';
import { cacheControlOf, contentTypeOf, mountResumable, objectNameOf } from '../storage-engine/resumable';
import { RefParam, ownerOf, storageContext, type StorageContext } from './context';
import { StorageError } from './errors';
import { checkMime, tooLarge, uploadLimit } from './uploads';

// Apps' resumable uploads at /storage/v1/upload/resumable on the one engine
// (domains/storage/resumable), as supabase's clients send them with tus-js-client: the caller's
// key or token on every request, metadata bucketName, objectName, contentType, cacheControl, and
// x-upsert. The bucket's limits, the MIME types and the caller's INSERT policy are checked at
// creation, before any byte; the last byte stores the object as the caller. An upload is its
// caller's alone (same role and user). Errors come out in storage-js's shape (the scope's handler).

/** Ends the trial insert's transaction (an HttpError: database layers hand it back unchanged). */
export class DryRun extends HttpError {
  constructor() {
    super(200, 'trial insert', 'DRY_RUN');
  }
}

/** Whether the caller's INSERT policy lets this row in, tried in a transaction that is rolled back. */
export async function mayInsert(ctx: StorageContext, bucketId: string, name: string): Promise<void> {
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

const refOf = (req: FastifyRequest) => (req.params as { ref: string }).ref;

export function storageResumableRoutes(fastify: FastifyInstance, deps: ApiDeps): void {
  mountResumable<StorageContext>(fastify, deps, {
    path: '/:ref/storage/v1/upload/resumable',
    params: z.object({ ref: RefParam }),
    caller: (req) => storageContext(deps, req, refOf(req)),
    claim: (req, ctx) => ({ ref: refOf(req), uploader: `${ctx.caller.role}:${ctx.caller.userId ?? ''}` }),
    async check(req, ctx, { length, metadata }) {
      const bucketId = BucketIdSchema.safeParse(metadata.bucketName);
      if (!bucketId.success) throw new StorageError(400, 'Bad Request', 'bucketName: a bucket id is required in Upload-Metadata');
      const bucket = await getBucket(ctx.db, bucketId.data);
      const objectName = objectNameOf(metadata);
      const contentType = contentTypeOf(metadata);
      checkMime(bucket.allowed_mime_types, contentType);
      const maxBytes = await uploadLimit(deps, refOf(req), bucket.file_size_limit);
      if (length > maxBytes) throw tooLarge(maxBytes);
      const upsert = req.headers['x-upsert'] === 'true';
      const existing = await requireObject(ctx.db, bucket.id, objectName).catch(() => null);
      if (existing?.metadata && !upsert) throw new StorageError(409, 'Duplicate', 'The resource already exists');
      if (!existing) await mayInsert(ctx, bucket.id, objectName);
      return { bucketId: bucket.id, objectName, contentType, cacheControl: cacheControlOf(metadata), upsert };
    },
    writer: (ctx) => ({ db: ctx.db, ownerId: ownerOf(ctx.caller), asCaller: ctx.caller.role === 'service_role' ? undefined : ctx.asCaller }),
  });
}
