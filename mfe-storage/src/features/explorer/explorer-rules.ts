import { DEFAULT_STORAGE_VIEW, EMPTY_FOLDER_PLACEHOLDER, SIGNED_URL_EXPIRY_MULTIPLIERS, STORAGE_BREADCRUMB_ABBREVIATE_AFTER, STORAGE_CORRUPTED_AFTER_MS, STORAGE_MESSAGES, STORAGE_PREVIEW_MAX_BYTES, STORAGE_SORT_KEYS, STORAGE_SORT_ORDERS, STORAGE_VIEWS, type SignedUrlExpiryUnit, type StorageObject, type StorageSortKey, type StorageSortOrder, type StorageView } from '@plinth/contracts-storage';

// The explorer's rules of 001 §4–§5 in product words: names, paths, suffixes, expiry, breadcrumb,
// item status and preview kinds. Pure functions, no React.

/** What a name check decides: go ahead, cancel quietly, or show the message. */
export type NameCheck = { ok: true; name: string } | { ok: false; cancel: true } | { ok: false; cancel: false; message: string };

const SLASHES = /[/\\]/;
const FOLDER_NAME = /^[\p{L}\p{N}_\-\s]+$/u;

/** A new folder's name (001 §5): empty cancels; no slashes; letters, digits, '_', '-' and spaces only; unique in its column. */
export function checkNewFolderName(input: string, siblings: readonly string[]): NameCheck {
  const name = input.trim();
  if (!name) return { ok: false, cancel: true };
  if (SLASHES.test(name)) return { ok: false, cancel: false, message: STORAGE_MESSAGES.folderNameSlashesCreate };
  if (!FOLDER_NAME.test(name)) return { ok: false, cancel: false, message: STORAGE_MESSAGES.folderNameInvalid };
  if (siblings.includes(name)) return { ok: false, cancel: false, message: STORAGE_MESSAGES.duplicateName(name) };
  return { ok: true, name };
}

/** A rename (001 §5): empty or unchanged cancels; a folder's name takes no slashes; unique in its column. */
export function checkRename(input: string, current: string, isFolder: boolean, siblings: readonly string[]): NameCheck {
  const name = input.trim();
  if (!name || name === current) return { ok: false, cancel: true };
  if (isFolder && SLASHES.test(name)) return { ok: false, cancel: false, message: STORAGE_MESSAGES.folderNameSlashesRename };
  if (siblings.includes(name)) return { ok: false, cancel: false, message: STORAGE_MESSAGES.duplicateName(name) };
  return { ok: true, name };
}

/**
 * The part of a name its rename field selects when it opens, as file managers do: a file's name
 * without its extension (`report.final.pdf` → `report.final`); all of a folder's name, a dotfile's
 * (`.env`) or a name without a dot.
 */
export function renameSelection(name: string, isFolder: boolean): { start: number; end: number } {
  const dot = name.lastIndexOf('.');
  return { start: 0, end: !isFolder && dot > 0 ? dot : name.length };
}

