import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { decodeJwt } from 'jose';
import { z } from 'zod';
import { STORAGE_API_MESSAGES } from '@plinth/contracts-storage';
import { HttpError, type ApiDeps } from '@plinth/platform-core/deps';
import { JwtError, signJwt, verifyJwt } from '@plinth/platform-core/jwt';
import { openProjectStorage } from '../storage-engine/access';
import { getBucket } from '../storage-engine/buckets';
import { requireObject } from '../storage-engine/objects';
import { encodeObjectPath, projectSigningSecret } from '../storage-engine/signing';
import { ObjectParams, ownerOf, storageContext, type StorageContext } from './context';
import { StorageError } from './errors';
import { DryRun, mayInsert } from './resumable';
import { storeUpload } from './uploads';
import { ensureUserMetadataColumn } from './user-metadata';

// Signed upload URLs, as storage-js's createSignedUploadUrl() and uploadToSignedUrl() call them.
// POST /object/upload/sign/{bucket}/{path} (x-upsert: true to allow replacing) checks that the
// caller's policies would let the upload in (INSERT, or UPDATE when it replaces an object) and
// answers { url, token }; PUT to that url with ?token= stores the bytes with nobody's key: the
// token is the permission. It is a JWT (jose, HS256 under the project's JWT secret, so rotating
// the secret revokes it) naming project, bucket/path, upsert and owner, valid for two hours; its
// claim `upload` keeps it apart from a signed download's token and from the project's API keys.

/** Signed upload URLs are valid for two hours, as storage-js documents. */
export const SIGNED_UPLOAD_TTL_S = 2 * 60 * 60;

interface UploadClaims {
  ref: string;
  upload: string;
  upsert: boolean;
  owner: string | null;
  exp: number;
}

const refused = (message: string) => new StorageError(400, 'InvalidSignature', message);

function claimsOf(o: Record<string, unknown>): UploadClaims {
  if (typeof o.ref !== 'string' || typeof o.upload !== 'string' || typeof o.upsert !== 'boolean' || typeof o.exp !== 'number' || !(o.owner === null || typeof o.owner === 'string')) {
    throw refused(STORAGE_API_MESSAGES.badSignature);
  }
  return { ref: o.ref, upload: o.upload, upsert: o.upsert, owner: o.owner, exp: o.exp };
}

export async function signUploadToken(c: Omit<UploadClaims, 'exp'>, secret: string, nowS = Math.floor(Date.now() / 1000)): Promise<string> {
  return signJwt({ ...c, exp: nowS + SIGNED_UPLOAD_TTL_S }, secret);
}

/** Checks the token's signature, expiry and that it was made for this project, bucket and path. */
async function verifyUploadToken(deps: ApiDeps, token: string, ref: string, bucket: string, path: string): Promise<UploadClaims> {
  let peeked: UploadClaims;
  try {
    peeked = claimsOf(decodeJwt(token));
  } catch {
    throw refused(STORAGE_API_MESSAGES.badSignature);
  }
  if (peeked.ref !== ref) throw refused(STORAGE_API_MESSAGES.badSignature);
  const secret = await projectSigningSecret(deps.control, ref);
  let claims: UploadClaims;
  try {
    claims = claimsOf(await verifyJwt(token, secret));
  } catch (err) {
    if (err instanceof JwtError && err.reason === 'expired') throw refused(STORAGE_API_MESSAGES.expiredSignature);
    throw refused(STORAGE_API_MESSAGES.badSignature);
  }
  if (claims.upload !== `${bucket}/${path}`) throw refused(STORAGE_API_MESSAGES.badSignature);
  return claims;
}

/** Whether the caller's policies let it write this object: INSERT for a new one, UPDATE to replace one (tried, then rolled back). */
async function mayWrite(ctx: StorageContext, bucketId: string, name: string, upsert: boolean): Promise<void> {
  const existing = await requireObject(ctx.db, bucketId, name).catch(() => null);
  if (existing?.metadata && !upsert) throw new StorageError(409, 'Duplicate', 'The resource already exists');
  if (!existing) return mayInsert(ctx, bucketId, name);
  if (ctx.caller.role === 'service_role') return;
  await ctx.asCaller
    .transaction(async (tx) => {
      const r = await tx.query('update storage.objects set updated_at = now() where bucket_id = $1 and name = $2', [bucketId, name]);
      if (r.affectedRows !== 1) throw new HttpError(403, 'new row violates row-level security policy', 'FORBIDDEN');
      throw new DryRun();
    })
    .catch((err: unknown) => {
      if (!(err instanceof DryRun)) throw err;
    });
}

const base = '/:ref/storage/v1/object/upload/sign';

/** POST: the signed upload URL (JSON scope). */
export function signedUploadUrlRoutes(fastify: FastifyInstance, deps: ApiDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(`${base}/:bucket/*`, { schema: { params: ObjectParams } }, async (req) => {
    const ctx = await storageContext(deps, req, req.params.ref);
    const { bucket, '*': path, ref } = req.params;
    await getBucket(ctx.db, bucket);
    const upsert = req.headers['x-upsert'] === 'true';
    await mayWrite(ctx, bucket, path, upsert);
    const secret = await projectSigningSecret(deps.control, ref);
    const token = await signUploadToken({ ref, upload: `${bucket}/${path}`, upsert, owner: ownerOf(ctx.caller) }, secret);
    return { url: `/object/upload/sign/${bucket}/${encodeObjectPath(path)}?token=${token}`, token };
  });
}

/** PUT: the bytes, with the token (registered in the uploads' raw-body scope). */
export function signedUploadPutRoute(scope: FastifyInstance, deps: ApiDeps): void {
  scope.withTypeProvider<ZodTypeProvider>().put(
    `${base}/:bucket/*`,
    { schema: { params: ObjectParams, querystring: z.object({ token: z.string({ error: 'token is required' }).min(1, 'token is required').max(8192) }) } },
    async (req) => {
      const { bucket, '*': path, ref } = req.params;
      const claims = await verifyUploadToken(deps, req.query.token, ref, bucket, path);
      const db = await openProjectStorage(deps, ref);
      await ensureUserMetadataColumn(db);
      return storeUpload(deps, req, db, { ref, bucketId: bucket, path, upsert: claims.upsert, ownerId: claims.owner });
    },
  );
}
