import { mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { imageCacheBudget, TransformCache } from './image-transform';

const roots: string[] = [];
afterAll(async () => {
  for (const root of roots) await rm(root, { recursive: true, force: true });
});

const REF = 'abcdefghijklmnopqrst';
const OTHER = 'tsrqponmlkjihgfedcba';
const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const image = (fill: number) => async () => ({ bytes: Buffer.alloc(1000, fill), contentType: 'image/png' });
const WIDTH = { width: 100 };

describe('the cache of transformed images', () => {
  it('stays within its budget by removing the results used least recently, and a deleted project takes its results with it', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'image-cache-'));
    roots.push(root);
    // Room for three results of 1,010 bytes (the type line and 1,000 bytes), not four.
    const cache = new TransformCache(root, 3100);
    for (const n of [1, 2, 3]) expect((await cache.get(REF, idOf(n), 'a1', WIDTH, image(n))).cached).toBe(false);
    expect(await cache.bytes()).toBe(3030);
    // Made in this order long ago; then the first is used again.
    for (const n of [1, 2, 3]) {
      const when = new Date(Date.UTC(2020, 0, n));
      const dir = path.join(root, REF, idOf(n));
      for (const name of await readdir(dir)) await utimes(path.join(dir, name), when, when);
    }
    const hit = await cache.get(REF, idOf(1), 'a1', WIDTH, image(9));
    expect(hit).toMatchObject({ cached: true, contentType: 'image/png' });
    expect(hit.bytes.equals(Buffer.alloc(1000, 1))).toBe(true);

    // A fourth result goes over the budget: the two used least recently (2 and 3) go.
    await cache.get(REF, idOf(4), 'a1', WIDTH, image(4));
    expect(await cache.bytes()).toBeLessThanOrEqual(3100 * 0.9);
    const again = async (n: number) => (await cache.get(REF, idOf(n), 'a1', WIDTH, image(n))).cached;
    expect(await again(1)).toBe(true);
    expect(await again(4)).toBe(true);
    expect(await again(2)).toBe(false);

    // Another project's result, then this project is deleted: only the other's stays.
    await cache.get(OTHER, idOf(5), 'a1', WIDTH, image(5));
    await cache.forgetProject(REF);
    expect(await readdir(root)).toEqual([OTHER]);
    expect(await cache.bytes()).toBe(1010);
  });

  it('reads its budget from PLINTH_IMAGE_CACHE_MB, 1,024 MB unless set to a positive number', () => {
    expect(imageCacheBudget({})).toBe(1024 * 1024 * 1024);
    expect(imageCacheBudget({ PLINTH_IMAGE_CACHE_MB: '64' })).toBe(64 * 1024 * 1024);
    expect(imageCacheBudget({ PLINTH_IMAGE_CACHE_MB: 'lots' })).toBe(1024 * 1024 * 1024);
    expect(imageCacheBudget({ PLINTH_IMAGE_CACHE_MB: '0' })).toBe(1024 * 1024 * 1024);
  });
});
