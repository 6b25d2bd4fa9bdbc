import * as z from '@plinth/shared-contracts/zod';
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

/** Limits of an object's name (its path inside the bucket), in UTF-8 bytes. */
export const OBJECT_NAME_MAX_BYTES = 1024;
export const OBJECT_NAME_SEGMENT_MAX_BYTES = 255;

export const OBJECT_NAME_MESSAGES = {
  required: 'path is required',
  tooLong: `path must be at most ${OBJECT_NAME_MAX_BYTES} bytes (UTF-8)`,
  segmentTooLong: `each part of path between slashes must be at most ${OBJECT_NAME_SEGMENT_MAX_BYTES} bytes (UTF-8)`,
  segments: 'path must be segments separated by single slashes, without a leading slash, "." or ".."',
  control: 'path may not contain control characters',
  hashSlash: 'path may not contain "#/"',
} as const;

const utf8Bytes = (s: string) => new TextEncoder().encode(s).length;
// C0 controls (NUL included), DEL and C1 controls.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;

/** The first rule an object name breaks, or null when it is a valid name. */
export function objectNameProblem(name: string): string | null {
  if (name.length === 0) return OBJECT_NAME_MESSAGES.required;
  if (CONTROL_CHARS.test(name)) return OBJECT_NAME_MESSAGES.control;
  if (utf8Bytes(name) > OBJECT_NAME_MAX_BYTES) return OBJECT_NAME_MESSAGES.tooLong;
  const segments = name.split('/');
  if (name.startsWith('/') || segments.some((seg) => seg === '' || seg === '.' || seg === '..')) return OBJECT_NAME_MESSAGES.segments;
  if (segments.some((seg) => utf8Bytes(seg) > OBJECT_NAME_SEGMENT_MAX_BYTES)) return OBJECT_NAME_MESSAGES.segmentTooLong;
  if (name.includes('#/')) return OBJECT_NAME_MESSAGES.hashSlash;
  return null;
}

/**
 * An object's name (its path inside the bucket), on every route that takes one: non-empty, at
 * most 1024 bytes, each '/'-separated part 1 to 255 bytes and neither "." nor "..", no leading
 * slash, no control characters (NUL included).
 */
export const StorageObjectNameSchema = z.string({ error: OBJECT_NAME_MESSAGES.required }).check(
  z.superRefine((name: string, ctx) => {
    const problem = objectNameProblem(name);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: name });
  }),
);
/** The same rules under the name the explorer's bodies have used so far. */
export const ObjectPathSchema = StorageObjectNameSchema;

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

/** What a folder page can be sorted by: the explorer's sort keys, and size (list view). */
export const STORAGE_LIST_SORT_COLUMNS = [...STORAGE_SORT_KEYS, 'size'] as const;
export type StorageListSortColumn = (typeof STORAGE_LIST_SORT_COLUMNS)[number];

/**
 * One page of a folder, by cursor: folders first, then files in the chosen order (ties broken by
 * name). `cursor` is the previous page's `nextCursor`, opaque; a page stays right while objects are
 * added and deleted between pages (no entry twice, none skipped).
 */
export const StorageListPageBodySchema = z.object({
  /** Folder to list, relative to the bucket; '' is the root. A trailing slash is optional. */
  path: z._default(z.string().check(z.maxLength(1024)), ''),
  /** Start of the names shown (search by prefix inside the folder). */
  search: z._default(z.string().check(z.maxLength(1024)), ''),
  sortBy: z.prefault(
    z.object({ column: z._default(z.enum(STORAGE_LIST_SORT_COLUMNS), 'name'), order: z._default(z.enum(STORAGE_SORT_ORDERS), 'asc') }),
    {},
  ),
  limit: z._default(z.number().check(z.int(), z.gte(1), z.lte(1000)), STORAGE_LIST_PAGE_SIZE),
  cursor: z.optional(z.string().check(z.maxLength(4096))),
});
export type StorageListPageBody = z.input<typeof StorageListPageBodySchema>;
export const StorageObjectPageSchema = z.object({ items: z.array(StorageObjectSchema), nextCursor: z.nullable(z.string()) });
export type StorageObjectPage = z.infer<typeof StorageObjectPageSchema>;

/** A folder move or rename, and a folder delete: one call over every object below the folder. */
export const StorageFolderMoveBodySchema = z.object({ from: StorageObjectNameSchema, to: StorageObjectNameSchema });
export const StorageFolderBodySchema = z.object({ path: StorageObjectNameSchema });
export const StorageFolderAnswerSchema = z.object({ message: z.string(), count: z.number().check(z.int()) });
export type StorageFolderAnswer = z.infer<typeof StorageFolderAnswerSchema>;

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
