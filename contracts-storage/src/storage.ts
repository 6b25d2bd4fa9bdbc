import * as z from '@plinth/shared-contracts/zod';
import { encodePath, type Http } from '@plinth/shared-contracts';
import { SignedUrlSchema, StorageObjectSchema, StorageListBodySchema, type StorageListBody, type StorageObject } from './storage-objects';
import { StorageFolderAnswerSchema, StorageListPageBodySchema, StorageObjectPageSchema, type StorageListPageBody } from './storage-objects';

export * from './storage-constants';
export * from './storage-objects';
export * from './storage-policies';

// Buckets, storage config and the file explorer's calls (spec 000 §3, §5.2, §7.5; 001 §3, §5, §7).
// Served under /api/platform/storage/{ref}/... and /api/platform/projects/{ref}/config/storage.

/** Bucket form texts (000 §5.2), word for word. */
export const BUCKET_VALIDATION_MESSAGES = {
  nameRequired: 'Please provide a name for your bucket',
  nameReserved: '"public" is a reserved name. Please choose another name',
  nameHint: 'Only lowercase letters, numbers, dots and hyphens. The name cannot be changed later.',
  nameInvalid: 'Bucket names may contain only lowercase letters, numbers, dots and hyphens',
  sizeLimitNegative: 'File size upload limit has to be at least 0',
  nameTooLong: 'Bucket names must be at most 63 characters long',
  nameDotEdge: 'Bucket names cannot start or end with a dot',
  nameDoubleDot: 'Bucket names cannot contain two dots in a row',
} as const;

export const BUCKET_NAME_MAX_LENGTH = 63;
export const BUCKET_NAME_PATTERN = /^[a-z0-9.-]+$/;

/**
 * A bucket id (its name), as the established object stores name buckets: 1 to 63 lowercase
 * letters, digits, dots and hyphens, no dot at either end and never two in a row (so never '.'
 * or '..'). Every route that takes a bucket id checks it with this schema.
 */
export const BucketIdSchema = z
  .string({ error: BUCKET_VALIDATION_MESSAGES.nameRequired })
  .check(
    z.minLength(1, BUCKET_VALIDATION_MESSAGES.nameRequired),
    z.maxLength(BUCKET_NAME_MAX_LENGTH, BUCKET_VALIDATION_MESSAGES.nameTooLong),
    z.regex(BUCKET_NAME_PATTERN, BUCKET_VALIDATION_MESSAGES.nameInvalid),
    z.refine((n: string) => !n.startsWith('.') && !n.endsWith('.'), BUCKET_VALIDATION_MESSAGES.nameDotEdge),
    z.refine((n: string) => !n.includes('..'), BUCKET_VALIDATION_MESSAGES.nameDoubleDot),
  );

export const BucketSchema = z.object({
  /** Same as the name. */
  id: z.string(),
  name: z.string(),
  owner: z.optional(z.nullable(z.string())),
  public: z.boolean(),
  /** Bytes, or null for no bucket-level limit. */
  file_size_limit: z.nullable(z.number().check(z.int())),
  /** Mime types, or null for any type. */
  allowed_mime_types: z.nullable(z.array(z.string())),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Bucket = z.infer<typeof BucketSchema>;

const mimeTypes = z.pipe(
  z.nullish(z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(255))).check(z.maxLength(100))),
  z.transform((list: string[] | null | undefined) => (list == null || list.length === 0 ? null : list)),
);

const sizeLimit = z.nullish(
  z.number({ error: 'file_size_limit must be a number of bytes' }).check(z.int(), z.gte(0, BUCKET_VALIDATION_MESSAGES.sizeLimitNegative)),
);

export const BucketCreateSchema = z.object({
  id: z.pipe(
    z.string({ error: BUCKET_VALIDATION_MESSAGES.nameRequired }).check(z.trim()),
    BucketIdSchema.check(z.refine((n: string) => n !== 'public', BUCKET_VALIDATION_MESSAGES.nameReserved)),
  ),
  public: z._default(z.boolean(), false),
  file_size_limit: sizeLimit,
  allowed_mime_types: mimeTypes,
});
export type BucketCreate = z.input<typeof BucketCreateSchema>;

export const BucketUpdateSchema = z.object({
  public: z.optional(z.boolean()),
  file_size_limit: sizeLimit,
  allowed_mime_types: z.optional(mimeTypes),
});
export type BucketUpdate = z.input<typeof BucketUpdateSchema>;

/** Splits the form's comma-separated mime list: trimmed, empty means null (000 §5.2). */
export function parseAllowedMimeTypes(text: string): string[] | null {
  const list = text.split(',').map((s) => s.trim()).filter(Boolean);
  return list.length ? list : null;
}

export const StorageConfigSchema = z.object({ fileSizeLimit: z.number().check(z.int()), isFreeTier: z.boolean() });
export type StorageConfig = z.infer<typeof StorageConfigSchema>;
export const StorageConfigUpdateSchema = z.object({
  fileSizeLimit: z.number({ error: 'fileSizeLimit must be a number of bytes' }).check(z.int(), z.gte(0, BUCKET_VALIDATION_MESSAGES.sizeLimitNegative)),
});
export type StorageConfigUpdate = z.infer<typeof StorageConfigUpdateSchema>;

