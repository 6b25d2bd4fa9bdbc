import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdir, open, readdir, realpath, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { ControlDatabase } from '../deps';
import { quoteIdent } from '../database-error';
import type { ProjectDatabaseManager } from './manager';
import { projectDatabaseName, ServerProjectRoles } from './server-roles';

// Backups of one project's database, and their restore into the same project (issue 24).
//
// Embedded (PGlite): the data directory, copied while nothing else runs on it (after a CHECKPOINT,
// inside a transaction of the platform's, as copy.ts does), then packed as a gzipped tar outside
// that transaction, so the project serves again as soon as the files are copied. A restore
// unpacks the archive beside the project's folder, then swaps the folders while the database is
// closed, and swaps them back when the restored database does not open.
// Server: pg_dump (plain SQL, gzipped) as the API's user; a restore sets the project's database
// aside under another name, loads the dump into a new one with psql in one transaction, and
// drops the old one only once the load is complete (put back when it fails).

export type BackupFormat = 'pgdata-tar-gz' | 'sql-gz';

export interface BackupOptions {
  control: ControlDatabase;
  /** Server mode: the server's address as the API's user (DATABASE_URL). */
  databaseUrl: string | null;
  pgDump?: string;
  psql?: string;
}

/** The format a backup of this manager's databases takes (and the file name it downloads as). */
export function backupFormat(manager: ProjectDatabaseManager): BackupFormat {
  return manager.embedded ? 'pgdata-tar-gz' : 'sql-gz';
}

/**
 * Writes a backup of the project's database to `sink` (which consumes the stream, e.g. the object
 * store's put). The project must be open (embedded: its files are copied inside its transaction).
 */
export async function backupProjectDatabase<T>(manager: ProjectDatabaseManager, ref: string, o: BackupOptions, sink: (data: AsyncIterable<Uint8Array>) => Promise<T>): Promise<T> {
  if (manager.embedded) {
    const source = await realpath(manager.projectDir(ref)).catch(() => manager.projectDir(ref));
    const staging = path.join(path.dirname(path.dirname(path.dirname(manager.projectDir(ref)))), `.backup-${ref}-${randomBytes(6).toString('hex')}`);
    try {
      const db = await manager.get(ref);
      await db.transaction(async (tx) => {
        await tx.exec('checkpoint');
        await cp(source, staging, { recursive: true, errorOnExist: true, force: false });
      });
      const gz = createGzip({ level: 6 });
      const packing = pipeline(Readable.from(tarEntries(staging)), gz).catch((err: unknown) => gz.destroy(err as Error));
      const out = await sink(gz);
      await packing;
      return out;
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }
  const url = manager.connectionUrl(ref);
  if (!url) throw new Error('server mode needs the server address');
  const dump = spawn(o.pgDump ?? process.env.PG_DUMP ?? 'pg_dump', ['--no-owner', '--no-subscriptions', '--no-publications', '--no-security-labels', '--dbname', url], { stdio: ['ignore', 'pipe', 'pipe'] });
  const dumped = finished(dump, 'pg_dump');
  const gz = createGzip({ level: 6 });
  dump.stdout!.pipe(gz);
  dumped.catch((err: unknown) => gz.destroy(err as Error));
  const [out] = await Promise.all([sink(gz), dumped]);
  return out;
}

/**
 * Replaces the project's database with the backup's content. The old database stays until the
 * restored one is complete and opens; when anything fails it is put back and opened again.
 */
export async function restoreProjectDatabase(manager: ProjectDatabaseManager, ref: string, o: BackupOptions, data: AsyncIterable<Uint8Array>): Promise<void> {
  const tag = randomBytes(6).toString('hex');
  if (manager.embedded) {
    const dir = manager.projectDir(ref);
    const home = path.dirname(dir);
    const staging = path.join(path.dirname(home), `.restore-${ref}-${tag}`);
    const target = path.join(staging, path.basename(dir));
    try {
      const gunzip = createGunzip();
      const reading = pipeline(Readable.from(data), gunzip);
      reading.catch(() => undefined);
      await Promise.all([untar(gunzip, target), reading]);
      if (!(await stat(path.join(target, 'PG_VERSION')).then(() => true, () => false))) throw new Error('the backup holds no database files');
    } catch (err) {
      await rm(staging, { recursive: true, force: true });
      throw new Error(`the backup could not be read: ${(err as Error).message}`);
    }
    const aside = path.join(path.dirname(home), `.old-${ref}-${tag}`);
    await manager.close(ref);
    const real = await realpath(dir).catch(() => null);
    await rename(home, aside);
    try {
      await rename(staging, home);
      await manager.openDatabase(ref);
    } catch (err) {
      await manager.close(ref).catch(() => undefined);
      await rm(home, { recursive: true, force: true });
      await rename(aside, home);
      await rm(staging, { recursive: true, force: true });
      await manager.openDatabase(ref).catch(() => undefined);
      throw err;
    }
    await rm(aside, { recursive: true, force: true });
    // A database that started as a spare lives in the spare pool, linked from the project's folder.
    if (real && !real.startsWith(home + path.sep)) await rm(path.dirname(real), { recursive: true, force: true });
    return;
  }
  if (!o.databaseUrl) throw new Error('server mode needs the server address');
  const name = projectDatabaseName(ref);
  const aside = `${name}_old_${tag}`;
  await manager.close(ref);
  await o.control.query(
    `select count(pg_catalog.pg_terminate_backend(pid)) from pg_catalog.pg_stat_activity where datname operator(pg_catalog.=) $1 and pid operator(pg_catalog.<>) pg_catalog.pg_backend_pid()`,
    [name],
  );
  await o.control.query(`alter database ${quoteIdent(name)} rename to ${quoteIdent(aside)}`);
  try {
    await o.control.query(`create database ${quoteIdent(name)}`);
    const urls = await new ServerProjectRoles(o.control, o.databaseUrl).prepare(ref);
    const load = spawn(o.psql ?? process.env.PSQL ?? 'psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction', '--dbname', urls.admin], { stdio: ['pipe', 'ignore', 'pipe'] });
    load.stdin!.on('error', () => undefined);
    const loaded = finished(load, 'psql');
    const feeding = pipeline(Readable.from(data), createGunzip(), load.stdin!).catch((err: unknown) => {
      load.kill();
      throw new Error(`the backup could not be read: ${(err as Error).message}`);
    });
    await Promise.all([feeding, loaded]);
    await manager.openDatabase(ref);
  } catch (err) {
    await manager.close(ref).catch(() => undefined);
    await o.control.query(`drop database if exists ${quoteIdent(name)} with (force)`).catch(() => undefined);
    await o.control.query(`alter database ${quoteIdent(aside)} rename to ${quoteIdent(name)}`);
    await manager.openDatabase(ref).catch(() => undefined);
    throw err;
  }
  await o.control.query(`drop database if exists ${quoteIdent(aside)} with (force)`);
}

