import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { createTestHarness, type TestHarness } from '@plinth/platform-api/testing';
import { signJwt } from '@plinth/platform-core/jwt';
import { ensureStorageSchema } from '../storage-engine/schema';
import { listen } from '../auth/testing';

// Signed upload URLs, listV2, cross-bucket move and copy, info/exists with user metadata, cache
// control, download names, image transformation and bucket size limits, through the unmodified
// supabase-js client over a real socket (raw HTTP where status and headers matter), with the
// storage.objects policies deciding for anon, two users and service_role.

let h: TestHarness;
let base: string;
let ref: string;
let keys: { anon: string; service: string; secret: string };
const alice = randomUUID();
const bob = randomUUID();

// Users read and write only under a folder named by their id, in 'docs' and 'archive'; nobody but
// service_role writes 'locked'; anyone reads 'photos' (public).
const POLICIES = `
create policy own_insert on storage.objects for insert to authenticated with check (bucket_id in ('docs', 'archive') and (storage.foldername(name))[1] = auth.uid()::text);
create policy own_select on storage.objects for select to authenticated using (bucket_id in ('docs', 'archive', 'locked') and (storage.foldername(name))[1] = auth.uid()::text);
create policy own_update on storage.objects for update to authenticated using (bucket_id in ('docs', 'archive', 'locked') and (storage.foldername(name))[1] = auth.uid()::text) with check (bucket_id in ('docs', 'archive') and (storage.foldername(name))[1] = auth.uid()::text);
create policy own_delete on storage.objects for delete to authenticated using (bucket_id in ('docs', 'archive') and (storage.foldername(name))[1] = auth.uid()::text);
create policy photos_read on storage.objects for select to anon, authenticated using (bucket_id = 'photos');
`;

class NoWebSocket {}
const NO_REALTIME = { transport: NoWebSocket as unknown as typeof WebSocket };

function client(token?: string, apiKey = keys.anon): SupabaseClient {
  return createClient(base, apiKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: NO_REALTIME,
    ...(token ? { global: { headers: { Authorization: `Bearer ${token}` } } } : {}),
  });
}
const tokens = new Map<string, string>();
const as = (sub: string) => client(tokens.get(sub)).storage;
const anon = () => client().storage;
const service = () => client(undefined, keys.service).storage;
const nowS = () => Math.floor(Date.now() / 1000);

/** A raw call to the storage service with a key or a user's token. */
const call = (path: string, init: RequestInit = {}, token = keys.service) =>
  fetch(`${base}/storage/v1${path}`, { ...init, headers: { apikey: keys.anon, authorization: `Bearer ${token}`, ...init.headers } });

const jpeg = (width: number, height: number, color = '#3366cc') => sharp({ create: { width, height, channels: 3, background: color } }).jpeg().toBuffer();
const sizeOf = async (bytes: ArrayBuffer | Buffer) => {
  const m = await sharp(Buffer.from(bytes as ArrayBuffer)).metadata();
  return { width: m.width, height: m.height, format: m.format };
};

beforeAll(async () => {
  h = await createTestHarness();
  ref = (await h.userWithProject()).project.ref;
  const k = await h.internals.control.query<{ anon_key: string; service_role_key: string; jwt_secret: string }>('select anon_key, service_role_key, jwt_secret from projects where ref = $1', [ref]);
  keys = { anon: k.rows[0]!.anon_key, service: k.rows[0]!.service_role_key, secret: k.rows[0]!.jwt_secret };
  for (const sub of [alice, bob]) tokens.set(sub, await signJwt({ sub, role: 'authenticated', aud: 'authenticated', ref, exp: nowS() + 600 }, keys.secret));
  const db = await ensureStorageSchema(await h.internals.databases.get(ref));
  await db.exec(POLICIES);
  base = `${await listen(h)}/${ref}`;
  for (const [id, options] of [['docs', { public: false }], ['archive', { public: false }], ['locked', { public: false }], ['photos', { public: true }], ['images-only', { public: false, allowedMimeTypes: ['image/*'] }]] as [string, { public: boolean; allowedMimeTypes?: string[] }][]) {
    expect((await service().createBucket(id, options)).error).toBeNull();
  }
}, 120_000);
afterAll(async () => {
  await h?.close();
});

