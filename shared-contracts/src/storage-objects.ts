import { z } from 'zod';
import { STORAGE_LIST_PAGE_SIZE, STORAGE_SORT_KEYS, STORAGE_SORT_ORDERS, MAX_UPLOAD_SIZE_BYTES } from './storage-constants';

// The explorer's view of objects in a bucket (001 §3, §7).

export const StorageObjectMetadataSchema = z
  .object({
    mimetype: z.string().optional(),
    size: z.number().optional(),
    cacheControl: z.string().optional(),
    eTag: z.string().optional(),
    lastModified: z.string().optional(),
  })
  .catchall(z.unknown());
export type StorageObjectMetadata = z.infer<typeof StorageObjectMetadataSchema>;

/**
 * One entry of a folder listing. Folders (derived from '/' prefixes of object names) have id,
 * metadata and the time fields null; files carry all of them.
 */
export const StorageObjectSchema = z.object({
  name: z.string(),
  id: z.string().nullable(),
  metadata: StorageObjectMetadataSchema.nullable(),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
  last_accessed_at: z.string().nullable(),
  bucket_id: z.string().optional(),
});
export type StorageObject = z.infer<typeof StorageObjectSchema>;

/** Object path inside a bucket: no leading slash, no '..' or empty segments, no '#/'. */
export const ObjectPathSchema = z
  .string({ error: 'path is required' })
  .min(1, 'path is required')
  .max(1024)
  .refine((p) => !p.startsWith('/') && !p.split('/').some((s) => s === '' || s === '..' || s === '.'), 'path must be segments separated by single slashes, without a leading slash, "." or ".."')
  .refine((p) => !p.includes('#/'), 'path may not contain "#/"');

export const StorageListBodySchema = z.object({
  /** Folder to list, relative to the bucket; '' is the root. A trailing slash is optional. */
  path: z.string().max(1024).default(''),
  options: z
    .object({
      limit: z.number().int().min(1).max(10_000).default(STORAGE_LIST_PAGE_SIZE),
      offset: z.number().int().min(0).default(0),
      /** Prefix of names inside the folder. */
      search: z.string().max(1024).default(''),
      sortBy: z
        .object({ column: z.enum(STORAGE_SORT_KEYS).default('name'), order: z.enum(STORAGE_SORT_ORDERS).default('asc') })
        .prefault({}),
    })
    .prefault({}),
});
export type StorageListBody = z.input<typeof StorageListBodySchema>;

export const StorageMoveBodySchema = z.object({ from: ObjectPathSchema, to: ObjectPathSchema });
export const StorageDeleteBodySchema = z.object({ paths: z.array(ObjectPathSchema).min(1, 'paths must list at least one path').max(1000) });
export const StoragePathBodySchema = z.object({ path: ObjectPathSchema });
export const StorageSignBodySchema = z.object({
  path: ObjectPathSchema,
  expiresIn: z.number({ error: 'expiresIn must be a number of seconds' }).int().min(1, 'Expiry duration cannot be less than 0').max(10 * 31_536_000),
});
export const StorageUploadQuerySchema = z.object({ path: ObjectPathSchema });
export const SignedUrlSchema = z.object({ signedUrl: z.string() });
export type SignedUrl = z.infer<typeof SignedUrlSchema>;

export { MAX_UPLOAD_SIZE_BYTES as STORAGE_MAX_UPLOAD_BYTES };
