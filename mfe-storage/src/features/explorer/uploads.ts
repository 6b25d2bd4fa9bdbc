import { createStore } from 'zustand';
import type { Notice } from '@plinth/shared-contracts';
import { RESUMABLE_UPLOAD_THRESHOLD_BYTES, STORAGE_MESSAGES, STORAGE_UPLOAD_BATCH_SIZE } from '@plinth/contracts-storage';
import { errorMessage } from '@plinth/area-kit';
import { baseName, joinPath, uniqueUploadName, uploadable } from './explorer-rules';

// Uploads (001 §4, §5, §8, §9): files from the picker or dropped (whole folders too) go 10 at a
// time; each has a state and the bytes sent the panel shows, each or all can be cancelled and a
// failed one retried; names already taken in the folder get ' (2)' before the extension; paths with
// '#/' are dropped. Files above 6 MB upload resumably (area/uploads): a cut connection continues
// from the bytes the server holds, and so does the same file picked again after a reload.

export interface PickedFile {
  file: File;
  /** Path below the folder dropped onto: 'photos/cat.png' for a dropped folder, 'cat.png' for a file. */
  relativePath: string;
  /** The whole object path, kept as is (an unfinished upload picked again): no folder, no ' (2)'. */
  exactPath?: string;
}

export type UploadState = 'queued' | 'uploading' | 'done' | 'failed' | 'cancelled';
export interface UploadEntry {
  key: number;
  path: string;
  size: number;
  /** Bytes the server holds (a small file's count all at once when it is stored). */
  sent: number;
  state: UploadState;
  message?: string;
}

export interface UploadsState {
  entries: UploadEntry[];
  running: boolean;
}

export const uploadsStore = createStore<UploadsState>()(() => ({ entries: [], running: false }));
const controllers = new Map<number, AbortController>();
let nextKey = 1;

const update = (key: number, patch: Partial<UploadEntry>) =>
  uploadsStore.setState((s) => ({ entries: s.entries.map((e) => (e.key === key ? { ...e, ...patch } : e)) }));

/** Stops every upload still queued or running. */
export function cancelUploads() {
  for (const c of controllers.values()) c.abort();
}
/** Stops one upload. */
export function cancelUpload(key: number) {
  controllers.get(key)?.abort();
}
export function clearUploads() {
  if (!uploadsStore.getState().running) {
    failedJobs.clear();
    uploadsStore.setState({ entries: [] });
  }
}

/** What a drop holds, read while the drop event runs (the browser empties it afterwards). */
export interface DropContents {
  entries: FileSystemEntry[];
  files: File[];
}

/** The files of a drop, folders walked (webkitGetAsEntry), in the order given. */
export async function filesFromDrop(drop: DropContents): Promise<PickedFile[]> {
  const { entries } = drop;
  if (!entries.length) return drop.files.map((file) => ({ file, relativePath: file.name }));
  const out: PickedFile[] = [];
  const walk = async (entry: FileSystemEntry, prefix: string): Promise<void> => {
    if (entry.isFile) {
      const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject));
      out.push({ file, relativePath: prefix + entry.name });
      return;
    }
    const reader = (entry as FileSystemDirectoryEntry).createReader();
    for (;;) {
      const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
      if (!batch.length) break;
      for (const child of batch) await walk(child, `${prefix}${entry.name}/`);
    }
  };
  for (const e of entries) await walk(e, '');
  return out;
}

export interface UploadTarget {
  folder: string;
  /** Names already in the folder, for the ' (2)' rule. */
  taken: ReadonlySet<string>;
  upload: (path: string, file: File, signal: AbortSignal) => Promise<unknown>;
  notify: (notice: Notice) => void;
  /** Where large files upload resumably; without it every file goes in one request. */
  place?: { apiBase: string; ref: string; bucketId: string };
}

interface Job {
  key: number;
  path: string;
  file: File;
}
/** Settled jobs that failed, kept for Retry with the target they were going to. */
const failedJobs = new Map<number, { job: Job; target: UploadTarget }>();

async function send(job: Job, target: UploadTarget, signal: AbortSignal): Promise<void> {
  const { place } = target;
  if (place && job.file.size > RESUMABLE_UPLOAD_THRESHOLD_BYTES) {
    const { uploadResumable } = await import(/* webpackChunkName: "storage-uploads-resumable" */ '../../area/uploads/resumable-upload');
    await uploadResumable({ ...place, path: job.path, file: job.file, signal, onProgress: (sent) => update(job.key, { sent }) });
  } else await target.upload(job.path, job.file, signal);
  update(job.key, { sent: job.file.size });
}

