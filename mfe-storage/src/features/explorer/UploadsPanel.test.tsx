import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bucket, createFakeApi, PROJECT_REF } from '@plinth/area-kit/testing';
import { savePending } from '../../area/uploads/pending';
import { DIALOG_LOAD, renderArea } from '../../testing/render-area';

// After a reload the explorer offers the uploads this browser left unfinished: it lists them with
// the bytes the server had, and Discard gives them up on the server too.

const MB = 1024 * 1024;

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('unfinished uploads after a reload', { timeout: 20_000 }, () => {
  it('are listed with their bytes and discarded on the server', async () => {
    savePending(PROJECT_REF, { uploadUrl: '/api/platform/storage/x/resumable/1', bucketId: 'media', path: 'trips/movie.mp4', name: 'movie.mp4', size: 7 * MB, lastModified: 1000, sent: 3 * MB, updatedAt: Date.now() });
    const sent: { url: string; method?: string; headers?: HeadersInit }[] = [];
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      if (String(url).includes('/resumable/')) {
        sent.push({ url: String(url), method: init?.method, headers: init?.headers });
        return Promise.resolve(new Response(null, { status: 204 }));
      }
      return realFetch(url, init);
    });
    const api = createFakeApi({ buckets: [bucket('media')], files: { media: [] } });
    renderArea('storage/buckets/media', { api });
    await screen.findByRole('listbox', { name: 'Contents of media' }, { timeout: 15_000 });
    const offer = await screen.findByRole('group', { name: 'Unfinished uploads' }, DIALOG_LOAD);
    expect(within(offer).getByText('1 unfinished upload')).toBeTruthy();
    expect(within(offer).getByText('trips/movie.mp4')).toBeTruthy();
    expect(within(offer).getByText('3.0 MB of 7.0 MB')).toBeTruthy();
    await userEvent.setup({ delay: null }).click(within(offer).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Unfinished uploads' })).toBeNull());
    expect(sent).toMatchObject([{ url: '/api/platform/storage/x/resumable/1', method: 'DELETE', headers: { 'tus-resumable': '1.0.0' } }]);
    expect(localStorage.length).toBe(0);
  });
});
