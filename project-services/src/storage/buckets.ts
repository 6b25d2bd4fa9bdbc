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

const UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** A size limit as storage-js passes it: bytes, or a string such as "1MB" or "500kb"; null for none. */
const SizeLimit = z
  .union([z.number().int().min(0), z.string().regex(/^\s*\d+\s*(b|kb|mb|gb)?\s*$/i, 'file_size_limit must be bytes or a size such as "1MB"'), z.null()])
  .transform((v) => {
    if (typeof v !== 'string') return v;
    const m = /^\s*(\d+)\s*(b|kb|mb|gb)?\s*$/i.exec(v)!;
    return Number(m[1]) * UNITS[(m[2] ?? 'b').toLowerCase()]!;
  });
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
