import { DEFAULT_UPLOAD_LIMIT, FREE_PLAN_UPLOAD_LIMIT } from '@plinth/shared-contracts';

// Business constants and texts of the storage area (spec 000 §2.11, §9; 001 §2, §5, §8, §9).

/** Largest upload the platform takes: 5 GB (001 §9). */
export const MAX_UPLOAD_SIZE_BYTES = DEFAULT_UPLOAD_LIMIT;
/** Default global upload limit constant (000 §9). */
export const DEFAULT_UPLOAD_LIMIT_BYTES = MAX_UPLOAD_SIZE_BYTES;
/** The free plan's fixed upload limit: 50 MB in base 1024 (001 §6, §9). */
export const FREE_TIER_UPLOAD_LIMIT_BYTES = FREE_PLAN_UPLOAD_LIMIT;

export const STORAGE_SIZE_UNITS = ['bytes', 'KB', 'MB', 'GB'] as const;
export type StorageSizeUnit = (typeof STORAGE_SIZE_UNITS)[number];
/** Base 1024 conversion; caps at GB (000 §9). */
export const STORAGE_UNIT_BYTES: Record<StorageSizeUnit, number> = { bytes: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };
export function toBytes(value: number, unit: StorageSizeUnit): number {
  return Math.round(value * STORAGE_UNIT_BYTES[unit]);
}
/** Largest unit that divides the byte count into a value of at least 1. */
export function fromBytes(bytes: number): { value: number; unit: StorageSizeUnit } {
  for (const unit of ['GB', 'MB', 'KB'] as const) {
    if (bytes >= STORAGE_UNIT_BYTES[unit]) return { value: +(bytes / STORAGE_UNIT_BYTES[unit]).toFixed(2), unit };
  }
  return { value: bytes, unit: 'bytes' };
}

/** Explorer listing (001 §9). */
export const STORAGE_LIST_PAGE_SIZE = 200;
export const STORAGE_CRAWL_PAGE_SIZE = 10_000;
export const STORAGE_UPLOAD_BATCH_SIZE = 10;
export const STORAGE_DELETE_PATHS_PER_REQUEST = 2;
export const STORAGE_DELETE_PARALLEL_REQUESTS = 2;
export const STORAGE_RENAME_PARALLEL = 2;
export const STORAGE_DOWNLOAD_PARALLEL = 10;
export const STORAGE_PREVIEW_MAX_BYTES = 10_000_000;
export const STORAGE_CORRUPTED_AFTER_MS = 15 * 60 * 1000;
export const EMPTY_FOLDER_PLACEHOLDER = '.emptyFolderPlaceholder';
export const STORAGE_SEARCH_DEBOUNCE_MS = 300;
export const STORAGE_COPY_NOTICE_MS = 4000;
export const STORAGE_DUPLICATE_NAME_NOTICE_MS = 4000;
export const STORAGE_UPLOAD_CACHE_CONTROL_SECONDS = 3600;
/** Explorer layout in px (001 §2, §9). */
export const STORAGE_COLUMN_WIDTH = 256;
export const STORAGE_PREVIEW_WIDTH = 450;
export const STORAGE_ROW_HEIGHT = 37;
export const STORAGE_LOADING_ROW_HEIGHT = 85;
export const STORAGE_EXPLORER_HEIGHT_OFFSET = 122;
export const STORAGE_BREADCRUMB_ABBREVIATE_AFTER = 5;

/** Signed URL expiry (001 §9). */
export const SIGNED_URL_EXPIRY_MULTIPLIERS = { days: 86_400, weeks: 604_800, months: 2_592_000, years: 31_536_000 } as const;
export type SignedUrlExpiryUnit = keyof typeof SIGNED_URL_EXPIRY_MULTIPLIERS;
export const SIGNED_URL_PRESETS = [
  { label: '1 week', expiresIn: 604_800 },
  { label: '1 month', expiresIn: 2_592_000 },
  { label: '1 year', expiresIn: 31_536_000 },
] as const;
export const DEFAULT_SIGNED_URL_EXPIRES_IN = 31_536_000;
/** Time spans of 000 §9. */
export const STORAGE_TIME_SPANS = { week: 604_800, month: 2_592_000, year: 31_536_000 } as const;

export const STORAGE_SORT_KEYS = ['name', 'created_at', 'updated_at', 'last_accessed_at'] as const;
export type StorageSortKey = (typeof STORAGE_SORT_KEYS)[number];
export const STORAGE_SORT_LABELS: Record<StorageSortKey, string> = {
  name: 'Name',
  created_at: 'Time created',
  updated_at: 'Time modified',
  last_accessed_at: 'Time last accessed',
};
export const STORAGE_SORT_ORDERS = ['asc', 'desc'] as const;
export type StorageSortOrder = (typeof STORAGE_SORT_ORDERS)[number];
export const STORAGE_VIEWS = ['columns', 'list'] as const;
export type StorageView = (typeof STORAGE_VIEWS)[number];
export const DEFAULT_STORAGE_VIEW: StorageView = 'columns';

