import { Readable } from 'node:stream';
import { STORAGE_API_MESSAGES } from '@plinth/shared-contracts';
import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, type ApiDeps, type ProjectDatabase, type RouteModule } from '../../core/deps';
import { projectRef } from '../common/http';
import { getBucket } from './buckets';
import { objectKey, requireObject, touchObject } from './objects';
import { ensureStorageSchema } from './schema';
import { peekObjectToken, projectSigningSecret, verifyObjectToken } from './signing';

// Links handed out to anyone: signed URLs (any bucket, until they expire) and public-bucket URLs.
// No session is needed; the token or the bucket's public flag is the permission.

const objectPath = z.string().min(1, 'object path is required').max(1024);

async function serve(deps: ApiDeps, reply: FastifyReply, db: ProjectDatabase, ref: string, bucket: string, path: string) {
  const obj = await requireObject(db, bucket, path);
  const file = await deps.objects.get(objectKey(ref, bucket, path));
  deps.recordEgress(ref, file.size);
  await touchObject(db, bucket, path);
  return reply
    .header('content-type', String(obj.metadata?.mimetype ?? 'application/octet-stream'))
    .header('content-length', String(file.size))
    .header('cache-control', String(obj.metadata?.cacheControl ?? 'max-age=3600'))
    .send(Readable.from(file));
}

export const publicObjectRoutes: RouteModule = (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/storage/v1/object/sign/:bucket/*',
    { schema: { params: z.object({ bucket: z.string().min(1).max(100), '*': objectPath }), querystring: z.object({ token: z.string({ error: 'token is required' }).min(1, 'token is required').max(8192) }) } },
    async (req, reply) => {
      const claims = peekObjectToken(req.query.token);
      let secret: string;
      try {
        secret = await projectSigningSecret(deps.control, claims.ref);
      } catch {
        throw new HttpError(400, STORAGE_API_MESSAGES.badSignature, 'INVALID_SIGNATURE');
      }
      verifyObjectToken(req.query.token, secret, req.params.bucket, req.params['*']);
      const db = await ensureStorageSchema(await deps.projects.get(claims.ref));
      await getBucket(db, req.params.bucket);
      return serve(deps, reply, db, claims.ref, req.params.bucket, req.params['*']);
    },
  );

  app.get(
    '/projects/:ref/storage/v1/object/public/:bucket/*',
    { schema: { params: z.object({ ref: projectRef, bucket: z.string().min(1).max(100), '*': objectPath }) } },
    async (req, reply) => {
      const db = await ensureStorageSchema(await deps.projects.get(req.params.ref));
      const bucket = await getBucket(db, req.params.bucket);
      if (!bucket.public) throw new HttpError(400, STORAGE_API_MESSAGES.bucketNotPublic(bucket.id), 'BUCKET_NOT_PUBLIC');
      return serve(deps, reply, db, req.params.ref, bucket.id, req.params['*']);
    },
  );
};