describe('signed upload URLs', () => {
  it('let anyone holding the token upload once to that path, as the user who asked for it', async () => {
    const path = `${alice}/su/hello.txt`;
    const signed = await as(alice).from('docs').createSignedUploadUrl(path);
    expect(signed.error).toBeNull();
    expect(signed.data).toMatchObject({ path, token: expect.any(String) });
    expect(signed.data!.signedUrl.startsWith(`${base}/storage/v1/object/upload/sign/docs/${alice}/su/hello.txt?token=`)).toBe(true);

    const up = await anon().from('docs').uploadToSignedUrl(path, signed.data!.token, 'hello from a signed url', { contentType: 'text/plain' });
    expect(up.error).toBeNull();
    expect(up.data).toEqual({ path, fullPath: `docs/${path}` });
    expect(await (await as(alice).from('docs').download(path)).data?.text()).toBe('hello from a signed url');
    const owner = await (await h.internals.databases.get(ref)).query<{ owner: string }>('select owner::text as owner from storage.objects where bucket_id = $1 and name = $2', ['docs', path]);
    expect(owner.rows[0]?.owner).toBe(alice);

    // The same token again: the object is there and the token does not allow replacing it.
    expect((await anon().from('docs').uploadToSignedUrl(path, signed.data!.token, 'again')).error).toMatchObject({ status: 409 });
    // Another path, even in the same folder, is refused.
    const other = await anon().from('docs').uploadToSignedUrl(`${alice}/su/other.txt`, signed.data!.token, 'x');
    expect(other.error).toMatchObject({ status: 400, message: 'The signed URL is invalid' });
    expect((await as(alice).from('docs').exists(`${alice}/su/other.txt`)).data).toBe(false);
  });

  it('are refused to callers whose policies would refuse the upload, and replace only with upsert', async () => {
    const path = `${alice}/su/mine.txt`;
    expect((await as(bob).from('docs').createSignedUploadUrl(path)).error).toMatchObject({ status: 403 });
    expect((await anon().from('docs').createSignedUploadUrl(path)).error).toMatchObject({ status: 403 });
    expect((await as(alice).from('locked').createSignedUploadUrl(`${alice}/x.txt`)).error).toMatchObject({ status: 403 });
    expect((await service().from('locked').createSignedUploadUrl('by-service.txt')).error).toBeNull();

    expect((await as(alice).from('docs').upload(path, 'one')).error).toBeNull();
    expect((await as(alice).from('docs').createSignedUploadUrl(path)).error).toMatchObject({ status: 409 });
    expect((await as(bob).from('docs').createSignedUploadUrl(path, { upsert: true })).error).toMatchObject({ status: 403 });
    const upsert = await as(alice).from('docs').createSignedUploadUrl(path, { upsert: true });
    expect(upsert.error).toBeNull();
    expect((await anon().from('docs').uploadToSignedUrl(path, upsert.data!.token, 'two')).error).toBeNull();
    expect(await (await as(alice).from('docs').download(path)).data?.text()).toBe('two');
  });

  it('expire after two hours, and a token of another kind is never one', async () => {
    const path = `${alice}/su/late.txt`;
    const raw = await call(`/object/upload/sign/docs/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }, tokens.get(alice));
    expect(raw.status).toBe(200);
    const body = (await raw.json()) as { url: string; token: string };
    expect(body.url).toBe(`/object/upload/sign/docs/${alice}/su/late.txt?token=${body.token}`);
    const claims = JSON.parse(Buffer.from(body.token.split('.')[1]!, 'base64url').toString()) as { exp: number };
    expect(claims.exp - nowS()).toBeGreaterThan(2 * 3600 - 60);
    expect(claims.exp - nowS()).toBeLessThanOrEqual(2 * 3600);

    const expired = await signJwt({ ref, upload: `docs/${path}`, upsert: false, owner: alice, exp: nowS() - 5 }, keys.secret);
    expect((await anon().from('docs').uploadToSignedUrl(path, expired, 'late')).error).toMatchObject({ status: 400, message: 'The signed URL has expired' });
    const forged = await signJwt({ ref, upload: `docs/${path}`, upsert: false, owner: alice, exp: nowS() + 60 }, 'not-the-project-secret');
    expect((await anon().from('docs').uploadToSignedUrl(path, forged, 'x')).error).toMatchObject({ status: 400 });
    // A signed download's token, and the project's anon key, are no upload tokens; an upload token downloads nothing.
    expect((await as(alice).from('docs').upload(`${alice}/su/d.txt`, 'd')).error).toBeNull();
    const download = await as(alice).from('docs').createSignedUrl(`${alice}/su/d.txt`, 60);
    const downloadToken = new URL(download.data!.signedUrl).searchParams.get('token')!;
    expect((await anon().from('docs').uploadToSignedUrl(`${alice}/su/d.txt`, downloadToken, 'x')).error).toMatchObject({ status: 400 });
    expect((await anon().from('docs').uploadToSignedUrl(path, keys.anon, 'x')).error).toMatchObject({ status: 400 });
    const upToken = (await as(alice).from('docs').createSignedUploadUrl(`${alice}/su/d2.txt`)).data!.token;
    expect((await fetch(`${base}/storage/v1/object/sign/docs/${alice}/su/d2.txt?token=${upToken}`)).status).toBe(400);
    expect((await call(`/object/upload/sign/docs/${path}`, { method: 'PUT', body: 'x', headers: { 'content-type': 'text/plain' } })).status).toBe(400);
    expect((await as(alice).from('docs').exists(path)).data).toBe(false);
  });
});

describe('listV2', () => {
  it('pages by cursor, folds folders apart from objects, and shows what the select policy allows', async () => {
    const docs = as(alice).from('docs');
    for (const n of ['a.txt', 'b/1.txt', 'b/2.txt', 'c.txt', 'd/x/y.txt']) expect((await docs.upload(`${alice}/v2/${n}`, n)).error).toBeNull();
    expect((await as(bob).from('docs').upload(`${bob}/v2/bob.txt`, 'bob')).error).toBeNull();
    const prefix = `${alice}/v2/`;

    const first = await docs.listV2({ prefix, with_delimiter: true, limit: 2 });
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ hasNext: true, nextCursor: expect.any(String) });
    expect(first.data!.objects.map((o) => o.name)).toEqual([`${prefix}a.txt`]);
    expect(first.data!.folders).toEqual([{ name: `${prefix}b/`, key: `${prefix}b/` }]);
    expect(first.data!.objects[0]).toMatchObject({ id: expect.any(String), metadata: expect.objectContaining({ size: 5 }) });
    const second = await docs.listV2({ prefix, with_delimiter: true, limit: 2, cursor: first.data!.nextCursor });
    expect(second.data?.objects.map((o) => o.name)).toEqual([`${prefix}c.txt`]);
    expect(second.data?.folders.map((f) => f.name)).toEqual([`${prefix}d/`]);
    expect(second.data?.hasNext).toBe(false);

    const flat = await docs.listV2({ prefix, limit: 3 });
    expect(flat.data?.folders).toEqual([]);
    expect(flat.data?.objects.map((o) => o.name)).toEqual(['a.txt', 'b/1.txt', 'b/2.txt'].map((n) => prefix + n));
    const rest = await docs.listV2({ prefix, limit: 3, cursor: flat.data!.nextCursor });
    expect(rest.data?.objects.map((o) => o.name)).toEqual(['c.txt', 'd/x/y.txt'].map((n) => prefix + n));
    const desc = await docs.listV2({ prefix, with_delimiter: true, sortBy: { column: 'name', order: 'desc' } });
    expect(desc.data?.folders.map((f) => f.name)).toEqual(['d/', 'b/'].map((n) => prefix + n));
    expect(desc.data?.objects.map((o) => o.name)).toEqual(['c.txt', 'a.txt'].map((n) => prefix + n));
    const descPage = await docs.listV2({ prefix, with_delimiter: true, limit: 1, sortBy: { column: 'name', order: 'desc' } });
    const descNext = await docs.listV2({ prefix, with_delimiter: true, limit: 1, cursor: descPage.data!.nextCursor, sortBy: { column: 'name', order: 'desc' } });
    expect([descPage.data?.folders[0]?.name, descNext.data?.objects[0]?.name]).toEqual([`${prefix}d/`, `${prefix}c.txt`]);

    expect((await as(bob).from('docs').listV2({ prefix })).data).toMatchObject({ objects: [], folders: [], hasNext: false });
    expect((await anon().from('docs').listV2({ prefix: '', with_delimiter: true })).data).toMatchObject({ objects: [], folders: [] });
    const all = await service().from('docs').listV2({ prefix: '', with_delimiter: true });
    expect(all.data?.folders.map((f) => f.name)).toEqual(expect.arrayContaining([`${alice}/`, `${bob}/`]));
    expect((await docs.listV2({ prefix, cursor: 'not a cursor' })).error).toMatchObject({ status: 400 });
  });

  it('orders by created_at or updated_at page by page, a folder dated by its newest object', async () => {
    const docs = as(alice).from('docs');
    const prefix = `${alice}/dates/`;
    for (const n of ['old.txt', 'f/inner.txt', 'new.txt']) expect((await docs.upload(prefix + n, n)).error).toBeNull();
    // Written again: its updated_at is now the newest, its created_at stays the oldest.
    expect((await docs.upload(`${prefix}old.txt`, 'changed', { upsert: true })).error).toBeNull();

    /** Every entry's key, one page of one entry at a time, in the order the pages give. */
    const walk = async (column: 'created_at' | 'updated_at', order: 'asc' | 'desc') => {
      const keys: string[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 10; page += 1) {
        const { data, error } = await docs.listV2({ prefix, with_delimiter: true, limit: 1, cursor, sortBy: { column, order } });
        expect(error).toBeNull();
        keys.push(...data!.folders.map((f) => f.key!), ...data!.objects.map((o) => o.key!));
        if (!data!.hasNext) return keys.map((k) => k.slice(prefix.length));
        cursor = data!.nextCursor;
      }
      throw new Error('the pages never ended');
    };
    expect(await walk('created_at', 'asc')).toEqual(['old.txt', 'f/', 'new.txt']);
    expect(await walk('created_at', 'desc')).toEqual(['new.txt', 'f/', 'old.txt']);
    expect(await walk('updated_at', 'desc')).toEqual(['old.txt', 'new.txt', 'f/']);
    const whole = await docs.listV2({ prefix, sortBy: { column: 'updated_at', order: 'asc' } });
    expect(whole.data?.objects.map((o) => o.name)).toEqual(['f/inner.txt', 'new.txt', 'old.txt'].map((n) => prefix + n));
    expect(whole.data?.objects.every((o) => typeof o.updated_at === 'string' && typeof o.created_at === 'string')).toBe(true);

    // A cursor says where a listing in one order ended: another order refuses it.
    const byName = await docs.listV2({ prefix, limit: 1 });
    const byDate = await docs.listV2({ prefix, limit: 1, sortBy: { column: 'created_at' } });
    expect((await docs.listV2({ prefix, limit: 1, cursor: byName.data!.nextCursor, sortBy: { column: 'created_at' } })).error).toMatchObject({ status: 400 });
    expect((await docs.listV2({ prefix, limit: 1, cursor: byDate.data!.nextCursor })).error).toMatchObject({ status: 400 });
    const badColumn = await call(`/object/list-v2/docs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ prefix, sortBy: { column: 'size' } }) });
    expect(badColumn.status).toBe(400);
    expect(JSON.stringify(await badColumn.json())).toContain('sortBy.column: one of name, created_at, updated_at');
    // The date order reads as the caller too: bob sees none of alice's names.
    expect((await as(bob).from('docs').listV2({ prefix, sortBy: { column: 'created_at', order: 'desc' } })).data).toMatchObject({ objects: [], folders: [] });
  });
});