export const MessageAnswerSchema = z.object({ message: z.string() });

/** Answer of a bucket's deletion: its objects, the bucket and the storage.objects policies written for it alone went in one operation. */
export const BucketDeletedSchema = z.object({
  message: z.string(),
  deletedObjects: z.number().check(z.int()),
  /** Names of the policies on storage.objects dropped with the bucket. */
  droppedPolicies: z.array(z.string()),
});
export type BucketDeleted = z.infer<typeof BucketDeletedSchema>;

const base = (ref: string) => encodePath`/platform/storage/${ref}`;
const bucketPath = (ref: string, id: string) => `${base(ref)}${encodePath`/buckets/${id}`}`;

export function createStorageClient(http: Http) {
  return {
    listBuckets: (ref: string) => http('GET', `${base(ref)}/buckets`, { schema: z.array(BucketSchema) }),
    getBucket: (ref: string, id: string) => http('GET', bucketPath(ref, id), { schema: BucketSchema }),
    createBucket: (ref: string, body: BucketCreate) => http('POST', `${base(ref)}/buckets`, { body, schema: BucketSchema }),
    updateBucket: (ref: string, id: string, body: BucketUpdate) => http('PATCH', bucketPath(ref, id), { body, schema: BucketSchema }),
    emptyBucket: (ref: string, id: string) => http('POST', `${bucketPath(ref, id)}/empty`, { schema: MessageAnswerSchema }),
    /** Deletes the bucket with its objects and the storage.objects policies written for it alone, in one server operation (001 §4). */
    deleteBucket: (ref: string, id: string) => http('DELETE', bucketPath(ref, id), { schema: BucketDeletedSchema }),
    listObjects: (ref: string, bucketId: string, body: StorageListBody, signal?: AbortSignal): Promise<StorageObject[]> =>
      http('POST', `${bucketPath(ref, bucketId)}/objects/list`, { body: StorageListBodySchema.parse(body), schema: z.array(StorageObjectSchema), signal }),
    /** One page of a folder by cursor (`nextCursor` of the page before; null after the last page). */
    listObjectsPage: (ref: string, bucketId: string, body: StorageListPageBody, signal?: AbortSignal) =>
      http('POST', `${bucketPath(ref, bucketId)}/objects/page`, { body: StorageListPageBodySchema.parse(body), schema: StorageObjectPageSchema, signal }),
    /** Moves or renames a folder with everything below it, in one server-side operation. */
    moveFolder: (ref: string, bucketId: string, from: string, to: string) =>
      http('POST', `${bucketPath(ref, bucketId)}/folders/move`, { body: { from, to }, schema: StorageFolderAnswerSchema }),
    /** Deletes a folder with everything below it, in one server-side operation. */
    deleteFolder: (ref: string, bucketId: string, path: string) =>
      http('DELETE', `${bucketPath(ref, bucketId)}/folders`, { body: { path }, schema: StorageFolderAnswerSchema }),
    /** Paths relative to the bucket: explicit selections of files (a folder goes by deleteFolder). */
    deleteObjects: (ref: string, bucketId: string, paths: string[]) =>
      http('DELETE', `${bucketPath(ref, bucketId)}/objects`, { body: { paths }, schema: z.array(StorageObjectSchema) }),
    moveObject: (ref: string, bucketId: string, from: string, to: string) =>
      http('POST', `${bucketPath(ref, bucketId)}/objects/move`, { body: { from, to }, schema: MessageAnswerSchema }),
    getPublicUrl: (ref: string, bucketId: string, path: string) =>
      http('POST', `${bucketPath(ref, bucketId)}/objects/public-url`, { body: { path }, schema: z.object({ publicUrl: z.string() }) }),
    signUrl: (ref: string, bucketId: string, path: string, expiresIn: number) =>
      http('POST', `${bucketPath(ref, bucketId)}/objects/sign`, { body: { path, expiresIn }, schema: SignedUrlSchema }),
    downloadObject: (ref: string, bucketId: string, path: string, signal?: AbortSignal) =>
      http<Blob>('POST', `${bucketPath(ref, bucketId)}/objects/download`, { body: { path }, binary: true, signal }),
    uploadObject: (
      ref: string,
      bucketId: string,
      path: string,
      data: Blob | ArrayBuffer | Uint8Array,
      options: { contentType?: string; upsert?: boolean; cacheControl?: number; signal?: AbortSignal } = {},
    ) =>
      http('POST', `${bucketPath(ref, bucketId)}/objects/upload`, {
        query: { path },
        raw: { data, contentType: options.contentType || 'application/octet-stream' },
        headers: { 'x-upsert': String(options.upsert ?? false), 'cache-control': `max-age=${options.cacheControl ?? 3600}` },
        schema: StorageObjectSchema,
        signal: options.signal,
      }),
    getStorageConfig: (ref: string) =>
      http('GET', encodePath`/platform/projects/${ref}/config/storage`, { schema: StorageConfigSchema }),
    updateStorageConfig: (ref: string, body: StorageConfigUpdate) =>
      http('PATCH', encodePath`/platform/projects/${ref}/config/storage`, { body, schema: StorageConfigSchema }),
  };
}
