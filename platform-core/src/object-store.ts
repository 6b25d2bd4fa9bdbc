import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { copyFile, lstat, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable, Transform } from 'node:stream';
import { REF_PATTERN } from '@plinth/shared-contracts';
import type { ObjectStore, StoredObjectInfo } from './deps';
import { HttpError } from './deps';

// Bytes of storage objects on local disk, addressed by project ref and object id, never by name:
//   <dir>/<ref>/_objects/<first two hex digits of the id>/<id>   the bytes of one object
//   <dir>/<ref>/_uploads/<id>.<random>                          a write in progress
//   <dir>/<ref>/_uploads/<upload id>.part                       a resumable upload's bytes so far
// Each project has its own root (<dir>/<ref>); every path is resolved and checked to stay under
// that root. Writes land in a temporary file that is renamed over the id's file when complete,
// so a reader sees the old bytes or the new ones, never a part.

const OBJECTS = '_objects';
const UPLOADS = '_uploads';
const OBJECT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PART = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.part$/;
/**
 * A resumable upload's part outlives restarts (that is what makes it resumable): swept only once
 * no byte reached it for this long, the time its upload expires.
 */
export const RESUMABLE_PART_TTL_MS = 24 * 60 * 60 * 1000;

const invalid = (what: string) => new HttpError(400, `Invalid ${what}`, 'INVALID_KEY');
export const notFound = () => new HttpError(404, 'Object not found', 'OBJECT_NOT_FOUND');

/** A project ref as every store takes it (400 "Invalid project ref" otherwise); answers it. */
export function checkProjectRef(ref: string): string {
  if (typeof ref !== 'string' || !REF_PATTERN.test(ref)) throw invalid('project ref');
  return ref;
}

/** An object (or upload) id as every store takes it: a lower-case uuid (400 "Invalid object id" otherwise); answers it. */
export function checkObjectId(id: string): string {
  if (typeof id !== 'string' || !OBJECT_ID.test(id)) throw invalid('object id');
  return id;
}

/** Whether `child` is strictly below `parent` (both already resolved). */
const isBelow = (parent: string, child: string) => child.startsWith(parent + path.sep);

/** A body to store as a stream (bytes in hand, or an iterable of chunks). */
export const bodyStream = (data: AsyncIterable<Uint8Array> | Uint8Array): Readable => (data instanceof Uint8Array ? Readable.from([Buffer.from(data)]) : Readable.from(data));

/**
 * What every store's put passes the bytes through: counts them, refuses past `maxBytes` with 413
 * (the stream fails), and hashes them; `info()` once the stream ended gives the size and md5.
 */
export function countedBody(maxBytes: number | undefined): { counter: Transform; info: () => StoredObjectInfo } {
  const hash = createHash('md5');
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (maxBytes !== undefined && size > maxBytes) {
        done(new HttpError(413, `The object exceeded the maximum allowed size of ${maxBytes} bytes`, 'PAYLOAD_TOO_LARGE'));
        return;
      }
      hash.update(chunk);
      done(null, chunk);
    },
  });
  return { counter, info: () => ({ size, etag: hash.digest('hex') }) };
}

