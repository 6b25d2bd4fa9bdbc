import { BucketIdSchema, STORAGE_API_MESSAGES, STORAGE_SORT_KEYS, STORAGE_SORT_ORDERS, StorageObjectNameSchema } from '@plinth/contracts-storage';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiDeps } from '@plinth/platform-core/deps';
import { openProjectStorage } from '../storage-engine/access';
import { getBucket } from '../storage-engine/buckets';
import { deleteObjects, moveObject, requireObject } from '../storage-engine/objects';
import { decodeDateCursor, decodeListCursor, LIST_V2_SORT_COLUMNS, listByOffset, listV2, listV2ByDate } from './list';
import { moveAcrossBuckets } from './move';
import { objectInfo } from './info';
import { TransformQuery, signTransformToken, transformCacheOf } from './render';
import { DownloadQuery, serveObject } from '../storage-engine/serve-object';
import { peekObjectToken, projectSigningSecret, signObjectToken, verifyObjectToken } from '../storage-engine/signing';
import { BucketParams, ObjectParams, RefParam, storageContext } from './context';
import { StorageError } from './errors';
import { copyObject } from './uploads';

// The object calls of storage-js other than uploads: download, info, list, remove, move, copy and
// signed URLs. Each looks rows up as the caller, so a SELECT policy decides a download, list or
// signed URL, DELETE a remove, UPDATE a move, and INSERT the copy's new object.

const base = '/:ref/storage/v1/object';

const ListBody = z.object({
  prefix: z.string().max(1024).default(''),
  limit: z.number().int().min(1).max(10_000).default(100),
  offset: z.number().int().min(0).default(0),
  search: z.string().max(1024).default(''),
  sortBy: z.object({ column: z.enum(STORAGE_SORT_KEYS).default('name'), order: z.enum(STORAGE_SORT_ORDERS).default('asc') }).default({ column: 'name', order: 'asc' }),
});
const MoveBody = z.object({
  bucketId: BucketIdSchema,
  sourceKey: StorageObjectNameSchema,
  destinationKey: StorageObjectNameSchema,
  destinationBucket: z.optional(BucketIdSchema),
  copyMetadata: z.boolean().optional(),
});
const ListV2Body = z.object({
  prefix: z.string().max(1024).default(''),
  limit: z.number().int().min(1).max(1000).default(1000),
  cursor: z.string().max(8192).optional(),
  with_delimiter: z.boolean().default(false),
  sortBy: z
    .object({
      column: z.enum(LIST_V2_SORT_COLUMNS, { error: `sortBy.column: one of ${LIST_V2_SORT_COLUMNS.join(', ')}` }).default('name'),
      order: z.enum(['asc', 'desc'], { error: 'sortBy.order: asc or desc' }).default('asc'),
    })
    .default({ column: 'name', order: 'asc' }),
});
const ExpiresIn = z.number({ error: 'expiresIn must be a number of seconds' }).int().min(1).max(10 * 31_536_000);

