import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageObject } from '@plinth/contracts-storage';
import type { ServerOptions } from '@plinth/platform-core/config';
import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';

// Two tenants with the same bucket and object names, and the first one trying every way to reach
// the second one's bytes: bucket ids, object names, links without signing in, signed links, and
// rows written into storage.objects with SQL. Run on each object store (storage/isolation.test.ts: the
// local disk; storage/isolation-s3.test.ts: an S3-compatible server).

/** Where the bytes are, as a test sees them from outside the API. */
export interface IsolationBackend {
  /** Started before the server; answers the server's options that put its bytes there. */
  start(): Promise<ServerOptions>;
  /** Every key (disk: file path below the objects folder) with its bytes as text. */
  allFiles(h: TestHarness): Promise<Record<string, string>>;
  /** Words an error must never show (a folder, a bucket). */
  secrets(h: TestHarness): string[];
  stop(): Promise<void>;
}

export function describeStorageIsolation(backend: IsolationBackend): void {

  let h: TestHarness;
  let a: { user: TestUser; ref: string };
  let b: { user: TestUser; ref: string };
  let victimId: string;

  const enc = (s: string) => new TextEncoder().encode(s);

  /** The console's API answers /api/...; everything else (apps' storage, public and signed links) is the project services'. */
  const serverOf = (url: string) => (url.startsWith('/api/') ? h.app : h.services);

  function call(user: TestUser | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
    const headers: Record<string, string> = {};
    if (user) {
      headers.cookie = user.jar.header();
      headers['x-csrf-token'] = user.jar.get('plinth_csrf') ?? '';
    }
    return serverOf(url).inject({ method, url, headers, payload: payload as Record<string, unknown> | undefined });
  }

  /** A request whose path goes to the server as written (fetch and inject would resolve its dots). */
  async function raw(pathAsWritten: string, user?: TestUser, body?: string, contentType = 'text/plain'): Promise<{ status: number; body: string }> {
    const address = serverOf(pathAsWritten).server.address() as AddressInfo;
    const headers: Record<string, string> = user ? { cookie: user.jar.header(), 'x-csrf-token': user.jar.get('plinth_csrf') ?? '', 'content-type': contentType } : {};
    return new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: address.port, path: pathAsWritten, method: body === undefined ? 'GET' : 'POST', headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  const allFiles = () => backend.allFiles(h);

  const victimFiles = async () => Object.fromEntries(Object.entries(await allFiles()).filter(([k]) => k.startsWith(`${b.ref}/`)));

  beforeAll(async () => {
    h = await createTestHarness(await backend.start());
    const first = await h.userWithProject();
    const second = await h.userWithProject();
    a = { user: first.user, ref: first.project.ref };
    b = { user: second.user, ref: second.project.ref };
    for (const t of [a, b]) {
      await t.user.api.storage.createBucket(t.ref, { id: 'avatars', public: true });
      await t.user.api.storage.createBucket(t.ref, { id: 'private' });
    }
    await a.user.api.storage.uploadObject(a.ref, 'avatars', 'me.png', enc('tenant a'), { contentType: 'image/png' });
    const victim = await b.user.api.storage.uploadObject(b.ref, 'avatars', 'me.png', enc('tenant b'), { contentType: 'image/png' });
    await b.user.api.storage.uploadObject(b.ref, 'private', 'secret.txt', enc('b secret'), { contentType: 'text/plain' });
    victimId = victim.id!;
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    await h.services.listen({ port: 0, host: '127.0.0.1' });
  }, 300_000);
  afterAll(async () => {
    await h?.close();
    await backend.stop();
  });

  describe('two tenants with the same names', () => {
    it('keep separate bytes, and one deleting its object leaves the other', async () => {
      expect(await (await a.user.api.storage.downloadObject(a.ref, 'avatars', 'me.png')).text()).toBe('tenant a');
      expect(await (await b.user.api.storage.downloadObject(b.ref, 'avatars', 'me.png')).text()).toBe('tenant b');
      await a.user.api.storage.uploadObject(a.ref, 'avatars', 'me.png', enc('tenant a, again'), { upsert: true });
      await a.user.api.storage.deleteObjects(a.ref, 'avatars', ['me.png']);
      expect(await (await b.user.api.storage.downloadObject(b.ref, 'avatars', 'me.png')).text()).toBe('tenant b');
      expect(await h.internals.deps.objects.sizeUnder(`${b.ref}/`)).toBe('tenant b'.length + 'b secret'.length);
      // The bytes are where the backend looks: the comparisons below see them.
      expect(Object.values(await victimFiles()).sort()).toEqual(['b secret', 'tenant b']);
    });

    it('cannot reach the other tenant through the other project ref', async () => {
      const res = await call(a.user, 'POST', `/api/platform/storage/${b.ref}/buckets/avatars/objects/download`, { path: 'me.png' });
      expect(res.statusCode).toBe(404);
    });

    it("cannot list, move or delete the other tenant's folders, and its own calls stay in its project", async () => {
      await b.user.api.storage.uploadObject(b.ref, 'private', 'plans/q1.txt', enc('b plan'), { contentType: 'text/plain' });
      await a.user.api.storage.uploadObject(a.ref, 'private', 'plans/q1.txt', enc('a plan'), { contentType: 'text/plain' });
      const base = `/api/platform/storage/${b.ref}/buckets/private`;
      expect((await call(a.user, 'POST', `${base}/objects/page`, { path: 'plans' })).statusCode).toBe(404);
      expect((await call(a.user, 'POST', `${base}/folders/move`, { from: 'plans', to: 'stolen' })).statusCode).toBe(404);
      expect((await call(a.user, 'DELETE', `${base}/folders`, { path: 'plans' })).statusCode).toBe(404);
      expect(await a.user.api.storage.deleteFolder(a.ref, 'private', 'plans')).toMatchObject({ count: 1 });
      const left = await b.user.api.storage.listObjectsPage(b.ref, 'private', { path: 'plans' });
      expect(left.items.map((o) => o.name)).toEqual(['q1.txt']);
      expect(await (await b.user.api.storage.downloadObject(b.ref, 'private', 'plans/q1.txt')).text()).toBe('b plan');
    });
  });

  describe('bucket ids', () => {
    it('refuses "." and ".." and other unsafe ids when creating, naming the field', async () => {
      for (const id of ['.', '..', '.hidden', 'a..b', 'x'.repeat(64), 'a/b']) {
        const res = await call(a.user, 'POST', `/api/platform/storage/${a.ref}/buckets`, { id });
        expect(res.statusCode, id).toBe(400);
        expect(res.json().field).toBe('id');
      }
      expect(await a.user.api.storage.listBuckets(a.ref)).toHaveLength(2);
    });

    it('refuses ".." as a bucket in every route path, before anything is read', async () => {
      const before = await victimFiles();
      const listed = await raw(`/api/platform/storage/${a.ref}/buckets/../objects/list`, a.user, '{}', 'application/json');
      expect(listed.status).toBe(400);
      expect(JSON.parse(listed.body)).toMatchObject({ field: 'id' });
      const publicLink = await raw(`/${a.ref}/storage/v1/object/public/../${b.ref}/avatars/me.png`);
      expect(publicLink.status).toBe(400);
      // The project services answer in the storage API's shape, naming the parameter in the message.
      expect(JSON.parse(publicLink.body)).toMatchObject({ statusCode: '400', message: expect.stringContaining('params/bucket') });
      const signedLink = await raw(`/${a.ref}/storage/v1/object/sign/../me.png?token=x.y`);
      expect(signedLink.status).toBe(400);
      expect(publicLink.body + listed.body).not.toContain('tenant b');
      expect(await victimFiles()).toEqual(before);
    });

    it('cannot overwrite the other tenant through a bucket row named ".." written with SQL', async () => {
      const before = await victimFiles();
      const db = await h.internals.databases.get(a.ref);
      await db.query(`insert into storage.buckets (id, name) values ('..', '..')`);
      const up = await raw(`/api/platform/storage/${a.ref}/buckets/../objects/upload?path=${b.ref}/avatars/me.png&x-upsert=true`, a.user, 'overwritten');
      expect(up.status).toBe(400);
      expect(JSON.parse(up.body)).toMatchObject({ field: 'id' });
      expect(await victimFiles()).toEqual(before);
      await db.query(`delete from storage.buckets where id = '..'`);
    });
  });

  describe('object names', () => {
    it('refuses traversal in every route that takes a path, naming the field', async () => {
      const base = `/api/platform/storage/${a.ref}/buckets/avatars/objects`;
      const hostile = `../../${b.ref}/avatars/me.png`;
      const cases: [string, string, unknown, string][] = [
        ['POST', `${base}/upload?path=${encodeURIComponent(hostile)}`, 'x', 'path'],
        ['POST', `${base}/download`, { path: hostile }, 'path'],
        ['POST', `${base}/sign`, { path: hostile, expiresIn: 60 }, 'path'],
        ['POST', `${base}/public-url`, { path: hostile }, 'path'],
        ['POST', `${base}/move`, { from: 'me.png', to: hostile }, 'to'],
        ['DELETE', base, { paths: ['ok.png', hostile] }, 'paths.1'],
      ];
      for (const [method, url, payload, field] of cases) {
        const res = await call(a.user, method as 'POST', url, payload);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().field, url).toBe(field);
      }
      expect(await (await b.user.api.storage.downloadObject(b.ref, 'avatars', 'me.png')).text()).toBe('tenant b');
    });

    it('refuses parts over 255 bytes and names over 1024 bytes up front with a 400 naming path', async () => {
      const base = `/api/platform/storage/${a.ref}/buckets/avatars/objects/upload?path=`;
      for (const name of ['é'.repeat(128), `${'x'.repeat(250)}/`.repeat(4) + 'x'.repeat(30), 'nul\u0000.txt']) {
        const res = await call(a.user, 'POST', base + encodeURIComponent(name), 'x');
        expect(res.statusCode).toBe(400);
        expect(res.json().field).toBe('path');
      }
      const fits = await call(a.user, 'POST', base + encodeURIComponent(`${'x'.repeat(255)}/${'é'.repeat(127)}`), 'fits');
      expect(fits.statusCode).toBe(200);
    });
  });

  describe('links without signing in', () => {
    it('refuses traversal in a public link, even to a row written with SQL under that name', async () => {
      const db = await h.internals.databases.get(a.ref);
      const hostile = `../../${b.ref}/avatars/me.png`;
      await db.query(`insert into storage.objects (id, bucket_id, name, metadata) values ($1, 'avatars', $2, '{"mimetype":"image/png"}')`, [victimId, hostile]);
      const encoded = await call(null, 'GET', `/${a.ref}/storage/v1/object/public/avatars/${encodeURIComponent(hostile)}`);
      expect(encoded.statusCode).toBe(400);
      expect(encoded.json()).toMatchObject({ statusCode: '400', message: expect.stringMatching(/^params\/\* path /) });
      const written = await raw(`/${a.ref}/storage/v1/object/public/avatars/${hostile}`);
      expect(written.status).toBe(400);
      expect(encoded.body + written.body).not.toContain('tenant b');
      await db.query('delete from storage.objects where id = $1', [victimId]);
    });

    it('serves a signed link only for its own path and refuses traversal in one', async () => {
      await a.user.api.storage.uploadObject(a.ref, 'private', 'plan.txt', enc('a plan'), { contentType: 'text/plain' });
      const { signedUrl } = await a.user.api.storage.signUrl(a.ref, 'private', 'plan.txt', 60);
      const link = new URL(signedUrl);
      expect((await call(null, 'GET', link.pathname + link.search)).body).toBe('a plan');
      const swapped = link.pathname.replace('plan.txt', `..%2F..%2F${b.ref}%2Fprivate%2Fsecret.txt`) + link.search;
      const res = await call(null, 'GET', swapped);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: '400', message: expect.stringMatching(/^params\/\* path /) });
      expect(res.body).not.toContain('b secret');
    });
  });

  describe('rows written with SQL', () => {
    it('never lead to the file system: download, move, delete and empty touch only this project', async () => {
      const db = await h.internals.databases.get(a.ref);
      const before = await victimFiles();
      // The other tenant's object id under a plain name, and hostile names under fresh ids.
      await db.query(
        `insert into storage.objects (id, bucket_id, name, metadata) values
           ($1, 'avatars', 'stolen.png', '{"mimetype":"image/png","size":8}'),
           ($2, 'avatars', $4, '{"size":1}'),
           ($3, 'avatars', $5, '{"size":1}')`,
        [victimId, randomUUID(), randomUUID(), `../../${b.ref}/avatars/me.png`, `/../../../${b.ref}/_objects/${victimId.slice(0, 2)}/${victimId}`],
      );
      const dl = await call(a.user, 'POST', `/api/platform/storage/${a.ref}/buckets/avatars/objects/download`, { path: 'stolen.png' });
      expect(dl.statusCode).toBe(404);
      expect(dl.json().message).toBe('Object not found: stolen.png');
      const listed = (await a.user.api.storage.listObjects(a.ref, 'avatars', { path: '' })) as StorageObject[];
      expect(listed.map((o) => o.name)).toContain('stolen.png');
      expect((await call(a.user, 'POST', `/api/platform/storage/${a.ref}/buckets/avatars/objects/move`, { from: 'stolen.png', to: 'renamed.png' })).statusCode).toBe(200);
      await a.user.api.storage.deleteObjects(a.ref, 'avatars', ['renamed.png']);
      await db.query(`insert into storage.objects (id, bucket_id, name) values ($1, 'avatars', 'again.png')`, [victimId]);
      await a.user.api.storage.emptyBucket(a.ref, 'avatars');
      expect((await db.query('select count(*)::int as n from storage.objects where bucket_id = $1', ['avatars'])).rows[0]).toEqual({ n: 0 });
      expect(await victimFiles()).toEqual(before);
      expect(await (await b.user.api.storage.downloadObject(b.ref, 'avatars', 'me.png')).text()).toBe('tenant b');
      const outside = Object.keys(await allFiles()).filter((k) => !k.startsWith(`${a.ref}/`) && !k.startsWith(`${b.ref}/`));
      expect(outside).toEqual([]);
    });
  });

  describe('errors', () => {
    it('name the object as the user knows it, never a key or a folder', async () => {
      const res = await call(a.user, 'POST', `/api/platform/storage/${a.ref}/buckets/private/objects/download`, { path: 'nothing/here.txt' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Object not found: nothing/here.txt');
      const link = await call(null, 'GET', `/${a.ref}/storage/v1/object/public/avatars/gone.png`);
      expect(link.statusCode).toBe(404);
      for (const body of [res.body, link.body]) {
        for (const secret of backend.secrets(h)) expect(body).not.toContain(secret);
        expect(body).not.toContain('_objects');
        expect(body).not.toContain(`${a.ref}/`);
      }
    });
  });
}
