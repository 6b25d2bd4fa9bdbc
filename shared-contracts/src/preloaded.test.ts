import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttp } from './http';
import { isPreloadableApiPath, preloadGets } from './area-preloads';
import { dropPreloaded, PRELOAD_FRESH_MS, takePreloaded } from './preloaded';

const json = (value: unknown) => new Response(JSON.stringify(value), { status: 200, headers: { 'content-type': 'application/json' } });

/** A fetch that answers each call with the next of `answers` and records what was asked. */
function recordingFetch(...answers: unknown[]) {
  const calls: { url: string; method: string }[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), method: init?.method ?? 'GET' });
    return json(answers.length > 1 ? answers.shift() : answers[0]);
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

afterEach(() => dropPreloaded());

describe('preloaded answers', () => {
  it('the first GET of a preloaded address takes its answer instead of asking again, once', async () => {
    const early = recordingFetch(['buckets from the preload']);
    preloadGets(['/api/platform/storage/abc/buckets'], { fetch: early.fetch, session: 's1' });
    const page = recordingFetch(['buckets asked again']);
    const http = createHttp({ baseUrl: '/api', fetch: page.fetch });
    vi.stubGlobal('document', { cookie: 'plinth_csrf=s1' });
    try {
      expect(await http('GET', '/platform/storage/abc/buckets')).toEqual(['buckets from the preload']);
      expect(page.calls).toEqual([]);
      // Taken once: the next call asks the server.
      expect(await http('GET', '/platform/storage/abc/buckets')).toEqual(['buckets asked again']);
      expect(page.calls).toEqual([{ url: '/api/platform/storage/abc/buckets', method: 'GET' }]);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(early.calls).toEqual([{ url: '/api/platform/storage/abc/buckets', method: 'GET' }]);
  });

  it('an answer older than the fresh window is not taken', () => {
    let now = 1_000;
    const early = recordingFetch([]);
    preloadGets(['/api/platform/storage/abc/buckets'], { fetch: early.fetch, session: 's1', now: () => now });
    now += PRELOAD_FRESH_MS + 1;
    expect(takePreloaded('/api/platform/storage/abc/buckets', { session: 's1', now: () => now })).toBeNull();
  });

  it('an answer asked for under another session is never taken', () => {
    const early = recordingFetch([]);
    preloadGets(['/api/platform/storage/abc/buckets'], { fetch: early.fetch, session: 'signed-in-as-ana' });
    expect(takePreloaded('/api/platform/storage/abc/buckets', { session: 'signed-in-as-ben' })).toBeNull();
    // Dropped, not kept for later: not even the first session takes it now.
    expect(takePreloaded('/api/platform/storage/abc/buckets', { session: 'signed-in-as-ana' })).toBeNull();
  });

  it('a call other than a GET never takes a preloaded answer, and drops every kept one', async () => {
    const early = recordingFetch({ from: 'preload' });
    preloadGets(['/api/platform/storage/abc/buckets', '/api/platform/projects/abc/config/storage'], { fetch: early.fetch, session: null });
    const page = recordingFetch({ from: 'server' });
    const http = createHttp({ baseUrl: '/api', fetch: page.fetch, csrfToken: () => undefined });
    expect(await http('POST', '/platform/storage/abc/buckets', { body: { name: 'avatars' } })).toEqual({ from: 'server' });
    expect(await http('GET', '/platform/projects/abc/config/storage')).toEqual({ from: 'server' });
    expect(page.calls.map((call) => call.method)).toEqual(['POST', 'GET']);
  });

  it('starts only GETs of the console API, and an address pending and fresh once', () => {
    const early = recordingFetch([]);
    preloadGets(
      ['/api/platform/a', '/api/platform/a', 'https://elsewhere.test/api/x', '//elsewhere.test/api/x', '/api/platform/../auth/x', '/api/platform/%2e%2e/x', '/static/x', '/api//x'],
      { fetch: early.fetch, session: null },
    );
    expect(early.calls).toEqual([{ url: '/api/platform/a', method: 'GET' }]);
    expect(isPreloadableApiPath('/api/platform/storage/abc/buckets')).toBe(true);
  });

  it('a failed preload leaves the page to ask itself', async () => {
    const failing = vi.fn(async () => {
      throw new TypeError('offline');
    }) as unknown as typeof fetch;
    preloadGets(['/api/platform/a'], { fetch: failing, session: null });
    const page = recordingFetch({ ok: true });
    expect(await createHttp({ baseUrl: '/api', fetch: page.fetch })('GET', '/platform/a')).toEqual({ ok: true });
    expect(page.calls).toHaveLength(1);
  });
});