describe('move and copy across buckets', () => {
  it('follow the policies of both buckets', async () => {
    const docs = as(alice).from('docs');
    expect((await docs.upload(`${alice}/mv/a.txt`, 'travels', { metadata: { tag: 'keep' } })).error).toBeNull();
    expect((await as(bob).from('docs').move(`${alice}/mv/a.txt`, `${bob}/a.txt`, { destinationBucket: 'archive' })).error).toMatchObject({ status: 404 });
    expect((await docs.move(`${alice}/mv/a.txt`, `${bob}/a.txt`, { destinationBucket: 'archive' })).error).toMatchObject({ status: 403 });
    expect((await docs.move(`${alice}/mv/a.txt`, `${alice}/a.txt`, { destinationBucket: 'locked' })).error).toMatchObject({ status: 403 });
    expect((await docs.exists(`${alice}/mv/a.txt`)).data).toBe(true);

    expect((await docs.move(`${alice}/mv/a.txt`, `${alice}/moved.txt`, { destinationBucket: 'archive' })).data).toEqual({ message: 'Successfully moved' });
    expect((await docs.exists(`${alice}/mv/a.txt`)).data).toBe(false);
    const archive = as(alice).from('archive');
    expect(await (await archive.download(`${alice}/moved.txt`)).data?.text()).toBe('travels');
    expect((await archive.info(`${alice}/moved.txt`)).data?.metadata).toEqual({ tag: 'keep' });

    expect((await archive.copy(`${alice}/moved.txt`, `${alice}/back.txt`, { destinationBucket: 'docs' })).data).toEqual({ path: `docs/${alice}/back.txt` });
    expect(await (await docs.download(`${alice}/back.txt`)).data?.text()).toBe('travels');
    expect((await docs.info(`${alice}/back.txt`)).data?.metadata).toEqual({ tag: 'keep' });
    expect((await archive.copy(`${alice}/moved.txt`, `${alice}/x.txt`, { destinationBucket: 'locked' })).error).toMatchObject({ status: 403 });
    expect((await as(bob).from('archive').copy(`${alice}/moved.txt`, `${bob}/x.txt`, { destinationBucket: 'docs' })).error).toMatchObject({ status: 404 });
    expect((await archive.move(`${alice}/moved.txt`, `${alice}/back.txt`, { destinationBucket: 'docs' })).error).toMatchObject({ status: 409 });

    // service_role moves anywhere; the destination's MIME types still apply.
    expect((await service().from('archive').move(`${alice}/moved.txt`, 'service.txt', { destinationBucket: 'locked' })).error).toBeNull();
    expect((await service().from('locked').move('service.txt', 'x.txt', { destinationBucket: 'images-only' })).error).toMatchObject({ status: 415 });
    expect(await (await service().from('locked').download('service.txt')).data?.text()).toBe('travels');
  });
});

