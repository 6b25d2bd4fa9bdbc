import { CSRF_HEADER, readCsrfCookie } from '@plinth/shared-contracts';
import { TUS_RESUMABLE_VERSION } from '@plinth/contracts-storage';

// Resumable uploads this browser started and has not finished, per project, in local storage: the
// server's upload URL with the file's name, size and modification time. A browser cannot read a
// file again after a reload without the user picking it, so an unfinished upload continues when
// the same file (name, size, modification time) is picked or dropped again for the same place,
// and the panel lists the ones waiting for that. The server drops an upload a day after its last byte.

export interface PendingUpload {
  uploadUrl: string;
  bucketId: string;
  path: string;
  name: string;
  size: number;
  lastModified: number;
  /** Bytes the server had at the last progress report. */
  sent: number;
  updatedAt: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const key = (ref: string) => `plinth:storage:resumable:${ref}`;

function readAll(ref: string): PendingUpload[] {
  try {
    const raw = JSON.parse(localStorage.getItem(key(ref)) ?? '[]') as unknown;
    if (!Array.isArray(raw)) return [];
    return (raw as PendingUpload[]).filter((p) => p && typeof p.uploadUrl === 'string' && typeof p.path === 'string' && Date.now() - p.updatedAt < DAY_MS);
  } catch {
    return [];
  }
}

function writeAll(ref: string, list: PendingUpload[]): void {
  try {
    if (list.length) localStorage.setItem(key(ref), JSON.stringify(list));
    else localStorage.removeItem(key(ref));
  } catch {
    // Storage full or blocked: uploads still run, they only cannot be offered after a reload.
  }
}

/** Unfinished uploads of a project (of one bucket when given). */
export const readPending = (ref: string, bucketId?: string) => readAll(ref).filter((p) => bucketId === undefined || p.bucketId === bucketId);

export function savePending(ref: string, p: PendingUpload): void {
  writeAll(ref, [...readAll(ref).filter((q) => q.uploadUrl !== p.uploadUrl && !(q.bucketId === p.bucketId && q.path === p.path)), p]);
}

export function forgetPending(ref: string, uploadUrl: string): void {
  writeAll(ref, readAll(ref).filter((p) => p.uploadUrl !== uploadUrl));
}

/** Whether a picked file is the one an unfinished upload was sending. */
export const sameFile = (p: Pick<PendingUpload, 'name' | 'size' | 'lastModified'>, file: File) => p.name === file.name && p.size === file.size && p.lastModified === file.lastModified;

/** The unfinished upload of this file to this place, if any. */
export const pendingFor = (ref: string, bucketId: string, path: string, file: File) => readPending(ref, bucketId).find((p) => p.path === path && sameFile(p, file));

/** The console's CSRF token (the cookie the page echoes in a header). */
export function csrfToken(): string {
  return readCsrfCookie() ?? '';
}

/** Gives up an unfinished upload: the server drops its bytes (TUS termination) and this browser forgets it. */
export async function discardPending(ref: string, p: PendingUpload): Promise<void> {
  forgetPending(ref, p.uploadUrl);
  await fetch(p.uploadUrl, { method: 'DELETE', headers: { 'tus-resumable': TUS_RESUMABLE_VERSION, [CSRF_HEADER]: csrfToken() } }).catch(() => undefined);
}
