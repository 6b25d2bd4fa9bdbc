import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectsCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ObjectStore } from './deps';
import { createDiskObjectStore, RESUMABLE_PART_TTL_MS } from './object-store';
import { checkS3Bucket, createS3ObjectStore, PART_BYTES } from './object-store-s3';
import { startLocalS3, type LocalS3 } from './object-store-s3-testing';

const A = 'aaaaaaaaaaaaaaaaaaaa';
const B = 'bbbbbbbbbbbbbbbbbbbb';

/** One store under test, empty before each test, and what a test sees of it from outside. */
interface Subject {
  store: ObjectStore;
  /** Every key (disk: file path below the folder) the store holds, sorted. */
  keys(): Promise<string[]>;
  /** Leaves what a write stopped half-way leaves behind in project `ref`. */
  leaveStray(ref: string): Promise<void>;
  /** Resolves once a running put is visible from outside, if ever it is. */
  writeVisible(): Promise<void>;
  /** Whether an append's bytes reach the store before the request ends. */
  writesAsBytesCome: boolean;
}

let subject: Subject;
let store: ObjectStore;

function diskSubject(): void {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'plinth-objects-'));
    const keys = async () => {
      const out: string[] = [];
      for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
        if (e.isFile()) out.push(path.relative(dir, path.join(e.parentPath, e.name)));
      }
      return out.sort();
    };
    subject = {
      store: createDiskObjectStore(dir),
      keys,
      async leaveStray(ref) {
        await mkdir(path.join(dir, ref, '_uploads'), { recursive: true });
        await writeFile(path.join(dir, ref, '_uploads', `${randomUUID()}.abcd`), 'partial');
      },
      writesAsBytesCome: true,
      async writeVisible() {
        // The write's temporary file beside the one left behind.
        while ((await keys()).length < 2) await new Promise((r) => setTimeout(r, 5));
      },
    };
    store = subject.store;
    return () => rm(dir, { recursive: true, force: true });
  });
}

function s3Subject(): void {
  let s3: LocalS3;
  beforeAll(async () => {
    s3 = await startLocalS3();
  });
  afterAll(async () => s3?.close());
  beforeEach(async () => {
    const s3Store = createS3ObjectStore(s3.config);
    const Bucket = s3.config.bucket;
    const keys = async () => ((await s3Store.client.send(new ListObjectsV2Command({ Bucket }))).Contents ?? []).map((o) => o.Key!).sort();
    const left = await keys();
    if (left.length) await s3Store.client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: left.map((Key) => ({ Key })) } }));
    subject = {
      store: s3Store,
      keys,
      async leaveStray(ref) {
        // A tail whose upload's state is gone.
        await s3Store.client.send(new PutObjectCommand({ Bucket, Key: `${ref}/_uploads/${randomUUID()}.tail-1`, Body: 'partial' }));
      },
      // A put streams to its key: nothing shows until it is complete.
      writeVisible: async () => {},
      writesAsBytesCome: false,
    };
    store = subject.store;
  });
}

async function read(ref: string, id: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of await store.get(ref, id)) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks).toString();
}

async function* pieces(...parts: (string | Uint8Array)[]) {
  for (const p of parts) yield typeof p === 'string' ? new TextEncoder().encode(p) : p;
}

/**
 * Pieces of upload `up`, then the connection is cut. A store that writes as bytes come (disk) is
 * given the time to write them, as a network's pace gives it; one that buffers (S3) is cut at once.
 */
async function* cutAfter(ref: string, up: string, ...parts: (string | Uint8Array)[]) {
  const before = (await store.partSize(ref, up)) ?? 0;
  yield* pieces(...parts);
  const sent = before + parts.reduce((n, p) => n + (typeof p === 'string' ? Buffer.byteLength(p) : p.length), 0);
  if (subject.writesAsBytesCome) while ((await store.partSize(ref, up)) !== sent) await new Promise((r) => setTimeout(r, 5));
  throw new Error('connection reset');
}

