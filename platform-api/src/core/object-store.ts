import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { HttpError, type ObjectStore, type StoredObjectInfo } from './deps';

/** Temporary files live here, inside the store's directory, so rename stays on one filesystem. */
const TMP_DIR = '.tmp';

/** A key is `<projectRef>/<bucketId>/<path>`: relative, no empty, '.' or '..' segments. */
function resolveKey(root: string, key: string): string {
  const parts = key.split('/');
  if (!key || key.startsWith('/') || parts.some((p) => p === '' || p === '.' || p === '..') || key.includes('\0')) {
    throw new HttpError(400, `Invalid object key: ${JSON.stringify(key)}`, 'INVALID_KEY');
  }
  if (parts[0] === TMP_DIR) throw new HttpError(400, `Invalid object key: ${JSON.stringify(key)}`, 'INVALID_KEY');
  return path.join(root, ...parts);
}

function notFound(key: string): HttpError {
  return new HttpError(404, `Object not found: ${key}`, 'NOT_FOUND');
}

function isMissing(err: unknown): boolean {
  return (err as NodeJS.ErrnoException)?.code === 'ENOENT';
}

async function* chunksOf(data: AsyncIterable<Uint8Array> | Uint8Array): AsyncIterable<Uint8Array> {
  if (data instanceof Uint8Array) yield data;
  else yield* data;
}

/** Removes now-empty parent directories of a deleted file, up to the store root. */
async function pruneEmptyDirs(root: string, file: string): Promise<void> {
  let dir = path.dirname(file);
  while (dir.startsWith(root + path.sep) && dir !== root) {
    try {
      if ((await readdir(dir)).length > 0) return;
      await rmdir(dir);
    } catch {
      return;
    }
    dir = path.dirname(dir);
  }
}

async function sizeOfTree(dir: string): Promise<number> {
  let total = 0;
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if (isMissing(err)) return 0;
    throw err;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await sizeOfTree(full);
    else if (entry.isFile()) total += (await stat(full)).size;
  }
  return total;
}

/** Files on local disk under `dir`; writes land under a temporary name and are renamed when complete. */
export function createDiskObjectStore(dir: string): ObjectStore {
  const root = path.resolve(dir);
  const tmpRoot = path.join(root, TMP_DIR);

  return {
    async put(key, data, opts = {}): Promise<StoredObjectInfo> {
      const target = resolveKey(root, key);
      await mkdir(tmpRoot, { recursive: true });
      const tmp = path.join(tmpRoot, `${randomUUID()}.part`);
      const hash = createHash('md5');
      let size = 0;
      const out = createWriteStream(tmp, { flags: 'wx' });
      const failed = new Promise<never>((_, reject) => out.once('error', reject));
      failed.catch(() => undefined);
      try {
        for await (const chunk of chunksOf(data)) {
          size += chunk.byteLength;
          if (opts.maxBytes !== undefined && size > opts.maxBytes) {
            throw new HttpError(413, `The object exceeded the maximum allowed size of ${opts.maxBytes} bytes`, 'PAYLOAD_TOO_LARGE');
          }
          hash.update(chunk);
          if (!out.write(chunk)) await Promise.race([new Promise((r) => out.once('drain', r)), failed]);
        }
        await Promise.race([new Promise<void>((r) => out.end(r)), failed]);
        await mkdir(path.dirname(target), { recursive: true });
        await rename(tmp, target);
      } catch (err) {
        out.destroy();
        await rm(tmp, { force: true });
        throw err;
      }
      return { size, etag: hash.digest('hex') };
    },

    async get(key) {
      const file = resolveKey(root, key);
      let size: number;
      try {
        const info = await stat(file);
        if (!info.isFile()) throw notFound(key);
        size = info.size;
      } catch (err) {
        if (isMissing(err)) throw notFound(key);
        throw err;
      }
      const stream = createReadStream(file);
      return Object.assign(stream as unknown as AsyncIterable<Uint8Array>, { size });
    },

    async delete(keys) {
      for (const key of keys) {
        const file = resolveKey(root, key);
        await rm(file, { force: true });
        await pruneEmptyDirs(root, file);
      }
    },

    async move(from, to) {
      const src = resolveKey(root, from);
      const dst = resolveKey(root, to);
      await mkdir(path.dirname(dst), { recursive: true });
      try {
        await rename(src, dst);
      } catch (err) {
        if (isMissing(err)) throw notFound(from);
        throw err;
      }
      await pruneEmptyDirs(root, src);
    },

    async copy(from, to) {
      const src = resolveKey(root, from);
      const dst = resolveKey(root, to);
      await mkdir(tmpRoot, { recursive: true });
      const tmp = path.join(tmpRoot, `${randomUUID()}.part`);
      try {
        await copyFile(src, tmp);
        await mkdir(path.dirname(dst), { recursive: true });
        await rename(tmp, dst);
      } catch (err) {
        await rm(tmp, { force: true });
        if (isMissing(err)) throw notFound(from);
        throw err;
      }
    },

    async sizeUnder(prefix) {
      const trimmed = prefix.replace(/\/+$/, '');
      if (!trimmed) return sizeOfTree(root).then(async (n) => n - (await sizeOfTree(tmpRoot)));
      return sizeOfTree(resolveKey(root, trimmed));
    },
  };
}
