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
import { objectHeaders } from './serving';
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
/** `?download` (any value, even empty) asks for an attachment, named by the value when it is not empty. */
export const DownloadQuery = z.object({ download: z.string({ error: 'download must be a file name' }).max(1024).optional() });

/**
 * Answers an object's bytes, with the headers of serving.ts (nosniff; only types that cannot run are
 * shown in place); `readAs` looks the row up (the app's caller, under its policies).
 */
export async function serveObject(
  deps: ApiDeps,
  reply: FastifyReply,
  db: ProjectDatabase,
  ref: string,
  bucket: string,
  path: string,
  readAs: Pick<ProjectDatabase, 'query'> = db,
  download?: string,
) {
  const { obj, file } = await readObject(readAs, deps.objects, ref, bucket, path);
  deps.recordEgress(ref, file.size);
  await touchObject(db, bucket, path);
  const headers = objectHeaders({ mimetype: obj.metadata?.mimetype, cacheControl: obj.metadata?.cacheControl, name: path, download, size: file.size });
  return reply.headers(headers).send(Readable.from(file));
}

export const publicObjectRoutes: RouteModule = (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/storage/v1/object/sign/:bucket/*',
    { schema: { params: z.object(linkParams), querystring: DownloadQuery.extend({ token: z.string({ error: 'token is required' }).min(1, 'token is required').max(8192) }) } },
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
      return serveObject(deps, reply, db, claims.ref, req.params.bucket, path, db, req.query.download);
    },
  );

  app.get(
    '/projects/:ref/storage/v1/object/public/:bucket/*',
    { schema: { params: z.object({ ref: projectRef, ...linkParams }), querystring: DownloadQuery } },
    async (req, reply) => {
      const path = objectName(req.params['*']);
      const db = await openProjectStorage(deps, req.params.ref);
      const bucket = await getBucket(db, req.params.bucket);
      if (!bucket.public) throw new HttpError(400, STORAGE_API_MESSAGES.bucketNotPublic(bucket.id), 'BUCKET_NOT_PUBLIC');
      return serveObject(deps, reply, db, req.params.ref, bucket.id, path, db, req.query.download);
    },
  );
};