// A minimal ustar writer and reader: regular files and folders, names up to 100 bytes (a PGlite
// data directory's longest path is far shorter), which any tar reads.

const BLOCK = 512;

function header(name: string, size: number, type: '0' | '5'): Buffer {
  const h = Buffer.alloc(BLOCK, 0);
  const put = (value: string, offset: number, length: number) => h.write(value, offset, length, 'utf8');
  const octal = (n: number, length: number) => n.toString(8).padStart(length - 1, '0') + '\0';
  if (Buffer.byteLength(name) > 100) throw new Error(`path too long for the archive: ${name}`);
  put(name, 0, 100);
  put(octal(type === '5' ? 0o755 : 0o600, 8), 100, 8);
  put(octal(0, 8), 108, 8);
  put(octal(0, 8), 116, 8);
  put(octal(size, 12), 124, 12);
  put(octal(Math.floor(Date.now() / 1000), 12), 136, 12);
  put('        ', 148, 8);
  put(type, 156, 1);
  put('ustar\0', 257, 6);
  put('00', 263, 2);
  let sum = 0;
  for (const b of h) sum += b;
  put(sum.toString(8).padStart(6, '0') + '\0 ', 148, 8);
  return h;
}

async function* tarEntries(root: string): AsyncGenerator<Buffer> {
  const walk = async function* (rel: string): AsyncGenerator<Buffer> {
    const entries = await readdir(path.join(root, rel), { withFileTypes: true });
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const e of entries) {
      const name = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        yield header(`${name}/`, 0, '5');
        yield* walk(name);
      } else if (e.isFile()) {
        const handle = await open(path.join(root, name), 'r');
        try {
          const { size } = await handle.stat();
          yield header(name, size, '0');
          let left = size;
          const buf = Buffer.alloc(1 << 20);
          while (left > 0) {
            const { bytesRead } = await handle.read(buf, 0, Math.min(buf.length, left), null);
            if (bytesRead === 0) throw new Error(`${name} changed while it was archived`);
            left -= bytesRead;
            yield Buffer.from(buf.subarray(0, bytesRead));
          }
          if (size % BLOCK) yield Buffer.alloc(BLOCK - (size % BLOCK), 0);
        } finally {
          await handle.close();
        }
      }
    }
  };
  yield* walk('');
  yield Buffer.alloc(BLOCK * 2, 0);
}

