import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ObjectStore } from './deps';
import { createDiskObjectStore } from './object-store';

let dir: string;
let store: ObjectStore;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'plinth-objects-'));
  store = createDiskObjectStore(dir);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function read(key: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of await store.get(key)) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks).toString();
}

async function* pieces(...parts: string[]) {
  for (const p of parts) yield new TextEncoder().encode(p);
}

describe('disk object store', () => {
  it('stores, reads, copies, moves, deletes and measures by prefix', async () => {
    const info = await store.put('ref/a/one.txt', new TextEncoder().encode('hello'));
    expect(info.size).toBe(5);
    await store.put('ref/a/two.txt', pieces('wor', 'ld!'));
    expect(await read('ref/a/two.txt')).toBe('world!');
    expect((await store.get('ref/a/one.txt')).size).toBe(5);
    await store.copy('ref/a/one.txt', 'ref/b/one.txt');
    await store.move('ref/a/two.txt', 'ref/b/two.txt');
    await expect(store.get('ref/a/two.txt')).rejects.toMatchObject({ status: 404 });
    expect(await store.sizeUnder('ref/')).toBe(5 + 5 + 6);
    expect(await store.sizeUnder('ref/b/')).toBe(11);
    expect(await store.sizeUnder('other/')).toBe(0);
    await store.delete(['ref/b/one.txt', 'ref/b/two.txt', 'ref/missing']);
    expect(await store.sizeUnder('ref/b/')).toBe(0);
  });

  it('never leaves a half-written object visible when a write is refused', async () => {
    await expect(store.put('ref/big.bin', pieces('12345', '67890'), { maxBytes: 6 })).rejects.toMatchObject({ status: 413 });
    await expect(store.get('ref/big.bin')).rejects.toMatchObject({ status: 404 });
    expect(await readdir(path.join(dir, '.tmp'))).toEqual([]);
  });

  it('refuses keys that leave its directory', async () => {
    await expect(store.put('../escape.txt', new Uint8Array(1))).rejects.toMatchObject({ status: 400 });
    await expect(store.get('ref/../../etc/passwd')).rejects.toMatchObject({ status: 400 });
  });
});