/** An uploaded file's name that is free in the folder: 'photo (2).png', 'photo (3).png'… (001 §5). */
export function uniqueUploadName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  const dot = name.lastIndexOf('.');
  const [base, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 2; ; n += 1) {
    const candidate = `${base} (${n})${ext}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Upload paths with '#/' in them are dropped (001 §5). */
export const uploadable = (relativePath: string) => !relativePath.includes('#/');

/** The typed path of the editable breadcrumb: split on '/', empty parts dropped; '' is the root (001 §5). */
export function parseFolderPath(text: string): string[] {
  return text.split('/').map((s) => s.trim()).filter(Boolean);
}

/** The list view's breadcrumb: beyond 5 parts, the first 2, an ellipsis and the last 2 (001 §2). */
export function abbreviateBreadcrumb(parts: readonly string[]): string[] {
  if (parts.length <= STORAGE_BREADCRUMB_ABBREVIATE_AFTER) return [...parts];
  return [...parts.slice(0, 2), '…', ...parts.slice(-2)];
}

/** The move dialog's destination: leading (and trailing) slashes stripped; blank is the bucket root (001 §5). */
export function normalizeMoveTarget(text: string): string {
  return parseFolderPath(text).join('/');
}

/** A path inside the bucket: folder path and name joined. */
export const joinPath = (folder: string, name: string) => (folder ? `${folder}/${name}` : name);
export const parentOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');
export const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** Custom signed URL expiry in seconds, or the message when the value is not above 0 (001 §5, §9). */
export function expirySeconds(value: string, unit: SignedUrlExpiryUnit): { seconds: number } | { message: string } | null {
  if (value.trim() === '') return null;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) return { message: STORAGE_MESSAGES.expiryTooSmall };
  return { seconds: Math.round(n * SIGNED_URL_EXPIRY_MULTIPLIERS[unit]) };
}

/** When a URL signed now for `seconds` stops working. */
export const expiresAt = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000);

export type ItemStatus = 'ready' | 'loading' | 'corrupted';

/** A file without metadata is still uploading for 15 minutes, corrupted after (001 §4). */
export function fileStatus(item: StorageObject, now: number): ItemStatus {
  if (item.id === null || item.metadata) return 'ready';
  const created = item.created_at ? Date.parse(item.created_at) : now;
  return now - created > STORAGE_CORRUPTED_AFTER_MS ? 'corrupted' : 'loading';
}

export const isFolder = (item: StorageObject) => item.id === null;
export const isPlaceholder = (item: StorageObject) => item.name === EMPTY_FOLDER_PLACEHOLDER;
export const fileSize = (item: StorageObject) => (typeof item.metadata?.size === 'number' ? item.metadata.size : 0);
export const mimeOf = (item: StorageObject) => (typeof item.metadata?.mimetype === 'string' ? item.metadata.mimetype : '');

export type PreviewKind = 'image' | 'audio' | 'video' | 'text' | 'json' | 'pdf' | 'other' | 'skipped' | 'none';

/** How the preview pane shows a file: by MIME type, skipped above 10,000,000 bytes, none without metadata (001 §4). */
export function previewKind(item: StorageObject): PreviewKind {
  const mime = mimeOf(item);
  if (!item.metadata || !mime) return 'none';
  if (fileSize(item) > STORAGE_PREVIEW_MAX_BYTES) return 'skipped';
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime.startsWith('video/')) return 'video';
  if (mime === 'application/pdf') return 'pdf';
  if (mime === 'application/json' || mime.endsWith('+json')) return 'json';
  if (mime.startsWith('text/')) return 'text';
  return 'other';
}

/** Bytes as people read them (base 1024). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = bytes / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i += 1;
  }
  return `${v.toFixed(v >= 10 ? 0 : 1)} ${units[i]}`;
}

export interface ExplorerPreferences {
  view: StorageView;
  sortBy: StorageSortKey;
  sortByOrder: StorageSortOrder;
}
export const DEFAULT_PREFERENCES: ExplorerPreferences = { view: DEFAULT_STORAGE_VIEW, sortBy: 'name', sortByOrder: 'asc' };
const prefsKey = (ref: string) => `plinth.storage-explorer.${ref}`;

/** The explorer preferences of a project, kept in local storage (001 §3); anything unreadable falls back to the defaults. */
export function readPreferences(ref: string, storage: Pick<Storage, 'getItem'> = localStorage): ExplorerPreferences {
  try {
    const raw = JSON.parse(storage.getItem(prefsKey(ref)) ?? '{}') as Partial<ExplorerPreferences>;
    return {
      view: STORAGE_VIEWS.includes(raw.view as StorageView) ? (raw.view as StorageView) : DEFAULT_PREFERENCES.view,
      sortBy: STORAGE_SORT_KEYS.includes(raw.sortBy as StorageSortKey) ? (raw.sortBy as StorageSortKey) : DEFAULT_PREFERENCES.sortBy,
      sortByOrder: STORAGE_SORT_ORDERS.includes(raw.sortByOrder as StorageSortOrder) ? (raw.sortByOrder as StorageSortOrder) : DEFAULT_PREFERENCES.sortByOrder,
    };
  } catch {
    return DEFAULT_PREFERENCES;
  }
}
export function savePreferences(ref: string, prefs: ExplorerPreferences, storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(prefsKey(ref), JSON.stringify(prefs));
  } catch {
    // Storage full or refused: the preferences last for this page only.
  }
}
