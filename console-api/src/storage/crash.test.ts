import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '@plinth/platform-api/testing/api-client';
import { quoteIdent } from '@plinth/platform-core/database-error';
import { projectDatabaseName } from '@plinth/platform-core/project-db/manager';
import { CookieJar } from '@plinth/platform-api/testing/cookie-jar';
import { seedEmbeddedDataDir } from '@plinth/platform-api/testing/pglite-cache';

// The platform API as it runs in production, killed with SIGKILL in the middle of an upload and
// started again on the same data: the unfinished upload is rolled back (row and temporary file),
// its path takes a new upload and its bucket can be emptied and deleted.

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../platform-api');
const ADMIN = { email: 'crash-admin@example.com', password: 'correct horse battery staple' };

let dataDir: string;
let controlUrl: string | undefined;
let controlDb: string | undefined;
let child: ChildProcess | undefined;
let ref = '';

/**
 * Starts `tsx src/main.ts` on the data dir, in one process (node with tsx's loader: the tsx command
 * would run the server in a child of its own, out of reach of the kill), and answers its origin
 * once it listens.
 */
async function startApi(): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', PLINTH_DATA_DIR: dataDir, PLINTH_ADMIN_EMAIL: ADMIN.email, PLINTH_ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'info', PLINTH_SPARE_DATABASE: '0' };
  delete env.DATABASE_URL;
  if (controlUrl) env.DATABASE_URL = controlUrl;
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: packageDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child = proc;
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (m) resolve(m[1]!);
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    proc.once('exit', (code) => reject(new Error(`the API exited (${code}) before listening:\n${output.slice(-3000)}`)));
  });
}

async function stopApi(signal: NodeJS.Signals): Promise<void> {
  const proc = child;
  child = undefined;
  if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    proc.once('exit', () => resolve());
    proc.kill(signal);
  });
}

async function signIn(origin: string): Promise<{ api: ApiClient; jar: CookieJar }> {
  const jar = new CookieJar();
  const api = createApiClient({ baseUrl: `${origin}/api`, fetch: jar.networkFetch(), csrfToken: () => jar.get('plinth_csrf') });
  await api.auth.getSession();
  await api.auth.signIn(ADMIN);
  return { api, jar };
}

async function waitUntil<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Files left by writes in progress, for every project. */
async function temporaryFiles(): Promise<string[]> {
  const objects = path.join(dataDir, 'objects');
  const out: string[] = [];
  for (const project of await readdir(objects).catch(() => [] as string[])) {
    for (const f of await readdir(path.join(objects, project, '_uploads')).catch(() => [] as string[])) out.push(`${project}/_uploads/${f}`);
  }
  return out;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'plinth-crash-'));
  const base = process.env.DATABASE_URL;
  if (base) {
    controlDb = `plinth_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${quoteIdent(controlDb)}`);
    await admin.end();
    const u = new URL(base);
    u.pathname = `/${controlDb}`;
    controlUrl = u.toString();
  } else {
    await seedEmbeddedDataDir(dataDir);
  }
}, 120_000);

afterAll(async () => {
  await stopApi('SIGKILL');
  const base = process.env.DATABASE_URL;
  if (base && controlDb) {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    for (const db of [controlDb, ...(ref ? [projectDatabaseName(ref)] : [])]) {
      await admin.query(`drop database if exists ${quoteIdent(db)} with (force)`).catch(() => undefined);
    }
    await admin.end();
  }
  await rm(dataDir, { recursive: true, force: true });
}, 60_000);

