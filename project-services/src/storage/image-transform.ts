import { randomUUID } from 'node:crypto';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { StorageError } from './errors';

// Image transformation with sharp (libvips): resize (cover, contain, fill), quality and format
// (origin, webp, avif), bounded — inputs up to 25 MB and 50 megapixels of the types below, outputs
// at most 2,500 px a side, 20 s of work, two transformations at a time — and cached on disk under
// the object's version and the options, so a changed object is transformed anew and its older
// results are removed when the new one is written. The cache holds at most a budget of bytes
// (PLINTH_IMAGE_CACHE_MB, 1,024 MB by default): past it, the results used least recently go
// until it is back under nine tenths of it. A deleted project's results go with it.

export const MAX_TRANSFORM_INPUT_BYTES = 25 * 1000 * 1000;
export const MAX_INPUT_PIXELS = 50_000_000;
export const MAX_OUTPUT_SIDE = 2500;
const TIMEOUT_S = 20;
const PARALLEL = 2;

/** Types sharp reads that a transformation takes (SVG is never rendered: it is a document). */
const INPUT_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif', 'image/tiff']);
const OUTPUT_TYPE = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif', gif: 'image/gif', tiff: 'image/tiff' } as const;
type OutFormat = keyof typeof OUTPUT_TYPE;

export interface TransformOptions {
  width?: number;
  height?: number;
  resize?: 'cover' | 'contain' | 'fill';
  quality?: number;
  format?: 'origin' | 'webp' | 'avif';
}

export interface Transformed {
  bytes: Buffer;
  contentType: string;
  cached: boolean;
}

export function transformableType(mimetype: string): boolean {
  return INPUT_TYPES.has(mimetype);
}

/** The format asked for, or the best one the client accepts when none is (avif, then webp, else the original's). */
export function chosenFormat(o: TransformOptions, accept: string | undefined): 'origin' | 'webp' | 'avif' {
  if (o.format) return o.format;
  const a = (accept ?? '').toLowerCase();
  if (a.includes('image/avif')) return 'avif';
  if (a.includes('image/webp')) return 'webp';
  return 'origin';
}

let running = 0;
const waiting: (() => void)[] = [];
async function slot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await fn();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

const notAnImage = () => new StorageError(422, 'InvalidImage', 'The object is not an image that can be transformed');

/** Output size within MAX_OUTPUT_SIDE: what was asked, the other side by the aspect ratio, scaled down when it would pass the bound. */
function box(o: TransformOptions, w: number, h: number): { width: number; height: number } | null {
  if (o.width && o.height) return { width: o.width, height: o.height };
  let width = o.width ?? (o.height ? Math.round((w * o.height) / h) : w);
  let height = o.height ?? (o.width ? Math.round((h * o.width) / w) : h);
  if (!o.width && !o.height && w <= MAX_OUTPUT_SIDE && h <= MAX_OUTPUT_SIDE) return null;
  const scale = Math.min(1, MAX_OUTPUT_SIDE / width, MAX_OUTPUT_SIDE / height);
  width = Math.max(1, Math.floor(width * scale));
  height = Math.max(1, Math.floor(height * scale));
  return { width, height };
}

/** Transforms an image's bytes (no cache). */
export async function transformImage(input: Buffer, o: TransformOptions & { format: 'origin' | 'webp' | 'avif' }): Promise<{ bytes: Buffer; contentType: string }> {
  return slot(async () => {
    let meta: Metadata;
    try {
      meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    } catch {
      throw notAnImage();
    }
    if (!meta.width || !meta.height || !meta.format) throw notAnImage();
    const rotated = (meta.orientation ?? 1) >= 5;
    const [w, h] = rotated ? [meta.height, meta.width] : [meta.width, meta.height];
    const size = box(o, w, h);
    let img = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate().timeout({ seconds: TIMEOUT_S });
    if (size) img = img.resize({ ...size, fit: o.resize === 'fill' ? 'fill' : o.resize === 'contain' ? 'inside' : 'cover' });
    const quality = o.quality ?? 80;
    const origin = (meta.format === 'heif' ? 'avif' : meta.format) as OutFormat;
    const format: OutFormat = o.format === 'origin' ? (origin in OUTPUT_TYPE ? origin : 'png') : o.format;
    if (format === 'jpeg') img = img.jpeg({ quality, mozjpeg: false });
    else if (format === 'webp') img = img.webp({ quality });
    else if (format === 'avif') img = img.avif({ quality, effort: 2 });
    else if (format === 'png') img = img.png();
    else if (format === 'gif') img = img.gif();
    else img = img.tiff({ quality });
    try {
      return { bytes: await img.toBuffer(), contentType: OUTPUT_TYPE[format] };
    } catch (err) {
      if (/timeout/i.test(String((err as Error)?.message))) throw new StorageError(422, 'InvalidImage', `The image took more than ${TIMEOUT_S} seconds to transform`);
      throw notAnImage();
    }
  });
}

const caches = new Map<string, TransformCache>();
/** The one cache of a directory in this process (the image routes and the console's project deletion share it). */
export function transformCacheAt(root: string): TransformCache {
  let cache = caches.get(root);
  if (!cache) caches.set(root, (cache = new TransformCache(root)));
  return cache;
}

