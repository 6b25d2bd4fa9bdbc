import { afterEach, expect, it, vi } from 'vitest';
import { createApi } from './api';

afterEach(() => vi.unstubAllGlobals());

it('makes the policies calls through the database contract loaded on their first call', async () => {
  const fetch = vi.fn(async () => new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  const api = createApi('http://console.test/api');
  expect(await api.database.listRoles('abcdefghijklmnopqrst')).toEqual([]);
  expect(await api.database.listPolicies('abcdefghijklmnopqrst', 'storage')).toEqual([]);
  const urls = fetch.mock.calls.map((call) => String((call as unknown[])[0]));
  expect(urls[0]).toContain('/pg-meta/abcdefghijklmnopqrst/roles');
  expect(urls[1]).toContain('/pg-meta/abcdefghijklmnopqrst/policies');
});
