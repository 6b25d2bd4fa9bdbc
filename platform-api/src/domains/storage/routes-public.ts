import { Readable } from 'node:stream';
import { BucketIdSchema, objectNameProblem, STORAGE_API_MESSAGES } from '@plinth/shared-contracts';
import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, type ApiDeps, type ProjectDatabase, type RouteModule } from '../../core/deps';
import { projectRef } from '../common/http';
import { getBucket } from './buckets';
import { openProjectStorage } from './access';
import { readObject, touchObject } from './objects';
import { peekObjectToken, projectSigningSecret, verifyObjectToken } from './signing';

// Links handed out to anyone: signed URLs (any bucket, until they expire) and public-bucket URLs.
// No session is needed; the token or the bucket's public flag is the permission.

/** The object's name from the link's path: the same rule as every other route, answered as `path`. */
function objectName(raw: string): string {
  const problem = objectNameProblem(raw);
  if (problem) throw new HttpError(400, `path: ${problem}`, 'VALIDATION', 'path');
  return raw;
}

const linkParams = { bucket: BucketIdSchema, '*': z.string() };

/** Answers an object's bytes; `readAs` looks the row up (the app's caller, under its policies). */
export async function serveObject(deps: ApiDeps, reply: FastifyReply, db: ProjectDatabase, ref: string, bucket: string, path: string, readAs: Pick<ProjectDatabase, 'query'> = db) {
  const { obj, file } = await readObject(readAs, deps.objects, ref, bucket, path);
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
    { schema: { params: z.object(linkParams), querystring: z.object({ token: z.string({ error: 'token is required' }).min(1, 'token is required').max(8192) }) } },
    async (req, reply) => {
      const path = objectName(req.params['*']);
      const claims = peekObjectToken(req.query.token);
      let secret: string;
      try {
        secret = await projectSigningSecret(deps.control, claims.ref);
      } catch {
        throw new HttpError(400, STORAGE_API_MESSAGES.badSignature, 'INVALID_SIGNATURE');
      }
      verifyObjectToken(req.query.token, secret, req.params.bucket, path);
      const db = await openProjectStorage(deps, claims.ref);
      await getBucket(db, req.params.bucket);
      return serveObject(deps, reply, db, claims.ref, req.params.bucket, path);
    },
  );

  app.get(
    '/projects/:ref/storage/v1/object/public/:bucket/*',
    { schema: { params: z.object({ ref: projectRef, ...linkParams }) } },
    async (req, reply) => {
      const path = objectName(req.params['*']);
      const db = await openProjectStorage(deps, req.params.ref);
      const bucket = await getBucket(db, req.params.bucket);
      if (!bucket.public) throw new HttpError(400, STORAGE_API_MESSAGES.bucketNotPublic(bucket.id), 'BUCKET_NOT_PUBLIC');
      return serveObject(deps, reply, db, req.params.ref, bucket.id, path);
    },
  );
};
