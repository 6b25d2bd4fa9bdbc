import { encodePath } from '@plinth/shared-contracts';

// Resumable (TUS 1.0.0) uploads of the console: where a bucket's uploads are created, below the
// API base (the server answers each with its own Location), and the sizes the explorer uses.

export const TUS_RESUMABLE_VERSION = '1.0.0';
/** Files above this size upload resumably; smaller ones in one request. */
export const RESUMABLE_UPLOAD_THRESHOLD_BYTES = 6 * 1024 * 1024;
/** Bytes a PATCH of a resumable upload carries (the last one less). */
export const RESUMABLE_UPLOAD_PART_BYTES = 6 * 1024 * 1024;

export const resumableUploadPath = (ref: string, bucketId: string) => encodePath`/platform/storage/${ref}/buckets/${bucketId}/objects/resumable`;
