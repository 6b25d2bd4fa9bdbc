import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StorageObject } from '@plinth/contracts-storage';
import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';

// A data directory of the current layout (bytes at objects/<ref>/_objects/<2 hex>/<id>) opened by a
// new server: every object answers the same bytes, every listing is the same, and not one file of
// the object store is moved, added or removed. Since data directories from before object ids are
// no longer adopted, this is what opening a data directory must leave alone.

let h: TestHarness;
let user: TestUser;
let ref: string;

/** What the project holds, by bucket and name. */
const CONTENT: Record<string, Record<string, Buffer>> = {
  photos: {
    'sea.jpg': randomBytes(70_000),
    'trips/2024/mountain.png': randomBytes(1_234),
    'trips/empty.txt': Buffer.alloc(0),
    'trips/été à la mer.txt': Buffer.from('accents and spaces'),
  },
  docs: {
    'readme.md': Buffer.from('# read me\n'),
    'reports/q1.csv': Buffer.from('a,b\n1,2\n'),
  },
};
/** Folders listed before and after, by bucket. */
const FOLDERS: Record<string, string[]> = { photos: ['', 'trips', 'trips/2024'], docs: ['', 'reports'] };

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Every file of the object store (path below the data directory and the hash of its bytes). */
async function objectFiles(): Promise<Record<string, string>> {
  const root = path.join(h.dataDir, 'objects');
  const out: Record<string, string> = {};
  for (const e of await readdir(root, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const file = path.join(e.parentPath, e.name);
    out[path.relative(h.dataDir, file)] = sha256(await readFile(file));
  }
  return out;
}

/** Every file of the data directory outside the databases' own folders, with its hash. */
async function nonDatabaseFiles(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const e of await readdir(h.dataDir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const rel = path.relative(h.dataDir, path.join(e.parentPath, e.name));
    // control/ (control database), template/ (project template), projects/<ref>/pgdata (a project
    // database), api.lock (the databases' lock, holding the process id)
    if (rel === 'api.lock' || /^(control|template)\//.test(rel) || /^projects\/[^/]+\/pgdata\//.test(rel)) continue;
    out[rel] = sha256(await readFile(path.join(h.dataDir, rel)));
  }
  return out;
}

async function listings(): Promise<Record<string, StorageObject[]>> {
  const out: Record<string, StorageObject[]> = {};
  for (const [bucket, folders] of Object.entries(FOLDERS)) {
    for (const folder of folders) out[`${bucket}/${folder}`] = await user.api.storage.listObjects(ref, bucket, { path: folder });
  }
  return out;
}

async function download(bucket: string, name: string): Promise<Buffer> {
  return Buffer.from(await (await user.api.storage.downloadObject(ref, bucket, name)).arrayBuffer());
}

beforeAll(async () => {
  h = await createTestHarness();
}, 120_000);
afterAll(async () => h?.close(), 60_000);

it('opens a data directory of the current layout unchanged', async () => {
  const made = await h.userWithProject();
  user = made.user;
  ref = made.project.ref;
  await user.api.storage.createBucket(ref, { id: 'photos' });
  await user.api.storage.createBucket(ref, { id: 'docs' });
  for (const [bucket, objects] of Object.entries(CONTENT)) {
    for (const [name, bytes] of Object.entries(objects)) {
      await user.api.storage.uploadObject(ref, bucket, name, new Uint8Array(bytes), { contentType: 'application/octet-stream' });
    }
  }
  // A rename changes the row alone and an upsert replaces the bytes of the same id: both as they are today.
  await user.api.storage.uploadObject(ref, 'docs', 'draft.md', new TextEncoder().encode('draft'), { contentType: 'text/markdown' });
  await user.api.storage.moveObject(ref, 'docs', 'draft.md', 'reports/final.md');
  CONTENT.docs!['reports/final.md'] = Buffer.from('final');
  await user.api.storage.uploadObject(ref, 'docs', 'reports/final.md', new Uint8Array(CONTENT.docs!['reports/final.md']!), { contentType: 'text/markdown', upsert: true });

  const listedBefore = await listings();
  const db = await h.internals.databases.get(ref);
  const ids = (await db.query<{ id: string }>('select id::text as id from storage.objects order by id')).rows.map((r) => r.id);
  expect(ids).toHaveLength(7);
  const filesBefore = await objectFiles();
  // The current layout: one file per object, at its id, and nothing else.
  expect(Object.keys(filesBefore).sort()).toEqual(ids.map((id) => path.join('objects', ref, '_objects', id.slice(0, 2), id)).sort());
  const otherBefore = await nonDatabaseFiles();

  const { email, password } = user;
  h = await h.reopen();
  // Nothing was touched by starting the server.
  expect(await nonDatabaseFiles()).toEqual(otherBefore);
  user = await h.signIn(email, password);
  await h.waitForStatus(user, ref, 'ACTIVE_HEALTHY');

  expect(await listings()).toEqual(listedBefore);
  for (const [bucket, objects] of Object.entries(CONTENT)) {
    for (const [name, bytes] of Object.entries(objects)) {
      const got = await download(bucket, name);
      expect({ bucket, name, sha256: sha256(got) }).toEqual({ bucket, name, sha256: sha256(bytes) });
    }
  }

  // Serving (storage opened, every object read) moved, added or removed no file of the object store.
  expect(await objectFiles()).toEqual(filesBefore);
  expect(await nonDatabaseFiles()).toEqual(otherBefore);
}, 300_000);
