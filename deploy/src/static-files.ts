import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** A build's file whose name carries its content hash (`812.0a1b2c3d4e.js`): the same name never holds other bytes. */
const HASHED_NAME = /\.[0-9a-f]{8,}\.[a-z0-9]+$/;

/**
 * The cache policy of a published file: a year and immutable for a content-hashed name; anything
 * else (index.html, main.js, remoteEntry.js, the manifests) is checked again on every use, since a
 * new build or a promotion answers other bytes under the same name.
 */
export function cacheControlFor(file: string): string {
  return HASHED_NAME.test(path.basename(file)) ? IMMUTABLE : REVALIDATE;
}

/** Joins a URL path under a folder, or null when it would leave the folder. */
export function safeJoin(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const full = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  return full === root || full.startsWith(`${root}${path.sep}`) ? full : null;
}

export async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

export type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer with, from Accept-Encoding: brotli when the browser takes it, else gzip,
 * else none. A coding with q=0 is refused; `*` stands for any coding not named.
 */
export function chooseEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const weights = new Map<string, number>();
  for (const part of String(acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: Encoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gz = weightOf('gzip');
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return null;
}

const COMPRESSIBLE = new Set(['.js', '.json', '.html', '.css', '.svg', '.txt']);
/** Smaller answers are sent as they are: compression would not pay for its headers. */
const MIN_COMPRESSED_BYTES = 512;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Brotli at its best for files compressed once and kept; a quicker level for answers made per request. */
const BROTLI_KEPT = { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } };
const BROTLI_PER_REQUEST = { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } };

/**
 * Compressed copies of published files, made once per file version (path, size and modification
 * time) and kept in memory: the published builds of one environment are a few megabytes. Brotli
 * copies are made in the background (best quality takes a while); until one is ready the file goes
 * out gzip-compressed (publish writes a .gz copy beside it, or one is made here), so no answer waits
 * for brotli.
 */
export class CompressedCopies {
  private copies = new Map<string, Buffer>();
  private pending = new Map<string, Promise<Buffer | null>>();
  /** Brotli work runs one file at a time, so it never takes both cores. */
  private queue: Promise<unknown> = Promise.resolve();

  private key(file: string, encoding: Encoding, size: number, mtimeMs: number): string {
    return `${encoding}\0${file}\0${size}\0${mtimeMs}`;
  }

  /** The copy when it is ready; otherwise starts making it (brotli) or makes it now (gzip: quick). */
  async get(file: string, encoding: Encoding): Promise<Buffer | null> {
    const info = await stat(file);
    const key = this.key(file, encoding, info.size, info.mtimeMs);
    const ready = this.copies.get(key);
    if (ready) return ready;
    if (encoding === 'gzip') return this.make(key, file, encoding);
    void this.make(key, file, encoding);
    return null;
  }

  private make(key: string, file: string, encoding: Encoding): Promise<Buffer | null> {
    let made = this.pending.get(key);
    if (!made) {
      const run = async () => {
        const bytes = await readFile(file);
        const copy = encoding === 'br' ? await brotli(bytes, BROTLI_KEPT) : await gzipAsync(bytes, { level: 9 });
        this.copies.set(key, copy);
        return copy;
      };
      made = (encoding === 'br' ? (this.queue = this.queue.then(run, run)) : run()) as Promise<Buffer>;
      made = made.catch(() => null).finally(() => this.pending.delete(key));
      this.pending.set(key, made);
    }
    return made;
  }
}

function isCompressible(file: string, size: number): boolean {
  return COMPRESSIBLE.has(path.extname(file)) && size >= MIN_COMPRESSED_BYTES;
}

const defaultCopies = new CompressedCopies();

function typeOf(file: string): string {
  return CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream';
}

/**
 * Sends a file with its type and cache policy, compressed as the browser asks: brotli (a .br copy
 * beside the file, or one kept in memory), else gzip (the .gz copy publish wrote, or one made here).
 */
export async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: string,
  cacheControl: string,
  copies: CompressedCopies = defaultCopies,
): Promise<FastifyReply> {
  reply.header('content-type', typeOf(file)).header('cache-control', cacheControl).header('vary', 'accept-encoding');
  const size = (await stat(file)).size;
  let encoding = isCompressible(file, size) ? chooseEncoding(request.headers['accept-encoding']) : null;
  if (encoding === 'br') {
    if (await isFile(`${file}.br`)) return sendStream(reply, `${file}.br`, 'br');
    const copy = await copies.get(file, 'br');
    if (copy) return reply.header('content-encoding', 'br').header('content-length', copy.length).send(copy);
    // Not ready yet: gzip this time, if the browser takes it.
    encoding = chooseEncoding(withoutBrotli(request.headers['accept-encoding']));
  }
  if (encoding === 'gzip') {
    if (await isFile(`${file}.gz`)) return sendStream(reply, `${file}.gz`, 'gzip');
    const copy = await copies.get(file, 'gzip');
    if (copy) return reply.header('content-encoding', 'gzip').header('content-length', copy.length).send(copy);
  }
  return reply.header('content-length', size).send(createReadStream(file));
}

function withoutBrotli(acceptEncoding: string | string[] | undefined): string {
  return `${String(acceptEncoding ?? '')}, br;q=0`;
}

async function sendStream(reply: FastifyReply, file: string, encoding: Encoding): Promise<FastifyReply> {
  const size = (await stat(file)).size;
  return reply.header('content-encoding', encoding).header('content-length', size).send(createReadStream(file));
}

/** Sends a document made for this request (the shell's page with its preload links), compressed as asked. */
export async function sendDocument(request: FastifyRequest, reply: FastifyReply, html: string, cacheControl: string): Promise<FastifyReply> {
  reply.header('content-type', CONTENT_TYPES['.html']).header('cache-control', cacheControl).header('vary', 'accept-encoding');
  const bytes = Buffer.from(html);
  const encoding = bytes.length >= MIN_COMPRESSED_BYTES ? chooseEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return reply.header('content-length', bytes.length).send(bytes);
  const compressed = encoding === 'br' ? await brotli(bytes, BROTLI_PER_REQUEST) : await gzipAsync(bytes, { level: 6 });
  return reply.header('content-encoding', encoding).header('content-length', compressed.length).send(compressed);
}