it('rolls back an upload cut by kill -9 at the next start', async () => {
  let origin = await startApi();
  let { api, jar } = await signIn(origin);
  const org = await api.organizations.create({ name: 'Crash organization' });
  ref = (await api.projects.create({ name: 'Crash project', organization_slug: org.slug })).ref;
  await waitUntil('the project to be up', async () => ((await api.projects.getStatus(ref)).status === 'ACTIVE_HEALTHY' ? true : undefined));
  await api.storage.createBucket(ref, { id: 'uploads' });

  // An upload that sends its first 64 KiB and then waits: the server is mid-write when it dies.
  const { port } = new URL(origin);
  const req = http.request({
    host: '127.0.0.1',
    port: Number(port),
    method: 'POST',
    path: `/api/platform/storage/${ref}/buckets/uploads/objects/upload?path=big/file.bin`,
    headers: { cookie: jar.header(), 'x-csrf-token': jar.get('plinth_csrf') ?? '', 'content-type': 'application/octet-stream', 'transfer-encoding': 'chunked' },
  });
  req.on('error', () => undefined);
  req.write(Buffer.alloc(64 * 1024, 1));
  const partial = await waitUntil('the upload to be writing', async () => {
    const files = await temporaryFiles();
    const sizes = await Promise.all(files.map(async (f) => (await stat(path.join(dataDir, 'objects', f))).size));
    return sizes.some((n) => n > 0) ? files : undefined;
  });
  expect(partial).toHaveLength(1);
  const listedWhileWriting = await api.storage.listObjects(ref, 'uploads', { path: 'big' });
  expect(listedWhileWriting).toMatchObject([{ name: 'file.bin', metadata: null }]);

  await stopApi('SIGKILL');
  req.destroy();

  origin = await startApi();
  expect(await temporaryFiles()).toEqual([]);
  ({ api } = await signIn(origin));
  await waitUntil('the project to be up again', async () => ((await api.projects.getStatus(ref)).status === 'ACTIVE_HEALTHY' ? true : undefined));
  expect(await api.storage.listObjects(ref, 'uploads', { path: '' })).toEqual([]);

  const again = await api.storage.uploadObject(ref, 'uploads', 'big/file.bin', new TextEncoder().encode('complete'), { contentType: 'application/octet-stream' });
  expect(again.metadata).toMatchObject({ size: 8 });
  expect(await (await api.storage.downloadObject(ref, 'uploads', 'big/file.bin')).text()).toBe('complete');
  await api.storage.emptyBucket(ref, 'uploads');
  await api.storage.deleteBucket(ref, 'uploads');
  expect(await api.storage.listBuckets(ref)).toEqual([]);
  expect(await temporaryFiles()).toEqual([]);
  await stopApi('SIGTERM');
}, 300_000);

it('keeps a resumable upload killed mid-PATCH, which then continues from the bytes on disk', async () => {
  let origin = await startApi();
  let { api, jar } = await signIn(origin);
  await waitUntil('the project to be up', async () => ((await api.projects.getStatus(ref)).status === 'ACTIVE_HEALTHY' ? true : undefined));
  await api.storage.createBucket(ref, { id: 'resumable' });
  const bytes = randomBytes(512 * 1024);
  const tus = (j: CookieJar) => ({ cookie: j.header(), 'x-csrf-token': j.get('plinth_csrf') ?? '', 'tus-resumable': '1.0.0' });
  const created = await fetch(`${origin}/api/platform/storage/${ref}/buckets/resumable/objects/resumable`, {
    method: 'POST',
    headers: { ...tus(jar), 'upload-length': String(bytes.length), 'upload-metadata': `objectName ${Buffer.from('big/resumed.bin').toString('base64')}` },
  });
  expect(created.status).toBe(201);
  const location = created.headers.get('location')!;

  // A PATCH that sends its first 64 KiB and waits: the server dies while it writes the part.
  const { port } = new URL(origin);
  const req = http.request({
    host: '127.0.0.1',
    port: Number(port),
    method: 'PATCH',
    path: location,
    headers: { ...tus(jar), 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'transfer-encoding': 'chunked' },
  });
  req.on('error', () => undefined);
  req.write(bytes.subarray(0, 64 * 1024));
  await waitUntil('the part to hold bytes', async () => {
    for (const f of await temporaryFiles()) if (f.endsWith('.part') && (await stat(path.join(dataDir, 'objects', f))).size > 0) return true;
    return undefined;
  });
  await stopApi('SIGKILL');
  req.destroy();

  origin = await startApi();
  expect((await temporaryFiles()).filter((f) => f.endsWith('.part'))).toHaveLength(1);
  ({ api, jar } = await signIn(origin));
  await waitUntil('the project to be up again', async () => ((await api.projects.getStatus(ref)).status === 'ACTIVE_HEALTHY' ? true : undefined));
  const held = await fetch(`${origin}${location}`, { method: 'HEAD', headers: tus(jar) });
  expect(held.status).toBe(200);
  const offset = Number(held.headers.get('upload-offset'));
  expect(offset).toBeGreaterThan(0);
  const rest = await fetch(`${origin}${location}`, {
    method: 'PATCH',
    headers: { ...tus(jar), 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    body: bytes.subarray(offset),
  });
  expect(rest.status).toBe(204);
  const got = Buffer.from(await (await api.storage.downloadObject(ref, 'resumable', 'big/resumed.bin')).arrayBuffer());
  expect(Buffer.compare(got, bytes)).toBe(0);
  expect(await temporaryFiles()).toEqual([]);
  await stopApi('SIGTERM');
}, 300_000);
