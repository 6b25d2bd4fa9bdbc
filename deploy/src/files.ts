import { createHash } from 'node:crypto';
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/** Every file under `dir`, as paths relative to it, sorted; .gz and .br copies left out. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !/\.(gz|br)$/.test(entry.name) && entry.name !== PUBLISH_RECORD)
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** Fingerprint of a build: names and contents of all its files. */
export async function fingerprint(dir: string): Promise<string> {
  const hash = createHash('sha256');
  for (const file of await listFiles(dir)) {
    hash.update(file).update('\0').update(await readFile(path.join(dir, file))).update('\0');
  }
  return hash.digest('hex');
}

export const PUBLISH_RECORD = '.published.json';
const COMPRESSIBLE = /\.(js|json|html|css|svg|txt)$/;

/**
 * Copies a build into place (replacing what was there) and adds gzip and brotli copies of text
 * files (the server answers with the one the browser takes; brotli at its best quality, made once
 * here rather than per request).
 */
export async function copyBuild(source: string, target: string, record: Record<string, unknown>): Promise<void> {
  await rm(target, { recursive: true, force: true });
  await mkdir(path.dirname(target), { recursive: true });
  await cp(source, target, { recursive: true });
  for (const file of await listFiles(target)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const full = path.join(target, file);
    const bytes = await readFile(full);
    if (bytes.length <= 512) continue;
    await writeFile(`${full}.gz`, gzipSync(bytes, { level: 9 }));
    await writeFile(`${full}.br`, brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } }));
  }
  await writeFile(path.join(target, PUBLISH_RECORD), `${JSON.stringify(record, null, 2)}\n`);
}

export async function readJsonFile<T>(file: string): Promise<T> {
  return JSON.parse(await readFile(file, 'utf8')) as T;
}
