import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable, Transform } from 'node:stream';
import type { ObjectStore, StoredObjectInfo } from './deps';
import { HttpError } from './deps';

/** Files on local disk under `dir`; writes land under a temporary name and are renamed when complete. */
export function createDiskObjectStore(dir: string): ObjectStore {
  const root = path.resolve(dir);
  const tmpDir = path.join(root, '.tmp');

  const resolveKey = (key: string): string => {
    const clean = key.replace(/^\/+/, '');
    const full = path.resolve(root, clean);
    if (!clean || !full.startsWith(root + path.sep) || full.startsWith(tmpDir + path.sep) || full === tmpDir) {
      throw new HttpError(400, `Invalid object key: ${key}`, 'INVALID_KEY');
    }
    return full;
  };

  const notFound = (key: string) => new HttpError(404, `Object not found: ${key}`, 'OBJECT_NOT_FOUND');

  return {
    async put(key, data, opts = {}) {
      const target = resolveKey(key);
      await mkdir(tmpDir, { recursive: true });
      await mkdir(path.dirname(target), { recursive: true });
      const tmp = path.join(tmpDir, randomBytes(12).toString('hex'));
      const hash = createHash('md5');
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          if (opts.maxBytes !== undefined && size > opts.maxBytes) {
            done(new HttpError(413, `The object exceeded the maximum allowed size of ${opts.maxBytes} bytes`, 'PAYLOAD_TOO_LARGE'));
            return;
          }
          hash.update(chunk);
          done(null, chunk);
        },
      });
      const source = data instanceof Uint8Array ? Readable.from([Buffer.from(data)]) : Readable.from(data);
      try {
        await pipeline(source, counter, createWriteStream(tmp));
        await rename(tmp, target);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
      const info: StoredObjectInfo = { size, etag: hash.digest('hex') };
      return info;
    },
    async get(key) {
      const file = resolveKey(key);
      let size: number;
      try {
        const s = await stat(file);
        if (!s.isFile()) throw notFound(key);
        size = s.size;
      } catch (err) {
        if (err instanceof HttpError) throw err;
        throw notFound(key);
      }
      const stream = createReadStream(file) as unknown as AsyncIterable<Uint8Array> & { size: number };
      stream.size = size;
      return stream;
    },
    async delete(keys) {
      await Promise.all(keys.map((k) => rm(resolveKey(k), { force: true })));
    },
    async move(from, to) {
      const src = resolveKey(from);
      const dst = resolveKey(to);
      await mkdir(path.dirname(dst), { recursive: true });
      try {
        await rename(src, dst);
      } catch {
        throw notFound(from);
      }
    },
    async copy(from, to) {
      const src = resolveKey(from);
      const dst = resolveKey(to);
      await mkdir(tmpDir, { recursive: true });
      await mkdir(path.dirname(dst), { recursive: true });
      const tmp = path.join(tmpDir, randomBytes(12).toString('hex'));
      try {
        await copyFile(src, tmp);
        await rename(tmp, dst);
      } catch {
        await rm(tmp, { force: true });
        throw notFound(from);
      }
    },
    async sizeUnder(prefix) {
      const clean = prefix.replace(/^\/+/, '');
      const base = path.resolve(root, clean);
      if (!base.startsWith(root)) return 0;
      // A prefix names a folder ("ref/") or the start of names inside one.
      const folder = clean.endsWith('/') || clean === '' ? base : path.dirname(base);
      const namePrefix = clean.endsWith('/') || clean === '' ? '' : path.basename(base);
      return sumDir(folder, namePrefix, tmpDir);
    },
  };
}

async function sumDir(dir: string, namePrefix: string, skip: string): Promise<number> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  let total = 0;
  for (const e of entries) {
    if (namePrefix && !e.name.startsWith(namePrefix)) continue;
    const full = path.join(dir, e.name);
    if (full === skip) continue;
    if (e.isDirectory()) total += await sumDir(full, '', skip);
    else if (e.isFile()) total += (await stat(full)).size;
  }
  return total;
}
