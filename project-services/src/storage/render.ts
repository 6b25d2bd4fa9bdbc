import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { decodeJwt } from 'jose';
import { z } from 'zod';
import { STORAGE_API_MESSAGES } from '@plinth/contracts-storage';
import type { ApiDeps, ProjectDatabase } from '@plinth/platform-core/deps';
import { signJwt } from '@plinth/platform-core/jwt';
import { openProjectStorage } from '../storage-engine/access';
import { getBucket } from '../storage-engine/buckets';
import { readObject, requireObject } from '../storage-engine/objects';
import { DownloadQuery } from '../storage-engine/serve-object';
import { objectHeaders } from '../storage-engine/serving';
import { peekObjectToken, projectSigningSecret, verifyObjectToken } from '../storage-engine/signing';
import { ObjectParams, storageContext } from './context';
import { StorageError } from './errors';
import { MAX_OUTPUT_SIDE, MAX_TRANSFORM_INPUT_BYTES, TransformCache, chosenFormat, transformCacheAt, transformImage, transformableType, type TransformOptions } from './image-transform';
import { objectVersion } from './info';

// Transformed images, as storage-js asks for them: /render/image/public/{bucket}/{path} (a public
// bucket's getPublicUrl({ transform })), /render/image/authenticated/{bucket}/{path} (download({
// transform }), the caller's SELECT policy decides) and /render/image/sign/{bucket}/{path}?token=
// (createSignedUrl(..., { transform }): the options are in the token). The same access checks as a
// download; the result is cached per object version and options (image-transform.ts).

const side = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number of pixels` })
    .int(`${name} must be a whole number of pixels`)
    .min(1, `${name} must be at least 1`)
    .max(MAX_OUTPUT_SIDE, `${name} must be at most ${MAX_OUTPUT_SIDE} pixels`);

export const TransformQuery = z.object({
  width: side('width').optional(),
  height: side('height').optional(),
  resize: z.enum(['cover', 'contain', 'fill'], { error: 'resize must be cover, contain or fill' }).optional(),
  quality: z.coerce.number({ error: 'quality must be a number from 20 to 100' }).int().min(20, 'quality must be from 20 to 100').max(100, 'quality must be from 20 to 100').optional(),
  format: z.enum(['origin', 'webp', 'avif'], { error: 'format must be origin, webp or avif' }).optional(),
});

const RenderQuery = DownloadQuery.extend(TransformQuery.shape);

/** The token of a signed URL of a transformed image: a signed download's claims and the options. */
export function signTransformToken(o: { ref: string; bucket: string; path: string; exp: number; transform: TransformOptions }, secret: string): Promise<string> {
  return signJwt({ ref: o.ref, bucket: o.bucket, path: o.path, exp: o.exp, transform: o.transform }, secret);
}

/** Where transformed images are kept: <data dir>/image-cache. */
export const imageCacheDir = (dataDir: string) => path.join(dataDir, 'image-cache');
export const transformCacheOf = (deps: ApiDeps): TransformCache => transformCacheAt(imageCacheDir(deps.services.config.dataDir));

async function render(
  deps: ApiDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  db: ProjectDatabase,
  readAs: Pick<ProjectDatabase, 'query'>,
  at: { ref: string; bucket: string; path: string },
  options: TransformOptions,
  download: string | undefined,
) {
  // The row first (the caller's policies); the bytes are opened only when the cache misses.
  const obj = await requireObject(readAs, at.bucket, at.path);
  if (!obj.id || !obj.metadata) throw new StorageError(404, 'not_found', STORAGE_API_MESSAGES.objectNotFound(at.path));
  const size = Number(obj.metadata.size ?? 0);
  const mimetype = String(obj.metadata?.mimetype ?? '');
  if (!transformableType(mimetype)) {
    throw new StorageError(422, 'InvalidImage', `Only JPEG, PNG, WebP, AVIF, GIF and TIFF images are transformed; ${at.path} is ${mimetype || 'of no type'}`);
  }
  if (size > MAX_TRANSFORM_INPUT_BYTES) throw new StorageError(413, 'Payload too large', `Images over ${MAX_TRANSFORM_INPUT_BYTES} bytes are not transformed`);
  const format = chosenFormat(options, req.headers.accept);
  const wanted = { ...options, format };
  const result = await transformCacheOf(deps).get(at.ref, obj.id!, objectVersion(obj.id!, obj.metadata), wanted, async () => {
    const { file } = await readObject(db, deps.objects, at.ref, at.bucket, at.path);
    if (file.size > MAX_TRANSFORM_INPUT_BYTES) throw new StorageError(413, 'Payload too large', `Images over ${MAX_TRANSFORM_INPUT_BYTES} bytes are not transformed`);
    const parts: Uint8Array[] = [];
    for await (const chunk of file) parts.push(chunk);
    return transformImage(Buffer.concat(parts), wanted);
  });
  deps.recordEgress(at.ref, result.bytes.length);
  const headers = objectHeaders({ mimetype: result.contentType, cacheControl: obj.metadata?.cacheControl, name: at.path, download, size: result.bytes.length });
  if (!options.format) headers.vary = 'Accept';
  headers['x-transformation-cache'] = result.cached ? 'hit' : 'miss';
  return reply.headers(headers).send(result.bytes);
}

const pick = (q: z.infer<typeof RenderQuery>): TransformOptions => {
  const { download: _download, ...o } = q;
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as TransformOptions;
};

export function storageRenderRoutes(fastify: FastifyInstance, deps: ApiDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/:ref/storage/v1/render/image';

  app.get(`${base}/authenticated/:bucket/*`, { schema: { params: ObjectParams, querystring: RenderQuery } }, async (req, reply) => {
    const { db, asCaller } = await storageContext(deps, req, req.params.ref);
    await getBucket(db, req.params.bucket);
    return render(deps, req, reply, db, asCaller, { ref: req.params.ref, bucket: req.params.bucket, path: req.params['*'] }, pick(req.query), req.query.download);
  });

  app.get(`${base}/public/:bucket/*`, { schema: { params: ObjectParams, querystring: RenderQuery } }, async (req, reply) => {
    const db = await openProjectStorage(deps, req.params.ref);
    const bucket = await getBucket(db, req.params.bucket);
    if (!bucket.public) throw new StorageError(400, 'Bad Request', STORAGE_API_MESSAGES.bucketNotPublic(bucket.id));
    return render(deps, req, reply, db, db, { ref: req.params.ref, bucket: bucket.id, path: req.params['*'] }, pick(req.query), req.query.download);
  });

  app.get(
    `${base}/sign/:bucket/*`,
    { schema: { params: ObjectParams, querystring: DownloadQuery.extend({ token: z.string().min(1, 'token is required').max(8192) }) } },
    async (req, reply) => {
      const claims = peekObjectToken(req.query.token);
      if (claims.ref !== req.params.ref) throw new StorageError(400, 'InvalidSignature', STORAGE_API_MESSAGES.badSignature);
      const secret = await projectSigningSecret(deps.control, req.params.ref);
      await verifyObjectToken(req.query.token, secret, req.params.bucket, req.params['*']);
      const transform = TransformQuery.safeParse(decodeJwt(req.query.token).transform);
      if (!transform.success || transform.data === undefined) throw new StorageError(400, 'InvalidSignature', STORAGE_API_MESSAGES.badSignature);
      const db = await openProjectStorage(deps, req.params.ref);
      await getBucket(db, req.params.bucket);
      return render(deps, req, reply, db, db, { ref: req.params.ref, bucket: req.params.bucket, path: req.params['*'] }, pick(transform.data), req.query.download);
    },
  );
}
