import { Upload, type DetailedError } from 'tus-js-client';
import { CSRF_HEADER } from '@plinth/shared-contracts';
import { RESUMABLE_UPLOAD_PART_BYTES, resumableUploadPath } from '@plinth/contracts-storage';
import { csrfToken, forgetPending, pendingFor, savePending } from './pending';

// A large file's upload on the TUS protocol (tus-js-client) to the console's resumable endpoint: 6 MB
// PATCH requests, retried after a network error from the offset the server holds (HEAD), and, when
// the same file is picked again after a reload, continued from the URL kept in local storage.

const RETRY_DELAYS = [0, 1000, 3000, 5000, 10000, 20000];

export interface ResumableJob {
  apiBase: string;
  ref: string;
  bucketId: string;
  path: string;
  file: File;
  signal: AbortSignal;
  /** Bytes the server holds so far. */
  onProgress: (sent: number) => void;
}

/** The API's message for a refused request ({message}), else the client's own. */
function messageOf(err: Error): string {
  const body = (err as DetailedError).originalResponse?.getBody();
  try {
    const parsed = JSON.parse(body ?? '') as { message?: unknown };
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // not JSON: a network error
  }
  return (err as DetailedError).originalResponse ? 'The upload was refused' : 'The connection was lost and the upload could not continue';
}

export function uploadResumable(job: ResumableJob): Promise<void> {
  const { ref, bucketId, path, file } = job;
  const known = pendingFor(ref, bucketId, path, file);
  return new Promise((resolve, reject) => {
    let lastSaved = 0;
    const remember = (sent: number) => {
      if (!upload.url) return;
      savePending(ref, { uploadUrl: upload.url, bucketId, path, name: file.name, size: file.size, lastModified: file.lastModified, sent, updatedAt: Date.now() });
    };
    const upload: Upload = new Upload(file, {
      endpoint: `${job.apiBase.replace(/\/$/, '')}${resumableUploadPath(ref, bucketId)}`,
      uploadUrl: known?.uploadUrl ?? null,
      chunkSize: RESUMABLE_UPLOAD_PART_BYTES,
      retryDelays: RETRY_DELAYS,
      storeFingerprintForResuming: false,
      metadata: { objectName: path, contentType: file.type || 'application/octet-stream' },
      onBeforeRequest: (req) => req.setHeader(CSRF_HEADER, csrfToken()),
      onUploadUrlAvailable: () => remember(0),
      onProgress: (sent) => job.onProgress(sent),
      onChunkComplete: (_size, accepted) => {
        job.onProgress(accepted);
        if (Date.now() - lastSaved > 1000 || accepted === file.size) {
          lastSaved = Date.now();
          remember(accepted);
        }
      },
      onSuccess: () => {
        if (upload.url) forgetPending(ref, upload.url);
        if (known && known.uploadUrl !== upload.url) forgetPending(ref, known.uploadUrl);
        resolve();
      },
      onError: (err) => reject(new Error(messageOf(err))),
    });
    job.signal.addEventListener('abort', () => {
      // Cancelled by the user: the server's part goes too.
      const url = upload.url;
      void upload.abort(true).catch(() => undefined);
      if (url) forgetPending(ref, url);
      reject(new DOMException('Upload cancelled', 'AbortError'));
    });
    upload.start();
  });
}
