import * as z from './zod';
import { STORAGE_LIST_PAGE_SIZE, STORAGE_SORT_KEYS, STORAGE_SORT_ORDERS, MAX_UPLOAD_SIZE_BYTES } from './storage-constants';

// The explorer's view of objects in a bucket (001 §3, §7).

export const StorageObjectMetadataSchema = z.catchall(
  z.object({
    mimetype: z.optional(z.string()),
    size: z.optional(z.number()),
    cacheControl: z.optional(z.string()),
    eTag: z.optional(z.string()),
    lastModified: z.optional(z.string()),
  }),
  z.unknown(),
);
export type StorageObjectMetadata = z.infer<typeof StorageObjectMetadataSchema>;

/**
 * One entry of a folder listing. Folders (derived from '/' prefixes of object names) have id,
 * metadata and the time fields null; files carry all of them.
 */
export const StorageObjectSchema = z.object({
  name: z.string(),
  id: z.nullable(z.string()),
  metadata: z.nullable(StorageObjectMetadataSchema),
  created_at: z.nullable(z.string()),
  updated_at: z.nullable(z.string()),
  last_accessed_at: z.nullable(z.string()),
  bucket_id: z.optional(z.string()),
});
export type StorageObject = z.infer<typeof StorageObjectSchema>;

/** Object path inside a bucket: no leading slash, no '..' or empty segments, no '#/'. */
export const ObjectPathSchema = z
  .string({ error: 'path is required' })
  .check(
    z.minLength(1, 'path is required'),
    z.maxLength(1024),
    z.refine(
      (p: string) => !p.startsWith('/') && !p.split('/').some((s) => s === '' || s === '..' || s === '.'),
      'path must be segments separated by single slashes, without a leading slash, "." or ".."',
    ),
    z.refine((p: string) => !p.includes('#/'), 'path may not contain "#/"'),
  );

export const StorageListBodySchema = z.object({
  /** Folder to list, relative to the bucket; '' is the root. A trailing slash is optional. */
  path: z._default(z.string().check(z.maxLength(1024)), ''),
  options: z.prefault(
    z.object({
      limit: z._default(z.number().check(z.int(), z.gte(1), z.lte(10_000)), STORAGE_LIST_PAGE_SIZE),
      offset: z._default(z.number().check(z.int(), z.gte(0)), 0),
      /** Prefix of names inside the folder. */
      search: z._default(z.string().check(z.maxLength(1024)), ''),
      sortBy: z.prefault(
        z.object({ column: z._default(z.enum(STORAGE_SORT_KEYS), 'name'), order: z._default(z.enum(STORAGE_SORT_ORDERS), 'asc') }),
        {},
      ),
    }),
    {},
  ),
});
export type StorageListBody = z.input<typeof StorageListBodySchema>;

export const StorageMoveBodySchema = z.object({ from: ObjectPathSchema, to: ObjectPathSchema });
export const StorageDeleteBodySchema = z.object({
  paths: z.array(ObjectPathSchema).check(z.minLength(1, 'paths must list at least one path'), z.maxLength(1000)),
});
export const StoragePathBodySchema = z.object({ path: ObjectPathSchema });
export const StorageSignBodySchema = z.object({
  path: ObjectPathSchema,
  expiresIn: z
    .number({ error: 'expiresIn must be a number of seconds' })
    .check(z.int(), z.gte(1, 'Expiry duration cannot be less than 0'), z.lte(10 * 31_536_000)),
});
export const StorageUploadQuerySchema = z.object({ path: ObjectPathSchema });
export const SignedUrlSchema = z.object({ signedUrl: z.string() });
export type SignedUrl = z.infer<typeof SignedUrlSchema>;

export { MAX_UPLOAD_SIZE_BYTES as STORAGE_MAX_UPLOAD_BYTES };
