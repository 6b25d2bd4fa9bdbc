import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ObjectStore } from './deps';
import { createDiskObjectStore } from './object-store';

const A = 'aaaaaaaaaaaaaaaaaaaa';
const B = 'bbbbbbbbbbbbbbbbbbbb';

let dir: string;
let store: ObjectStore;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'plinth-objects-'));
  store = createDiskObjectStore(dir);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function read(ref: string, id: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of await store.get(ref, id)) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks).toString();
}

async function* pieces(...parts: string[]) {
  for (const p of parts) yield new TextEncoder().encode(p);
}

/** Every file under the store's directory, relative to it. */
async function filesUnder(folder = dir): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(folder, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) out.push(path.relative(dir, path.join(e.parentPath, e.name)));
  }
  return out.sort();
}

describe('disk object store', () => {
  it('stores by id, replaces whole, copies to a new id, deletes and measures each project', async () => {
    const one = randomUUID();
    const two = randomUUID();
    expect((await store.put(A, one, new TextEncoder().encode('hello'))).size).toBe(5);
    await store.put(A, two, pieces('wor', 'ld!'));
    expect(await read(A, two)).toBe('world!');
    expect(await filesUnder()).toEqual([`${A}/_objects/${one.slice(0, 2)}/${one}`, `${A}/_objects/${two.slice(0, 2)}/${two}`].sort());

    const reading = await store.get(A, two);
    await store.put(A, two, new TextEncoder().encode('replaced'));
    const chunks: Buffer[] = [];
    for await (const c of reading) chunks.push(Buffer.from(c));
    expect(Buffer.concat(chunks).toString()).toBe('world!');
    expect(await read(A, two)).toBe('replaced');

    const copy = randomUUID();
    await store.copy(A, one, copy);
    expect(await read(A, copy)).toBe('hello');
    expect(await store.sizeUnder(`${A}/`)).toBe(5 + 8 + 5);
    expect(await store.sizeUnder(`${B}/`)).toBe(0);
    await store.delete(A, [one, copy, randomUUID()]);
    await expect(store.get(A, one)).rejects.toMatchObject({ status: 404, message: 'Object not found' });
    expect(await store.sizeUnder(`${A}/`)).toBe(8);
  });

  it('keeps two projects apart even for the same object id', async () => {
    const id = randomUUID();
    await store.put(A, id, new TextEncoder().encode('tenant a'));
    await store.put(B, id, new TextEncoder().encode('tenant b'));
    await store.delete(A, [id]);
    expect(await read(B, id)).toBe('tenant b');
    await expect(store.get(A, id)).rejects.toMatchObject({ status: 404 });
  });

  it('never leaves a half-written object visible when a write is refused', async () => {
    const id = randomUUID();
    await expect(store.put(A, id, pieces('12345', '67890'), { maxBytes: 6 })).rejects.toMatchObject({ status: 413 });
    await expect(store.get(A, id)).rejects.toMatchObject({ status: 404 });
    expect(await filesUnder()).toEqual([]);
  });

  it('takes only project refs and object ids, and names neither in its errors', async () => {
    const id = randomUUID();
    for (const ref of ['..', '.', '', `${A}/..`, `../${B}`, 'ABCDEFGHIJKLMNOPQRST', '/etc']) {
      const err = await store.put(ref, id, new Uint8Array(1)).catch((e: Error) => e);
      expect(err).toMatchObject({ status: 400, message: 'Invalid project ref' });
    }
    for (const bad of ['../x', `../../${B}/_objects/aa/${id}`, 'files/a.txt', id.toUpperCase(), `${id}/..`, '']) {
      const err = await store.get(A, bad).catch((e: Error) => e);
      expect(err).toMatchObject({ status: 400, message: 'Invalid object id' });
      await expect(store.delete(A, [bad])).rejects.toMatchObject({ status: 400 });
    }
    await expect(store.sizeUnder('../')).rejects.toMatchObject({ status: 400 });
    expect(await filesUnder()).toEqual([]);
  });

  it('sweeps temporary files left by writes that are not running', async () => {
    await mkdir(path.join(dir, A, '_uploads'), { recursive: true });
    await writeFile(path.join(dir, A, '_uploads', `${randomUUID()}.abcd`), 'partial');
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    async function* slow() {
      yield new TextEncoder().encode('first ');
      await gate;
      yield new TextEncoder().encode('second');
    }
    const id = randomUUID();
    const writing = store.put(A, id, slow());
    // Wait until the write's temporary file is there beside the one left behind.
    while ((await filesUnder()).length < 2) await new Promise((r) => setTimeout(r, 5));
    expect(await store.sizeUnder(`${A}/`)).toBe(0);
    expect(await store.sweepTemporary(60_000)).toBe(0);
    expect(await store.sweepTemporary(0)).toBe(1);
    release();
    await writing;
    expect(await read(A, id)).toBe('first second');
    expect(await filesUnder()).toEqual([`${A}/_objects/${id.slice(0, 2)}/${id}`]);
  });
});
