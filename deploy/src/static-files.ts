import { createReadStream, existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
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

/** Sends a file with its type and cache policy, using its .gz copy when the browser accepts gzip. */
export async function sendFile(request: FastifyRequest, reply: FastifyReply, file: string, cacheControl: string): Promise<FastifyReply> {
  const type = CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream';
  const acceptsGzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  const gzipped = `${file}.gz`;
  reply.header('content-type', type).header('cache-control', cacheControl).header('vary', 'accept-encoding');
  if (acceptsGzip && existsSync(gzipped)) {
    const size = (await stat(gzipped)).size;
    return reply.header('content-encoding', 'gzip').header('content-length', size).send(createReadStream(gzipped));
  }
  const size = (await stat(file)).size;
  return reply.header('content-length', size).send(createReadStream(file));
}