export function createDiskObjectStore(dir: string): ObjectStore {
  const root = path.resolve(dir);
  /** Temporary files of writes running in this process; never swept. */
  const writing = new Set<string>();

  const projectRoot = (ref: string): string => {
    const base = path.resolve(root, checkProjectRef(ref));
    if (!isBelow(root, base)) throw invalid('project ref');
    return base;
  };

  const objectFile = (ref: string, id: string): string => {
    const base = projectRoot(ref);
    const file = path.resolve(base, OBJECTS, checkObjectId(id).slice(0, 2), id);
    if (!isBelow(path.join(base, OBJECTS), file)) throw invalid('object id');
    return file;
  };

  const tempFile = (ref: string, id: string): string => {
    objectFile(ref, id);
    return path.join(projectRoot(ref), UPLOADS, `${id}.${randomBytes(8).toString('hex')}`);
  };

  const partFile = (ref: string, uploadId: string): string => {
    objectFile(ref, uploadId);
    return path.join(projectRoot(ref), UPLOADS, `${uploadId}.part`);
  };

  return {
    async put(ref, id, data, opts = {}) {
      const target = objectFile(ref, id);
      const tmp = tempFile(ref, id);
      await mkdir(path.dirname(tmp), { recursive: true });
      writing.add(tmp);
      const { counter, info: counted } = countedBody(opts.maxBytes);
      const source = bodyStream(data);
      try {
        await pipeline(source, counter, createWriteStream(tmp));
        await mkdir(path.dirname(target), { recursive: true });
        await rename(tmp, target);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      } finally {
        writing.delete(tmp);
      }
      const info: StoredObjectInfo = counted();
      return info;
    },

    async get(ref, id) {
      const file = objectFile(ref, id);
      // Open first, then measure the open file: a replacement renamed over it meanwhile does not
      // change what this read returns.
      let handle;
      try {
        if (!(await lstat(file)).isFile()) throw notFound();
        handle = await open(file, 'r');
      } catch {
        throw notFound();
      }
      const { size } = await handle.stat();
      const stream = handle.createReadStream() as unknown as AsyncIterable<Uint8Array> & { size: number };
      stream.size = size;
      return stream;
    },

    async delete(ref, ids) {
      const files = ids.map((id) => objectFile(ref, id));
      await Promise.all(files.map((f) => rm(f, { force: true })));
    },

    async copy(ref, fromId, toId) {
      const src = objectFile(ref, fromId);
      const dst = objectFile(ref, toId);
      const tmp = tempFile(ref, toId);
      await mkdir(path.dirname(tmp), { recursive: true });
      writing.add(tmp);
      try {
        await copyFile(src, tmp);
        await mkdir(path.dirname(dst), { recursive: true });
        await rename(tmp, dst);
      } catch {
        await rm(tmp, { force: true });
        throw notFound();
      } finally {
        writing.delete(tmp);
      }
    },

    async removeProject(ref) {
      await rm(projectRoot(ref), { recursive: true, force: true });
    },

    async sizeUnder(prefix) {
      // A project's bytes: '<ref>/' (or '<ref>'), writes in progress left out.
      const base = projectRoot(prefix.replace(/\/$/, ''));
      return sumDir(base, new Set([path.join(base, UPLOADS)]));
    },

    async sweepTemporary(olderThanMs, nowMs = Date.now()) {
      let removed = 0;
      const sweep = async (folder: string) => {
        const names = await readdir(folder).catch(() => [] as string[]);
        for (const name of names) {
          const file = path.join(folder, name);
          if (writing.has(file)) continue;
          const s = await lstat(file).catch(() => null);
          if (!s || nowMs - s.mtimeMs < (PART.test(name) ? Math.max(olderThanMs, RESUMABLE_PART_TTL_MS) : olderThanMs)) continue;
          await rm(file, { recursive: true, force: true });
          removed += 1;
        }
      };
      const projects = await readdir(root).catch(() => [] as string[]);
      for (const ref of projects) if (REF_PATTERN.test(ref)) await sweep(path.join(root, ref, UPLOADS));
      return removed;
    },

    async partSize(ref, uploadId) {
      const s = await lstat(partFile(ref, uploadId)).catch(() => null);
      return s?.isFile() ? s.size : null;
    },

    async appendPart(ref, uploadId, offset, data, maxBytes) {
      const file = partFile(ref, uploadId);
      await mkdir(path.dirname(file), { recursive: true });
      const before = (await lstat(file).catch(() => null))?.size ?? 0;
      if (before !== offset) throw new HttpError(409, `The upload holds ${before} bytes, not ${offset}`, 'OFFSET_MISMATCH');
      let size = before;
      const limit = new Transform({
        transform(chunk: Buffer, _enc, done) {
          if (size + chunk.length > maxBytes) {
            done(new HttpError(413, `The upload exceeded its length of ${maxBytes} bytes`, 'PAYLOAD_TOO_LARGE'));
            return;
          }
          size += chunk.length;
          done(null, chunk);
        },
      });
      writing.add(file);
      try {
        await pipeline(Readable.from(data), limit, createWriteStream(file, { flags: 'a' }));
      } finally {
        writing.delete(file);
      }
      return size;
    },

    async commitPart(ref, uploadId, objectId) {
      const file = partFile(ref, uploadId);
      const target = objectFile(ref, objectId);
      const hash = createHash('md5');
      let size = 0;
      try {
        for await (const chunk of (await open(file, 'r')).createReadStream()) {
          hash.update(chunk as Buffer);
          size += (chunk as Buffer).length;
        }
      } catch {
        throw notFound();
      }
      await mkdir(path.dirname(target), { recursive: true });
      await rename(file, target);
      return { size, etag: hash.digest('hex') };
    },

    async deletePart(ref, uploadId) {
      await rm(partFile(ref, uploadId), { force: true });
    },
  };
}

async function sumDir(dir: string, skip: Set<string>): Promise<number> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  let total = 0;
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (skip.has(full)) continue;
    if (e.isDirectory()) total += await sumDir(full, skip);
    else if (e.isFile()) total += (await stat(full).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

/** Releases an object body that will not be read to its end (its file handle is closed now, not at garbage collection); harmless once ended. */
export function releaseObjectBody(body: AsyncIterable<Uint8Array>): void {
  const stream = body as Partial<{ destroy: () => void; destroyed: boolean }>;
  if (typeof stream.destroy === 'function' && !stream.destroyed) stream.destroy();
}