/** The cache's budget in bytes: PLINTH_IMAGE_CACHE_MB (1,024 by default). */
export function imageCacheBudget(env: NodeJS.ProcessEnv = process.env): number {
  const mb = Number(env.PLINTH_IMAGE_CACHE_MB);
  return (Number.isFinite(mb) && mb > 0 ? mb : 1024) * 1024 * 1024;
}

/** A cache of transformed images on disk: <root>/<ref>/<object id>/<version>-<options>, within a budget of bytes. */
export class TransformCache {
  /** Bytes on disk, counted from the disk on first use and kept up to date by this process. */
  private size: Promise<number> | null = null;
  private evicting: Promise<void> | null = null;

  constructor(
    readonly root: string,
    readonly budget = imageCacheBudget(),
  ) {}

  private dir(ref: string, id: string) {
    return path.join(this.root, ref, id);
  }

  private key(version: string, o: TransformOptions) {
    const opts = createHash('sha256').update(JSON.stringify([o.width ?? 0, o.height ?? 0, o.resize ?? 'cover', o.quality ?? 80, o.format ?? 'origin'])).digest('hex').slice(0, 32);
    return `${version}-${opts}`;
  }

  /** Every result on disk with its size and last use (its modification time, renewed on each hit). */
  private async entries(): Promise<{ file: string; bytes: number; used: number }[]> {
    const out: { file: string; bytes: number; used: number }[] = [];
    for (const ref of await readdir(this.root).catch(() => [] as string[])) {
      for (const id of await readdir(path.join(this.root, ref)).catch(() => [] as string[])) {
        for (const name of await readdir(path.join(this.root, ref, id)).catch(() => [] as string[])) {
          const file = path.join(this.root, ref, id, name);
          const s = await stat(file).catch(() => null);
          if (s?.isFile()) out.push({ file, bytes: s.size, used: s.mtimeMs });
        }
      }
    }
    return out;
  }

  /** The bytes the cache holds now. */
  bytes(): Promise<number> {
    return (this.size ??= this.entries().then((all) => all.reduce((n, e) => n + e.bytes, 0)));
  }

  private add(delta: number): void {
    if (this.size) this.size = this.size.then((n) => Math.max(0, n + delta));
  }

  /** Over the budget: removes the results used least recently until the cache is under nine tenths of it. */
  private async keepWithinBudget(): Promise<void> {
    if ((await this.bytes()) <= this.budget) return;
    if (this.evicting) return this.evicting;
    this.evicting = (async () => {
      const all = (await this.entries()).sort((a, b) => a.used - b.used);
      let total = all.reduce((n, e) => n + e.bytes, 0);
      const target = Math.floor(this.budget * 0.9);
      for (const e of all) {
        if (total <= target) break;
        await rm(e.file, { force: true });
        total -= e.bytes;
      }
      this.size = Promise.resolve(total);
    })().finally(() => {
      this.evicting = null;
    });
    return this.evicting;
  }

  /** The transformed image of this object version: from the cache, or made by `make` and kept. */
  async get(ref: string, id: string, version: string, o: TransformOptions, make: () => Promise<{ bytes: Buffer; contentType: string }>): Promise<Transformed> {
    if (!/^[0-9a-f-]{36}$/i.test(id) || !/^[a-z]{20}$/.test(ref) || !/^[0-9a-f]+$/.test(version)) throw new StorageError(400, 'Bad Request', 'The object cannot be transformed');
    const dir = this.dir(ref, id);
    const file = path.join(dir, this.key(version, o));
    try {
      const stored = await readFile(file);
      const nl = stored.indexOf(10);
      // Used now: the last to go when the cache is over its budget.
      const now = new Date();
      await utimes(file, now, now).catch(() => undefined);
      return { contentType: stored.subarray(0, nl).toString('latin1'), bytes: stored.subarray(nl + 1), cached: true };
    } catch {
      // not cached yet
    }
    const made = await make();
    await mkdir(dir, { recursive: true });
    // Results of the object's earlier versions go.
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      if (!name.startsWith(`${version}-`)) {
        const gone = await stat(path.join(dir, name)).catch(() => null);
        await rm(path.join(dir, name), { force: true });
        if (gone?.isFile()) this.add(-gone.size);
      }
    }
    const body = Buffer.concat([Buffer.from(`${made.contentType}\n`, 'latin1'), made.bytes]);
    const temp = path.join(dir, `.tmp-${randomUUID()}`);
    await writeFile(temp, body);
    const replaced = await stat(file).catch(() => null);
    await rename(temp, file);
    this.add(body.length - (replaced?.size ?? 0));
    await this.keepWithinBudget();
    return { ...made, cached: false };
  }

  /** Forgets every result of a project (it was deleted). */
  async forgetProject(ref: string): Promise<void> {
    if (!/^[a-z]{20}$/.test(ref)) return;
    await rm(path.join(this.root, ref), { recursive: true, force: true });
    this.size = null;
  }

  /** Forgets an object's results (it was deleted or replaced). */
  async forget(ref: string, id: string): Promise<void> {
    if (!/^[0-9a-f-]{36}$/i.test(id) || !/^[a-z]{20}$/.test(ref)) return;
    const dir = this.dir(ref, id);
    let removed = 0;
    for (const name of await readdir(dir).catch(() => [] as string[])) removed += (await stat(path.join(dir, name)).catch(() => null))?.size ?? 0;
    await rm(dir, { recursive: true, force: true });
    this.add(-removed);
  }
}