/** Unpacks a tar stream (regular files and folders only) under `target`, refusing paths that leave it. */
async function untar(input: AsyncIterable<Buffer>, target: string): Promise<void> {
  await mkdir(target, { recursive: true });
  const root = path.resolve(target);
  let pending: Buffer = Buffer.alloc(0);
  let file: { handle: Awaited<ReturnType<typeof open>>; left: number; pad: number } | null = null;
  let skip = 0;
  let ended = false;
  const feed = async (chunk: Buffer) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    for (;;) {
      if (skip) {
        const n = Math.min(skip, pending.length);
        pending = pending.subarray(n);
        skip -= n;
        if (skip) return;
      }
      if (file) {
        const n = Math.min(file.left, pending.length);
        if (n) await file.handle.write(pending.subarray(0, n));
        pending = pending.subarray(n);
        file.left -= n;
        if (file.left) return;
        await file.handle.close();
        skip = file.pad;
        file = null;
        continue;
      }
      if (ended || pending.length < BLOCK) return;
      const h = pending.subarray(0, BLOCK);
      pending = pending.subarray(BLOCK);
      if (h.every((b) => b === 0)) {
        ended = true;
        return;
      }
      let sum = 0;
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : h[i]!;
      if (parseInt(h.toString('ascii', 148, 156).replace(/\0.*$/s, '').trim(), 8) !== sum) throw new Error('the archive is damaged (bad header)');
      const name = h.toString('utf8', 0, 100).replace(/\0.*$/s, '');
      const size = parseInt(h.toString('ascii', 124, 136).replace(/\0.*$/s, '').trim() || '0', 8);
      const type = String.fromCharCode(h[156]!);
      const to = path.resolve(root, name);
      if (to !== root && !to.startsWith(root + path.sep)) throw new Error('the archive names a path outside its folder');
      if (type === '5') await mkdir(to, { recursive: true });
      else if (type === '0' || type === '\0') {
        await mkdir(path.dirname(to), { recursive: true });
        const handle = await open(to, 'wx', 0o600);
        file = { handle, left: size, pad: size % BLOCK ? BLOCK - (size % BLOCK) : 0 };
        if (size === 0) {
          await handle.close();
          file = null;
        }
      } else throw new Error(`the archive holds an entry of an unsupported type (${type})`);
    }
  };
  try {
    for await (const chunk of input) await feed(chunk);
    if (file || !ended) throw new Error('the archive is cut short');
  } finally {
    const f = file as { handle: Awaited<ReturnType<typeof open>> } | null;
    if (f) await f.handle.close().catch(() => undefined);
  }
}

/** A program's run: resolves when it exits with 0, else rejects with its last error lines (never an address). */
function finished(child: ReturnType<typeof spawn>, what: string): Promise<void> {
  let err = '';
  child.stderr?.on('data', (d: Buffer) => {
    err = (err + d.toString('utf8')).slice(-4000);
  });
  return new Promise((resolve, reject) => {
    child.on('error', (e: NodeJS.ErrnoException) =>
      reject(new Error(e.code === 'ENOENT' ? `${what} is not installed on this server (set ${what === 'pg_dump' ? 'PG_DUMP' : 'PSQL'} to its path)` : `${what} failed: ${e.message}`)),
    );
    child.on('close', (code) => {
      if (code === 0) resolve();
      else {
        const lines = err.replace(/postgres(?:ql)?:\/\/\S+/g, '(address)').trim().split('\n').filter((l) => /ERROR|FATAL|error/.test(l));
        reject(new Error(`${what} failed: ${(lines.slice(-2).join('; ') || `exit code ${code}`).replace(/^.*?(ERROR|FATAL):\s*/, '')}`));
      }
    });
  });
}