const objectKey = (ref: string, id: string) => `${ref}/_objects/${id.slice(0, 2)}/${id}`;

describe.each([
  ['disk', diskSubject],
  ['S3 (s3rver)', s3Subject],
])('%s object store', (_name, setUp) => {
  setUp();

  it('stores by id, replaces whole, copies to a new id, deletes and measures each project', async () => {
    const one = randomUUID();
    const two = randomUUID();
    expect((await store.put(A, one, new TextEncoder().encode('hello'))).size).toBe(5);
    await store.put(A, two, pieces('wor', 'ld!'));
    expect(await read(A, two)).toBe('world!');
    expect(await subject.keys()).toEqual([objectKey(A, one), objectKey(A, two)].sort());

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
    expect(await subject.keys()).toEqual([]);
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
    expect(await subject.keys()).toEqual([]);
  });

  it('sweeps what writes that are not running left behind, and nothing of a running one', async () => {
    await subject.leaveStray(A);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    async function* slow() {
      yield new TextEncoder().encode('first ');
      await gate;
      yield new TextEncoder().encode('second');
    }
    const id = randomUUID();
    const writing = store.put(A, id, slow());
    await subject.writeVisible();
    expect(await store.sizeUnder(`${A}/`)).toBe(0);
    expect(await store.sweepTemporary(60_000)).toBe(0);
    expect(await store.sweepTemporary(0)).toBe(1);
    release();
    await writing;
    expect(await read(A, id)).toBe('first second');
    expect(await subject.keys()).toEqual([objectKey(A, id)]);
  });

  it('appends a resumable upload from its offset only, keeps bytes sent before a cut, and commits it whole', async () => {
    const up = randomUUID();
    expect(await store.partSize(A, up)).toBeNull();
    expect(await store.appendPart(A, up, 0, pieces(), 20)).toBe(0);
    expect(await store.partSize(A, up)).toBe(0);
    expect(await store.appendPart(A, up, 0, pieces('hello ', 'wor'), 20)).toBe(9);
    await expect(store.appendPart(A, up, 4, pieces('x'), 20)).rejects.toMatchObject({ status: 409 });
    await expect(store.appendPart(A, up, 9, cutAfter(A, up, 'ld', ' and'), 20)).rejects.toThrow('connection reset');
    expect(await store.partSize(A, up)).toBe(15);
    expect(await store.appendPart(A, up, 15, pieces(' more'), 20)).toBe(20);
    await expect(store.appendPart(A, up, 20, pieces('!'), 20)).rejects.toMatchObject({ status: 413 });
    expect(await store.partSize(A, up)).toBe(20);
    expect(await store.sizeUnder(`${A}/`)).toBe(0);
    const id = randomUUID();
    expect(await store.commitPart(A, up, id)).toEqual({ size: 20, etag: expect.stringMatching(/^[0-9a-f]{32}/) });
    expect(await read(A, id)).toBe('hello world and more');
    expect(await store.partSize(A, up)).toBeNull();
    expect(await subject.keys()).toEqual([objectKey(A, id)]);
  });

  it('carries a large resumable upload over several parts and cuts, and drops an abandoned one whole', async () => {
    const up = randomUUID();
    const total = 2 * PART_BYTES + 1000;
    const bytes = Buffer.alloc(total);
    for (let i = 0; i < total; i += 1) bytes[i] = (i * 7) % 251;
    await store.appendPart(A, up, 0, pieces(), total);
    // Cut inside the first part, then past it, then the rest.
    await expect(store.appendPart(A, up, 0, cutAfter(A, up, bytes.subarray(0, 3_000_000)), total)).rejects.toThrow();
    await expect(store.appendPart(A, up, 3_000_000, cutAfter(A, up, bytes.subarray(3_000_000, 6_000_000), bytes.subarray(6_000_000, 7_000_000)), total)).rejects.toThrow();
    expect(await store.partSize(A, up)).toBe(7_000_000);
    expect(await store.appendPart(A, up, 7_000_000, pieces(bytes.subarray(7_000_000)), total)).toBe(total);
    const id = randomUUID();
    expect((await store.commitPart(A, up, id)).size).toBe(total);
    const chunks: Buffer[] = [];
    const body = await store.get(A, id);
    expect(body.size).toBe(total);
    for await (const c of body) chunks.push(Buffer.from(c));
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);

    const abandoned = randomUUID();
    await store.appendPart(B, abandoned, 0, pieces('some bytes'), 100);
    // A resumable upload outlives restarts: only a day without a byte removes it.
    expect(await store.sweepTemporary(0)).toBe(0);
    expect(await store.partSize(B, abandoned)).toBe(10);
    expect(await store.sweepTemporary(0, Date.now() + RESUMABLE_PART_TTL_MS + 60_000)).toBe(1);
    expect(await store.partSize(B, abandoned)).toBeNull();
    const removed = randomUUID();
    await store.appendPart(B, removed, 0, pieces('more bytes'), 100);
    await store.deletePart(B, removed);
    expect(await subject.keys()).toEqual([objectKey(A, id)]);
  });

  it('removes every byte of a deleted project and none of another', async () => {
    await store.put(A, randomUUID(), new TextEncoder().encode('a'));
    await store.appendPart(A, randomUUID(), 0, pieces('upload'), 10);
    const kept = randomUUID();
    await store.put(B, kept, new TextEncoder().encode('b'));
    await store.removeProject(A);
    expect(await subject.keys()).toEqual([objectKey(B, kept)]);
  });
});