describe('object info, exists, metadata and how bytes are served', () => {
  it('keeps the metadata and cache control of the upload and answers them in info()', async () => {
    const docs = as(alice).from('docs');
    const path = `${alice}/info/report.txt`;
    expect((await docs.upload(path, 'quarterly', { contentType: 'text/plain', cacheControl: '120', metadata: { team: 'ops', n: 3 } })).error).toBeNull();
    const info = await docs.info(path);
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({
      id: expect.any(String),
      version: expect.any(String),
      name: path,
      bucketId: 'docs',
      size: 9,
      contentType: 'text/plain',
      cacheControl: 'max-age=120',
      etag: expect.stringMatching(/^".+"$/),
      metadata: { team: 'ops', n: 3 },
      createdAt: expect.any(String),
      lastModified: expect.any(String),
    });
    // A Blob goes as a multipart form, its metadata as a field.
    const blob = new Blob(['{"a":1}'], { type: 'application/json' });
    expect((await docs.upload(`${alice}/info/data.json`, blob, { metadata: { from: 'form' } })).error).toBeNull();
    expect((await docs.info(`${alice}/info/data.json`)).data).toMatchObject({ contentType: 'application/json', metadata: { from: 'form' } });
    // A replacement keeps none of the old metadata.
    expect((await docs.upload(path, 'replaced', { upsert: true, contentType: 'text/plain' })).error).toBeNull();
    expect((await docs.info(path)).data?.metadata).toBeNull();
    expect((await docs.upload(`${alice}/info/bad.txt`, 'x', { headers: { 'x-metadata': '%%%' } })).error).toMatchObject({ status: 400, message: expect.stringContaining('metadata') });
  });

  it('exists() is true for what the caller may read, false otherwise; HEAD answers the headers alone', async () => {
    const path = `${alice}/info/here.txt`;
    expect((await as(alice).from('docs').upload(path, 'here')).error).toBeNull();
    expect((await as(alice).from('docs').exists(path)).data).toBe(true);
    expect((await as(alice).from('docs').exists(`${alice}/info/nowhere.txt`)).data).toBe(false);
    expect((await as(bob).from('docs').exists(path)).data).toBe(false);
    expect((await anon().from('docs').exists(path)).data).toBe(false);
    expect((await service().from('docs').exists(path)).data).toBe(true);

    const head = await call(`/object/authenticated/docs/${path}`, { method: 'HEAD' }, tokens.get(alice));
    expect([head.status, head.headers.get('content-length'), await head.text()]).toEqual([200, '4', '']);
    expect((await call(`/object/authenticated/docs/${path}`, { method: 'HEAD' }, tokens.get(bob))).status).toBe(404);
  });

  it('serves cache control, a chosen download name, and text as UTF-8', async () => {
    const docs = as(alice).from('docs');
    expect((await docs.upload(`${alice}/serve/t.csv`, 'a,b\n1,2', { contentType: 'text/csv', cacheControl: '45' })).error).toBeNull();
    const res = await call(`/object/authenticated/docs/${alice}/serve/t.csv`, {}, tokens.get(alice));
    expect([res.status, res.headers.get('content-type'), res.headers.get('cache-control')]).toEqual([200, 'text/csv; charset=utf-8', 'max-age=45']);
    const named = await call(`/object/authenticated/docs/${alice}/serve/t.csv?download=${encodeURIComponent('Q3 report.csv')}`, {}, tokens.get(alice));
    expect(named.headers.get('content-disposition')).toBe('attachment; filename="Q3 report.csv"');
    const signed = await docs.createSignedUrl(`${alice}/serve/t.csv`, 60, { download: 'sheet.csv' });
    expect((await fetch(signed.data!.signedUrl)).headers.get('content-disposition')).toBe('attachment; filename="sheet.csv"');
  });
});

