import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notice } from '@plinth/shared-contracts';
import { RESUMABLE_UPLOAD_THRESHOLD_BYTES as RESUMABLE_THRESHOLD } from '@plinth/contracts-storage';
import { forgetPending, pendingFor, readPending, sameFile, savePending } from '../../area/uploads/pending';
import { retryUpload, uploadFiles, uploadsStore, type UploadTarget } from './uploads';

// Which way a file uploads, the bytes the panel shows, retry of a failed file, and the unfinished
// uploads a browser keeps for after a reload.

const resumable = vi.hoisted(() => ({ calls: [] as { path: string; size: number }[], fail: 0 }));
vi.mock('../../area/uploads/resumable-upload', () => ({
  uploadResumable: async (job: { path: string; file: File; onProgress: (sent: number) => void }) => {
    resumable.calls.push({ path: job.path, size: job.file.size });
    job.onProgress(Math.floor(job.file.size / 2));
    if (resumable.fail > 0) {
      resumable.fail -= 1;
      throw new Error('The connection was lost and the upload could not continue');
    }
    job.onProgress(job.file.size);
  },
}));

const big = (name: string) => new File([new Uint8Array(RESUMABLE_THRESHOLD + 1)], name, { lastModified: 1000 });
const small = (name: string) => new File(['hello'], name, { lastModified: 1000 });

function target(notices: Notice[], plain: string[] = []): UploadTarget {
  return {
    folder: 'media',
    taken: new Set(),
    notify: (n) => void notices.push(n),
    upload: async (path) => void plain.push(path),
    place: { apiBase: '/api', ref: 'abcdefghijabcdefghij', bucketId: 'files' },
  };
}

beforeEach(() => {
  resumable.calls = [];
  resumable.fail = 0;
  uploadsStore.setState({ entries: [], running: false });
  localStorage.clear();
});
afterEach(() => localStorage.clear());

describe('uploads', () => {
  it('sends files above 6 MB resumably and smaller ones in one request, counting bytes', async () => {
    const notices: Notice[] = [];
    const plain: string[] = [];
    const result = await uploadFiles([{ file: big('movie.mp4'), relativePath: 'movie.mp4' }, { file: small('a.txt'), relativePath: 'a.txt' }], target(notices, plain));
    expect(result).toEqual({ done: 2, failed: 0 });
    expect(resumable.calls).toEqual([{ path: 'media/movie.mp4', size: RESUMABLE_THRESHOLD + 1 }]);
    expect(plain).toEqual(['media/a.txt']);
    const entries = uploadsStore.getState().entries;
    expect(entries.map((e) => [e.path, e.sent, e.size])).toEqual([
      ['media/movie.mp4', RESUMABLE_THRESHOLD + 1, RESUMABLE_THRESHOLD + 1],
      ['media/a.txt', 5, 5],
    ]);
    expect(notices).toEqual([{ kind: 'success', message: 'Successfully uploaded 2 files!' }]);
  });

  it('keeps the bytes a failed upload sent and retries it on demand', async () => {
    resumable.fail = 1;
    const notices: Notice[] = [];
    await uploadFiles([{ file: big('movie.mp4'), relativePath: 'movie.mp4' }], target(notices));
    const [failed] = uploadsStore.getState().entries;
    expect(failed).toMatchObject({ state: 'failed', sent: Math.floor((RESUMABLE_THRESHOLD + 1) / 2), message: 'The connection was lost and the upload could not continue' });
    expect(notices[0]).toEqual({ kind: 'error', message: 'Failed to upload movie.mp4: The connection was lost and the upload could not continue' });
    expect(await retryUpload(failed!.key)).toBe(true);
    expect(uploadsStore.getState().entries[0]).toMatchObject({ state: 'done', sent: RESUMABLE_THRESHOLD + 1 });
    expect(resumable.calls).toHaveLength(2);
  });

  it('uploads a picked-again file to the path it was going to, without the (2) rule', async () => {
    const t = { ...target([]), taken: new Set(['movie.mp4']) };
    await uploadFiles([{ file: big('movie.mp4'), relativePath: 'movie.mp4', exactPath: 'trips/movie.mp4' }], t);
    expect(resumable.calls.map((c) => c.path)).toEqual(['trips/movie.mp4']);
  });
});

describe('unfinished uploads kept by the browser', () => {
  const ref = 'abcdefghijabcdefghij';
  const entry = { uploadUrl: '/api/x/1', bucketId: 'files', path: 'trips/movie.mp4', name: 'movie.mp4', size: RESUMABLE_THRESHOLD + 1, lastModified: 1000, sent: 100, updatedAt: Date.now() };

  it('finds the upload of the same file to the same place, and forgets it', () => {
    savePending(ref, entry);
    expect(readPending(ref, 'files')).toHaveLength(1);
    expect(readPending(ref, 'other')).toHaveLength(0);
    expect(pendingFor(ref, 'files', 'trips/movie.mp4', big('movie.mp4'))?.uploadUrl).toBe('/api/x/1');
    expect(pendingFor(ref, 'files', 'elsewhere.mp4', big('movie.mp4'))).toBeUndefined();
    expect(sameFile(entry, new File(['x'], 'movie.mp4', { lastModified: 1000 }))).toBe(false);
    forgetPending(ref, '/api/x/1');
    expect(readPending(ref)).toEqual([]);
  });

  it('drops entries older than a day, when the server has dropped their bytes too', () => {
    savePending(ref, { ...entry, updatedAt: Date.now() - 25 * 60 * 60 * 1000 });
    expect(readPending(ref)).toEqual([]);
  });
});