/** Storage menu and explorer texts (000 §2.11; 001 §2, §5, §8), word for word. */
export const STORAGE_MESSAGES = {
  noBuckets: 'No buckets available',
  fetchBucketsFailed: 'Failed to fetch buckets. Please refresh to try again.',
  fetchConfigFailed: 'Failed to fetch project configuration. Try refreshing your browser, or reach out to support',
  createBucketFailed: (message: string) => `Failed to create bucket: ${message}`,
  updateBucketFailed: (message: string) => `Failed to update bucket: ${message}`,
  deleteBucketFailed: (message: string) => `Failed to delete bucket: ${message}`,
  noBucketForPolicies: 'Create a bucket first to start writing policies!',
  storagePoliciesHeading: 'Storage policies',
  otherObjectPolicies: 'Other policies under storage.objects',
  bucketPolicies: 'Policies under storage.buckets',
  settingsTitle: 'Storage Settings',
  settingsUpdated: 'Successfully updated storage settings',
  settingsUpdateFailed: (message: string) => `Failed to update storage settings: ${message}`,
  settingsLoadFailed: 'Error loading storage settings',
  uploadLimitTooLarge: 'Upload file size limit must be up to 5GB (5,368,709,120 bytes)',
  uploadLimitInline: (n: number | string, unit: string) => `Maximum limit is up to ${n} ${unit}.`,
  deleteConfirm: 'This action cannot be undone.',
  typedConfirmEmpty: 'Enter the required value.',
  typedConfirmMismatch: 'Value entered does not match.',
  breadcrumbPlaceholder: 'e.g Parent Folder/Child Folder',
  goToFolder: 'Go to folder',
  searchPlaceholder: 'Search for a file or folder',
  itemsSelected: (n: number) => `${n} items selected`,
  emptyFolder: 'No results found in this folder',
  emptySearch: (term: string) => `Your search for "${term}" did not return any results`,
  previewTooLarge: 'File size is too large to preview in the explorer',
  corrupted: 'File is corrupted, please delete and reupload again.',
  folderNameInvalid: 'Folder name contains invalid special characters',
  folderNameSlashesCreate: 'Folder names should not have forward or back slashes.',
  folderNameSlashesRename: 'Folder name cannot contain forward or back slashes.',
  duplicateName: (name: string) => `The name ${name} already exists in the current directory. Please use a different name.`,
  expiryTooSmall: 'Expiry duration cannot be less than 0',
  projectRefRequired: 'projectRef is required',
  bucketNameRequired: 'Bucket name is requried',
  uploadFailed: (name: string, message: string) => `Failed to upload ${name}: ${message}`,
  uploadFilesFailedCount: (n: number) => `Failed to upload ${n} file(s)!`,
  uploadFilesFailed: 'Failed to upload files',
  uploadPartial: (x: number, y: number) => `Successfully uploaded ${x} out of ${y} files!`,
  moveFailed: 'Failed to move files',
  moveOneFailed: (path: string) => `Failed to move ${path} to the new folder`,
  renameFileFailed: (message: string) => `Failed to rename file: ${message}`,
  renameFolderPartial: (name: string) => `Renamed folder to ${name} with some errors`,
  renameFolderFailed: (name: string) => `Failed to rename folder to ${name}`,
  publicPreviewFailed: (message: string) => `Failed to fetch public file preview: ${message}`,
  signedPreviewFailed: (message: string) => `Failed to fetch signed url preview: ${message}`,
  downloadFailed: (name: string) => `Failed to download ${name}`,
  downloadFolderFailed: (folder: string) => `Failed to download files from "${folder}"`,
  folderContentsFailed: (name: string, message: string) => `Failed to retrieve folder contents from "${name}": ${message}`,
  fetchFoldersFailed: (message: string) => `Failed to fetch folders: ${message}`,
} as const;

/** Server answers of the storage API (ours). */
export const STORAGE_API_MESSAGES = {
  bucketNotEmpty: (id: string) => `Bucket ${id} is not empty: empty it before deleting it`,
  bucketNotFound: (id: string) => `Bucket not found: ${id}`,
  bucketExists: (id: string) => `A bucket named ${id} already exists`,
  objectNotFound: (path: string) => `Object not found: ${path}`,
  objectExists: (path: string) => `An object already exists at ${path}`,
  folderNotFound: (path: string) => `Folder not found: ${path}`,
  folderIntoItself: (path: string) => `A folder cannot be moved into itself: ${path}`,
  folderNameTooLong: 'to would make an object path longer than 1024 bytes',
  badCursor: 'cursor is not a cursor of this listing: start again without one',
  bucketNotPublic: (id: string) => `Bucket ${id} is not public: use a signed URL`,
  fileTooLarge: (limit: number) => `The object exceeded the maximum allowed size of ${limit} bytes`,
  mimeNotAllowed: (mime: string) => `mime type ${mime} is not supported by this bucket`,
  badSignature: 'The signed URL is invalid',
  expiredSignature: 'The signed URL has expired',
} as const;
