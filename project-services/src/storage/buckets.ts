import { BucketIdSchema } from '@plinth/contracts-storage';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiDeps } from '@plinth/platform-core/deps';
import { createBucket, deleteBucket, getBucket, listBuckets, updateBucket } from '../storage-engine/buckets';
import { emptyBucket } from '../storage-engine/objects';
import { BucketParams, RefParam, ownerOf, requireServiceRole, storageContext } from './context';

// storage-js's bucket calls. Listing and reading run as the caller (policies on storage.buckets
// decide what anon and users see); creating, changing, emptying and deleting take the service_role key.

/** Size units as Supabase Storage reads them: decimal (1kb = 1,000 bytes, 20mb = 20,000,000), any case. */
export const SIZE_UNITS: Record<string, number> = { b: 1, kb: 1e3, mb: 1e6, gb: 1e9, tb: 1e12 };
const SIZE_TEXT = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb|tb)?\s*$/i;

/** A size limit as text ("20mb", "1.5GB", "500 kb", or bytes "2048") in bytes; null when it is not one. */
export function parseSizeLimit(text: string): number | null {
  const m = SIZE_TEXT.exec(text);
  if (!m) return null;
  const bytes = Math.round(Number(m[1]) * SIZE_UNITS[(m[2] ?? 'b').toLowerCase()]!);
  return Number.isSafeInteger(bytes) ? bytes : null;
}

/** A size limit as storage-js passes it: bytes, or a string such as "20mb" (decimal units b, kb, mb, gb, tb); null for none. */
const SizeLimit = z
  .union([
    z.number().int().min(0),
    z.string().refine((v) => parseSizeLimit(v) !== null, 'file_size_limit must be bytes or a size such as "20mb" (units b, kb, mb, gb, tb; 1mb = 1,000,000 bytes)'),
    z.null(),
  ])
  .transform((v) => (typeof v === 'string' ? parseSizeLimit(v)! : v));
const MimeTypes = z
  .array(z.string().trim().min(1).max(255))
  .max(100)
  .nullable()
  .transform((l) => (l && l.length ? l : null));

const CreateBody = z.object({
  id: z.optional(BucketIdSchema),
  name: BucketIdSchema,
  public: z.boolean().optional(),
  file_size_limit: SizeLimit.optional(),
  allowed_mime_types: MimeTypes.optional(),
});
const UpdateBody = z.object({ public: z.boolean().optional(), file_size_limit: SizeLimit.optional(), allowed_mime_types: MimeTypes.optional() });

export function storageBucketRoutes(fastify: FastifyInstance, deps: ApiDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/:ref/storage/v1/bucket';

  app.get(base, { schema: { params: z.object({ ref: RefParam }) } }, async (req) => {
    const { asCaller } = await storageContext(deps, req, req.params.ref);
    return listBuckets(asCaller);
  });

  app.get(`${base}/:bucket`, { schema: { params: BucketParams } }, async (req) => {
    const { asCaller } = await storageContext(deps, req, req.params.ref);
    return getBucket(asCaller, req.params.bucket);
  });

  app.post(base, { schema: { params: z.object({ ref: RefParam }), body: CreateBody } }, async (req) => {
    const { caller, db } = await storageContext(deps, req, req.params.ref);
    requireServiceRole(caller);
    const b = req.body;
    const created = await createBucket(db, { id: b.id ?? b.name, public: b.public ?? false, file_size_limit: b.file_size_limit, allowed_mime_types: b.allowed_mime_types }, ownerOf(caller));
    return { name: created.name };
  });

  app.put(`${base}/:bucket`, { schema: { params: BucketParams, body: UpdateBody } }, async (req) => {
    const { caller, db } = await storageContext(deps, req, req.params.ref);
    requireServiceRole(caller);
    await updateBucket(db, req.params.bucket, req.body);
    return { message: 'Successfully updated' };
  });

  app.post(`${base}/:bucket/empty`, { schema: { params: BucketParams } }, async (req) => {
    const { caller, db } = await storageContext(deps, req, req.params.ref);
    requireServiceRole(caller);
    await getBucket(db, req.params.bucket);
    await emptyBucket(db, deps.objects, req.params.ref, req.params.bucket);
    return { message: 'Successfully emptied' };
  });

  app.delete(`${base}/:bucket`, { schema: { params: BucketParams } }, async (req) => {
    const { caller, db } = await storageContext(deps, req, req.params.ref);
    requireServiceRole(caller);
    await deleteBucket(db, req.params.bucket);
    return { message: 'Successfully deleted' };
  });
}