describe('S3 object store sweeping multipart puts (a scripted server: s3rver cannot list them)', () => {
  it('aborts the puts no part reached for an hour, and none younger or running', async () => {
    const HOUR = 60 * 60 * 1000;
    const now = Date.now();
    const ago = (ms: number) => new Date(now - ms);
    const stale = `${A}/_objects/aa/${randomUUID()}`;
    const recentPart = `${A}/_objects/bb/${randomUUID()}`;
    const aborted: string[] = [];
    // Only what the sweep asks; any other call fails the test.
    const send = async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
      const { input } = command;
      switch (command.constructor.name) {
        case 'ListObjectsV2Command':
          return input.Delimiter ? { CommonPrefixes: [{ Prefix: `${A}/` }] } : { Contents: [] };
        case 'ListMultipartUploadsCommand':
          return {
            Uploads: [
              { Key: stale, UploadId: 'u1', Initiated: ago(3 * HOUR) },
              { Key: recentPart, UploadId: 'u2', Initiated: ago(3 * HOUR) },
              { Key: `${A}/_objects/cc/${randomUUID()}`, UploadId: 'u3', Initiated: ago(HOUR / 2) },
            ],
          };
        case 'ListPartsCommand':
          return { Parts: [{ PartNumber: 1, LastModified: input.UploadId === 'u2' ? ago(60_000) : ago(2 * HOUR) }] };
        case 'AbortMultipartUploadCommand':
          aborted.push(input.Key as string);
          return {};
        default:
          throw new Error(`unexpected ${command.constructor.name}`);
      }
    };
    const scripted = createS3ObjectStore({ bucket: 'b', region: 'us-east-1' }, { client: { send, destroy: () => {} } as never });
    // Even a sweep of everything at start leaves a put another instance may still be sending.
    expect(await scripted.sweepTemporary(0, now)).toBe(1);
    expect(aborted).toEqual([stale]);
  });
});

describe('S3 bucket check at start', () => {
  it('passes on a reachable bucket and stops naming the setting otherwise', async () => {
    const s3 = await startLocalS3('plinth-check');
    try {
      await expect(checkS3Bucket(s3.config)).resolves.toBeUndefined();
      await expect(checkS3Bucket({ ...s3.config, bucket: 'no-such-bucket' })).rejects.toThrow(/bucket no-such-bucket at http:\/\/127\.0\.0\.1:\d+ cannot be used: it does not exist\. Check PLINTH_S3_BUCKET/);
    } finally {
      await s3.close();
    }
  });
});
