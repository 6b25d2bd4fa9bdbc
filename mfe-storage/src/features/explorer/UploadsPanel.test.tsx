import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRealApi } from '@plinth/area-kit/testing/real-api';
import { resumableUploadPath, TUS_RESUMABLE_VERSION } from '@plinth/contracts-storage';
import { createApi } from '../../api';
import { savePending } from '../../area/uploads/pending';
import { DIALOG_LOAD, renderArea } from '../../testing/render-area';
import { withBuckets } from '../../testing/real-api';

// After a reload the explorer offers the uploads this browser left unfinished: it lists them with
// the bytes the server had, and Discard gives them up on the server too.

const MB = 1024 * 1024;
const TUS = { 'tus-resumable': TUS_RESUMABLE_VERSION };
const b64 = (text: string) => btoa(text);

// The first page load of the file compiles the page's code: up to 10 s on a busy machine.
const api = useRealApi(createApi, { waitForMs: 10_000 });

afterEach(() => localStorage.clear());

/** A resumable upload of `size` bytes started on the server with its first `sent` bytes, as a browser left it: its URL. */
async function unfinishedUpload(bucketId: string, path: string, size: number, sent: number): Promise<string> {
  const created = await api.fetch(`/api${resumableUploadPath(api.projectRef, bucketId)}`, {
    method: 'POST',
    headers: { ...TUS, 'upload-length': String(size), 'upload-metadata': `objectName ${b64(path)},contentType ${b64('video/mp4')}` },
  });
  expect(created.status).toBe(201);
  const url = created.headers.get('location')!;
  const patched = await api.fetch(url, { method: 'PATCH', headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, body: new Uint8Array(sent) });
  expect(patched.status).toBe(204);
  return url;
}

/** The bytes the server holds of an upload, or its status when it holds none. */
async function serverOffset(url: string): Promise<number | string> {
  const res = await api.fetch(url, { method: 'HEAD', headers: TUS });
  return res.ok ? Number(res.headers.get('upload-offset')) : `status ${res.status}`;
}

describe('unfinished uploads after a reload', { timeout: 40_000 }, () => {
  it('are listed with their bytes and discarded on the server', async () => {
    await withBuckets(api, [{ id: 'media' }]);
    const uploadUrl = await unfinishedUpload('media', 'trips/movie.mp4', 7 * MB, 3 * MB);
    expect(await serverOffset(uploadUrl)).toBe(3 * MB);
    savePending(api.projectRef, { uploadUrl, bucketId: 'media', path: 'trips/movie.mp4', name: 'movie.mp4', size: 7 * MB, lastModified: 1000, sent: 3 * MB, updatedAt: Date.now() });
    renderArea('storage/buckets/media', { api });
    await screen.findByRole('listbox', { name: 'Contents of media' }, { timeout: 15_000 });
    const offer = await screen.findByRole('group', { name: 'Unfinished uploads' }, DIALOG_LOAD);
    expect(within(offer).getByText('1 unfinished upload')).toBeTruthy();
    expect(within(offer).getByText('trips/movie.mp4')).toBeTruthy();
    expect(within(offer).getByText('3.0 MB of 7.0 MB')).toBeTruthy();
    await userEvent.setup({ delay: null }).click(within(offer).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Unfinished uploads' })).toBeNull());
    // The server gave up the upload's bytes.
    await waitFor(async () => expect(await serverOffset(uploadUrl)).toMatch(/^status 4/));
    expect(localStorage.length).toBe(0);
  });
});