export function storageObjectRoutes(fastify: FastifyInstance, deps: ApiDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  for (const path of [`${base}/:bucket/*`, `${base}/authenticated/:bucket/*`]) {
    app.get(path, { schema: { params: ObjectParams, querystring: DownloadQuery } }, async (req, reply) => {
      const { db, asCaller } = await storageContext(deps, req, req.params.ref);
      await getBucket(db, req.params.bucket);
      return serveObject(deps, reply, db, req.params.ref, req.params.bucket, req.params['*'], asCaller, req.query.download);
    });
  }

  // A public bucket's objects, to anyone (the bucket's public flag is the permission).
  app.get(`${base}/public/:bucket/*`, { schema: { params: ObjectParams, querystring: DownloadQuery } }, async (req, reply) => {
    const db = await openProjectStorage(deps, req.params.ref);
    const bucket = await getBucket(db, req.params.bucket);
    if (!bucket.public) throw new StorageError(400, 'Bad Request', STORAGE_API_MESSAGES.bucketNotPublic(bucket.id));
    return serveObject(deps, reply, db, req.params.ref, bucket.id, req.params['*'], db, req.query.download);
  });

  for (const path of [`${base}/info/:bucket/*`, `${base}/info/authenticated/:bucket/*`]) {
    app.get(path, { schema: { params: ObjectParams } }, async (req) => {
      const { db, asCaller } = await storageContext(deps, req, req.params.ref);
      await getBucket(db, req.params.bucket);
      return objectInfo(asCaller, req.params.bucket, req.params['*']);
    });
  }

  app.post(`${base}/list-v2/:bucket`, { schema: { params: BucketParams, body: ListV2Body } }, async (req) => {
    const { db, asCaller } = await storageContext(deps, req, req.params.ref);
    await getBucket(db, req.params.bucket);
    const { prefix, limit, cursor, with_delimiter, sortBy } = req.body;
    const options = { prefix, limit, withDelimiter: with_delimiter, order: sortBy.order };
    if (sortBy.column !== 'name') {
      // A cursor of a listing in another order is refused: it would not say where that page ended.
      const after = cursor ? decodeDateCursor(cursor) : null;
      if (cursor && after === null) throw new StorageError(400, 'Bad Request', `cursor: not a cursor of a listing ordered by ${sortBy.column}`);
      return listV2ByDate(asCaller, req.params.bucket, { ...options, column: sortBy.column }, after);
    }
    const after = cursor ? decodeListCursor(cursor) : null;
    if (cursor && (after === null || after.startsWith('\u0000'))) throw new StorageError(400, 'Bad Request', 'cursor: not a cursor of a listing ordered by name');
    return listV2(asCaller, req.params.bucket, options, after);
  });

  app.post(`${base}/list/:bucket`, { schema: { params: BucketParams, body: ListBody } }, async (req) => {
    const { db, asCaller } = await storageContext(deps, req, req.params.ref);
    await getBucket(db, req.params.bucket);
    const { prefix, ...options } = req.body;
    return listByOffset(asCaller, req.params.bucket, { path: prefix, ...options });
  });

  app.delete(
    `${base}/:bucket`,
    { schema: { params: BucketParams, body: z.object({ prefixes: z.array(StorageObjectNameSchema).min(1, 'prefixes must list at least one path').max(1000) }) } },
    async (req) => {
      const { db, asCaller } = await storageContext(deps, req, req.params.ref);
      await getBucket(db, req.params.bucket);
      const deleted = await deleteObjects(asCaller, deps.objects, req.params.ref, req.params.bucket, req.body.prefixes);
      await Promise.all(deleted.map((o) => (o.id ? transformCacheOf(deps).forget(req.params.ref, o.id) : undefined)));
      return deleted;
    },
  );

  app.post(`${base}/move`, { schema: { params: z.object({ ref: RefParam }), body: MoveBody } }, async (req) => {
    const ctx = await storageContext(deps, req, req.params.ref);
    const { db, asCaller } = ctx;
    const { bucketId, sourceKey, destinationKey, destinationBucket } = req.body;
    if (destinationBucket && destinationBucket !== bucketId) {
      await moveAcrossBuckets(deps, ctx, { bucket: bucketId, key: sourceKey }, { bucket: destinationBucket, key: destinationKey });
      return { message: 'Successfully moved' };
    }
    await getBucket(db, bucketId);
    await moveObject(asCaller, bucketId, sourceKey, destinationKey);
    return { message: 'Successfully moved' };
  });

  app.post(`${base}/copy`, { schema: { params: z.object({ ref: RefParam }), body: MoveBody } }, async (req) => {
    const ctx = await storageContext(deps, req, req.params.ref);
    const { bucketId, sourceKey, destinationKey, destinationBucket } = req.body;
    const target = destinationBucket ?? bucketId;
    await getBucket(ctx.db, bucketId);
    const source = await requireObject(ctx.asCaller, bucketId, sourceKey);
    if (!source.id || !source.metadata) throw new StorageError(404, 'not_found', `Object not found: ${sourceKey}`);
    const info = await objectInfo(ctx.asCaller, bucketId, sourceKey);
    const copied = await copyObject(deps, ctx, target, destinationKey, { ...source, id: source.id }, req.body.copyMetadata === false ? null : info.metadata);
    return { Id: copied.id, Key: `${target}/${destinationKey}` };
  });

  const signedPath = async (ref: string, bucket: string, path: string, expiresIn: number) => {
    const secret = await projectSigningSecret(deps.control, ref);
    const token = await signObjectToken({ ref, bucket, path, exp: Math.floor(Date.now() / 1000) + expiresIn }, secret);
    return `/object/sign/${bucket}/${path}?token=${token}`;
  };

  app.post(`${base}/sign/:bucket/*`, { schema: { params: ObjectParams, body: z.object({ expiresIn: ExpiresIn, transform: TransformQuery.optional() }) } }, async (req) => {
    const { db, asCaller } = await storageContext(deps, req, req.params.ref);
    const { ref, bucket, '*': path } = req.params;
    await getBucket(db, bucket);
    await requireObject(asCaller, bucket, path);
    const transform = req.body.transform;
    if (transform && Object.keys(transform).length) {
      // A signed URL of a transformed image: the options travel in the token, under /render/image/sign.
      const secret = await projectSigningSecret(deps.control, ref);
      const token = await signTransformToken({ ref, bucket, path, exp: Math.floor(Date.now() / 1000) + req.body.expiresIn, transform }, secret);
      return { signedURL: `/render/image/sign/${bucket}/${path}?token=${token}` };
    }
    return { signedURL: await signedPath(ref, bucket, path, req.body.expiresIn) };
  });

  app.post(
    `${base}/sign/:bucket`,
    { schema: { params: BucketParams, body: z.object({ expiresIn: ExpiresIn, paths: z.array(StorageObjectNameSchema).min(1, 'paths must list at least one path').max(1000) }) } },
    async (req) => {
      const { db, asCaller } = await storageContext(deps, req, req.params.ref);
      await getBucket(db, req.params.bucket);
      const seen = await asCaller.query<{ name: string }>('select name from storage.objects where bucket_id = $1 and name = any($2::text[]) and metadata is not null', [req.params.bucket, req.body.paths]);
      const visible = new Set(seen.rows.map((r) => r.name));
      return Promise.all(
        req.body.paths.map(async (path) =>
          visible.has(path)
            ? { error: null, path, signedURL: await signedPath(req.params.ref, req.params.bucket, path, req.body.expiresIn) }
            : { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null },
        ),
      );
    },
  );

  // The signed URL storage-js builds: the project's URL + the signedURL above. The token is the permission.
  app.get(`${base}/sign/:bucket/*`, { schema: { params: ObjectParams, querystring: DownloadQuery.extend({ token: z.string().min(1, 'token is required').max(8192) }) } }, async (req, reply) => {
    const claims = peekObjectToken(req.query.token);
    if (claims.ref !== req.params.ref) throw new StorageError(400, 'InvalidSignature', 'The signature is invalid for this project');
    const secret = await projectSigningSecret(deps.control, req.params.ref);
    await verifyObjectToken(req.query.token, secret, req.params.bucket, req.params['*']);
    const db = await openProjectStorage(deps, req.params.ref);
    await getBucket(db, req.params.bucket);
    return serveObject(deps, reply, db, req.params.ref, req.params.bucket, req.params['*'], db, req.query.download);
  });
}
