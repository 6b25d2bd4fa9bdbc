import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDiskObjectStore } from './object-store';
import type { ObjectStore } from './deps';

async function readAll(iter: AsyncIterable<Uint8Array>): Promise<string> {
  const parts: Buffer[] = [];
  for await (const c of iter) parts.push(Buffer.from(c));
  return Buffer.concat(parts).toString('utf8');
}

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) if (e.isFile()) out.push(path.join(e.parentPath, e.name));
  return out;
}

describe('disk object store', () => {
  let dir: string;
  let store: ObjectStore;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'plinth-objects-'));
    store = createDiskObjectStore(dir);
  });
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  it('stores, reads, copies, moves and deletes bytes under project/bucket/path keys', async () => {
    const info = await store.put('proj/avatars/a/b.txt', new TextEncoder().encode('hello'));
    expect(info.size).toBe(5);
    expect(info.etag).toBe('5d41402abc4b2a76b9719d911017c592');
    const got = await store.get('proj/avatars/a/b.txt');
    expect(got.size).toBe(5);
    expect(await readAll(got)).toBe('hello');
    await store.copy('proj/avatars/a/b.txt', 'proj/avatars/c.txt');
    await store.move('proj/avatars/a/b.txt', 'proj/avatars/d/e.txt');
    await expect(store.get('proj/avatars/a/b.txt')).rejects.toMatchObject({ status: 404 });
    expect(await readAll(await store.get('proj/avatars/d/e.txt'))).toBe('hello');
    expect(await store.sizeUnder('proj/avatars')).toBe(10);
    await store.delete(['proj/avatars/c.txt', 'proj/avatars/d/e.txt']);
    expect(await store.sizeUnder('proj')).toBe(0);
  });

  it('streams chunks and refuses an object over the size limit without leaving any file', async () => {
    async function* chunks() {
      for (let i = 0; i < 10; i++) yield new Uint8Array(1000).fill(65);
    }
    await expect(store.put('p/b/big.bin', chunks(), { maxBytes: 5000 })).rejects.toMatchObject({ status: 413 });
    await expect(store.get('p/b/big.bin')).rejects.toMatchObject({ status: 404 });
    expect(await filesUnder(dir)).toEqual([]);
    const ok = await store.put('p/b/ok.bin', chunks(), { maxBytes: 10_000 });
    expect(ok.size).toBe(10_000);
  });

  it('keeps a half-written object invisible until the write completes, and keeps the old one on failure', async () => {
    await store.put('p/b/doc.txt', new TextEncoder().encode('old version'));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    async function* slow() {
      yield new TextEncoder().encode('new ');
      await gate;
      throw new Error('client went away');
    }
    const writing = store.put('p/b/doc.txt', slow());
    await new Promise((r) => setTimeout(r, 20));
    // While the upload is in flight the reader still sees the complete old file.
    expect(await readAll(await store.get('p/b/doc.txt'))).toBe('old version');
    release();
    await expect(writing).rejects.toThrow('client went away');
    expect(await readAll(await store.get('p/b/doc.txt'))).toBe('old version');
    expect((await filesUnder(dir)).map((f) => path.relative(dir, f))).toEqual([path.join('p', 'b', 'doc.txt')]);
  });

  it('refuses keys that could escape the store', async () => {
    for (const key of ['../x', '/abs', 'p//b', 'p/./b', '', '.tmp/x']) {
      await expect(store.put(key, new Uint8Array(1))).rejects.toMatchObject({ status: 400 });
    }
  });
});