describe('image transformation', () => {
  it('resizes, converts and caches public images, and a new upload is transformed anew', async () => {
    const photos = service().from('photos');
    expect((await photos.upload('cat.jpg', await jpeg(400, 300), { contentType: 'image/jpeg' })).error).toBeNull();
    const url = (transform: Record<string, unknown>) => photos.getPublicUrl('cat.jpg', { transform }).data.publicUrl;
    const get = async (transform: Record<string, unknown>, init?: RequestInit) => {
      const res = await fetch(url(transform), init);
      return { res, size: res.status === 200 ? await sizeOf(await res.arrayBuffer()) : null };
    };

    const cover = await get({ width: 100, height: 100 });
    expect([cover.res.status, cover.res.headers.get('content-type'), cover.res.headers.get('x-transformation-cache')]).toEqual([200, 'image/jpeg', 'miss']);
    expect(cover.size).toEqual({ width: 100, height: 100, format: 'jpeg' });
    expect((await get({ width: 100, height: 100 })).res.headers.get('x-transformation-cache')).toBe('hit');
    expect((await get({ width: 100, height: 100, resize: 'contain' })).size).toEqual({ width: 100, height: 75, format: 'jpeg' });
    expect((await get({ width: 100, height: 100, resize: 'fill' })).size).toEqual({ width: 100, height: 100, format: 'jpeg' });
    expect((await get({ width: 200 })).size).toEqual({ width: 200, height: 150, format: 'jpeg' });
    const webp = await get({ width: 120, format: 'webp', quality: 50 });
    expect([webp.res.headers.get('content-type'), webp.size]).toEqual(['image/webp', { width: 120, height: 90, format: 'webp' }]);
    const avif = await get({ height: 60, format: 'avif' });
    expect([avif.res.headers.get('content-type'), avif.size?.width, avif.size?.height]).toEqual(['image/avif', 80, 60]);
    const negotiated = await get({ width: 40 }, { headers: { accept: 'image/webp,*/*' } });
    expect([negotiated.res.headers.get('content-type'), negotiated.res.headers.get('vary')]).toEqual(['image/webp', 'Accept']);

    expect((await photos.upload('cat.jpg', await jpeg(200, 200, '#cc3333'), { contentType: 'image/jpeg', upsert: true })).error).toBeNull();
    const after = await get({ width: 100, height: 100, resize: 'contain' });
    expect([after.res.headers.get('x-transformation-cache'), after.size]).toEqual(['miss', { width: 100, height: 100, format: 'jpeg' }]);
  });

  it('applies the download checks: the select policy, a signed URL’s token, a public bucket', async () => {
    const path = `${alice}/img/me.jpg`;
    expect((await as(alice).from('docs').upload(path, await jpeg(300, 300), { contentType: 'image/jpeg' })).error).toBeNull();
    const mine = await as(alice).from('docs').download(path, { transform: { width: 50, height: 50 } });
    expect(mine.error).toBeNull();
    expect(await sizeOf(await mine.data!.arrayBuffer())).toMatchObject({ width: 50, height: 50 });
    expect((await as(bob).from('docs').download(path, { transform: { width: 50 } })).error).toMatchObject({ status: 404 });
    expect((await anon().from('docs').download(path, { transform: { width: 50 } })).error).toMatchObject({ status: 404 });
    expect((await fetch(`${base}/storage/v1/render/image/public/docs/${path}?width=50`)).status).toBe(400);

    const signed = await as(alice).from('docs').createSignedUrl(path, 60, { transform: { width: 64, height: 32, resize: 'fill' } });
    expect(signed.data!.signedUrl.startsWith(`${base}/storage/v1/render/image/sign/docs/`)).toBe(true);
    const viaToken = await fetch(signed.data!.signedUrl);
    expect(viaToken.status).toBe(200);
    expect(await sizeOf(await viaToken.arrayBuffer())).toMatchObject({ width: 64, height: 32 });
    // A plain signed download's token does not carry transformations: it is no render token.
    const plain = new URL((await as(alice).from('docs').createSignedUrl(path, 60)).data!.signedUrl).searchParams.get('token');
    expect((await fetch(`${base}/storage/v1/render/image/sign/docs/${path}?token=${plain}&width=2000`)).status).toBe(400);
    expect((await as(bob).from('docs').createSignedUrl(path, 60, { transform: { width: 10 } })).error).toMatchObject({ status: 404 });
  });

  it('is bounded, and refuses what is not an image, naming why', async () => {
    const photos = service().from('photos');
    expect((await photos.upload('note.txt', 'not an image', { contentType: 'text/plain' })).error).toBeNull();
    expect((await photos.upload('fake.png', 'not a png at all', { contentType: 'image/png' })).error).toBeNull();
    const ask = async (p: string) => {
      const res = await fetch(`${base}/storage/v1/render/image/public/photos/${p}`);
      return { status: res.status, body: (await res.json()) as { statusCode: string; message: string } };
    };
    expect(await ask('cat.jpg?width=3000')).toMatchObject({ status: 400, body: { statusCode: '400', message: expect.stringContaining('width must be at most 2500 pixels') } });
    expect(await ask('cat.jpg?quality=5')).toMatchObject({ status: 400, body: { message: expect.stringContaining('quality') } });
    expect(await ask('cat.jpg?resize=stretch')).toMatchObject({ status: 400, body: { message: expect.stringContaining('resize') } });
    expect(await ask('note.txt?width=10')).toMatchObject({ status: 422, body: { message: expect.stringContaining('note.txt is text/plain') } });
    expect(await ask('fake.png?width=10')).toMatchObject({ status: 422, body: { message: 'The object is not an image that can be transformed' } });
    // A tall image asked for by width alone stays within 2,500 pixels a side.
    expect((await photos.upload('tall.jpg', await jpeg(100, 1000), { contentType: 'image/jpeg' })).error).toBeNull();
    const tall = await fetch(photos.getPublicUrl('tall.jpg', { transform: { width: 1000 } }).data.publicUrl);
    expect(await sizeOf(await tall.arrayBuffer())).toMatchObject({ width: 250, height: 2500 });
  });
});

describe('bucket size limits', () => {
  it('are read as Supabase reads them: decimal units, or bytes', async () => {
    const cases: [string | number, number][] = [['20mb', 20_000_000], ['1GB', 1_000_000_000], ['1.5kb', 1500], ['500 KB', 500_000], ['2048', 2048], [4096, 4096]];
    for (const [i, [limit, bytes]] of cases.entries()) {
      expect((await service().createBucket(`sized-${i}`, { public: false, fileSizeLimit: limit })).error).toBeNull();
      expect((await service().getBucket(`sized-${i}`)).data?.file_size_limit).toBe(bytes);
    }
    const bad = await service().createBucket('sized-bad', { public: false, fileSizeLimit: '20 megs' });
    expect(bad.error).toMatchObject({ status: 400, message: expect.stringContaining('units b, kb, mb, gb, tb') });
    expect((await service().updateBucket('sized-0', { public: false, fileSizeLimit: '1kb' })).error).toBeNull();
    expect((await service().from('sized-0').upload('big.bin', new Uint8Array(1001))).error).toMatchObject({ status: 413 });
    expect((await service().from('sized-0').upload('ok.bin', new Uint8Array(1000))).error).toBeNull();
  });
});