/** Uploads a failed file again; answers whether it went through. */
export async function retryUpload(key: number): Promise<boolean> {
  const failed = failedJobs.get(key);
  if (!failed) return false;
  failedJobs.delete(key);
  const controller = new AbortController();
  controllers.set(key, controller);
  uploadsStore.setState({ running: true });
  update(key, { state: 'uploading', message: undefined });
  try {
    await send(failed.job, failed.target, controller.signal);
    update(key, { state: 'done' });
    return true;
  } catch (err) {
    if (controller.signal.aborted) update(key, { state: 'cancelled' });
    else {
      const message = errorMessage(err);
      failedJobs.set(key, failed);
      update(key, { state: 'failed', message });
      failed.target.notify({ kind: 'error', message: STORAGE_MESSAGES.uploadFailed(baseName(failed.job.path), message) });
    }
    return false;
  } finally {
    controllers.delete(key);
    uploadsStore.setState({ running: controllers.size > 0 });
  }
}

/** Uploads picked or dropped files into a folder; resolves when all are settled. */
export async function uploadFiles(picked: PickedFile[], target: UploadTarget): Promise<{ done: number; failed: number }> {
  const taken = new Set(target.taken);
  const jobs = picked
    .filter((p) => uploadable(p.relativePath))
    .map((p): Job => {
      if (p.exactPath) return { key: nextKey++, path: p.exactPath, file: p.file };
      const first = p.relativePath.split('/')[0]!;
      const isTopFile = first === p.relativePath;
      const name = isTopFile ? uniqueUploadName(first, taken) : first;
      if (isTopFile) taken.add(name);
      const rel = isTopFile ? name : p.relativePath;
      return { key: nextKey++, path: joinPath(target.folder, rel), file: p.file };
    });
  uploadsStore.setState((s) => ({
    running: true,
    entries: [...s.entries, ...jobs.map((j) => ({ key: j.key, path: j.path, size: j.file.size, sent: 0, state: 'queued' as const }))],
  }));
  for (const j of jobs) controllers.set(j.key, new AbortController());
  let index = 0;
  let done = 0;
  const failures: { name: string; message: string }[] = [];
  const lane = async () => {
    while (index < jobs.length) {
      const job = jobs[index++]!;
      const signal = controllers.get(job.key)!.signal;
      if (signal.aborted) {
        update(job.key, { state: 'cancelled' });
        continue;
      }
      update(job.key, { state: 'uploading' });
      try {
        await send(job, target, signal);
        done += 1;
        update(job.key, { state: 'done' });
      } catch (err) {
        if (signal.aborted) update(job.key, { state: 'cancelled' });
        else {
          const message = errorMessage(err);
          failures.push({ name: baseName(job.path), message });
          failedJobs.set(job.key, { job, target });
          update(job.key, { state: 'failed', message });
        }
      } finally {
        controllers.delete(job.key);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(STORAGE_UPLOAD_BATCH_SIZE, jobs.length) }, lane));
  uploadsStore.setState({ running: controllers.size > 0 });

  const total = jobs.length;
  if (failures.length === 0 && done === total && total > 0) target.notify({ kind: 'success', message: `Successfully uploaded ${total} file${total === 1 ? '' : 's'}!` });
  else if (failures.length) {
    if (done === 0 && failures.length === total) target.notify({ kind: 'error', message: failures.length === 1 ? STORAGE_MESSAGES.uploadFailed(failures[0]!.name, failures[0]!.message) : STORAGE_MESSAGES.uploadFilesFailed });
    else target.notify({ kind: 'warning', message: STORAGE_MESSAGES.uploadPartial(done, total) });
    if (failures.length > 1) target.notify({ kind: 'error', message: STORAGE_MESSAGES.uploadFilesFailedCount(failures.length) });
    for (const f of failures.slice(0, 3)) if (failures.length > 1) target.notify({ kind: 'error', message: STORAGE_MESSAGES.uploadFailed(f.name, f.message) });
  } else if (done < total) target.notify({ kind: 'info', message: STORAGE_MESSAGES.uploadPartial(done, total) });
  return { done, failed: failures.length };
}
