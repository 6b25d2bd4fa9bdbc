import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { createTestHarness, type TestHarness } from '@plinth/platform-api/testing';
import { signJwt } from '@plinth/platform-core/jwt';
import { ensureStorageSchema } from '../storage-engine/schema';
import { projectApiRequestRecorders, type ProjectApiRequestRecord } from '../caller';
import { listen } from '../auth/testing';

// The storage service against the unmodified supabase-js client, over a real socket, on both databases.

let h: TestHarness;
let base: string;
let ref: string;
let keys: { anon: string; service: string; secret: string };
let otherAnon: string;
const alice = randomUUID();
const bob = randomUUID();
const records: ProjectApiRequestRecord[] = [];
const record = (r: ProjectApiRequestRecord) => void records.push(r);

// Users write, read, replace and delete only under a folder named by their own id; anyone reads 'pics'.
const POLICIES = `
create policy own_insert on storage.objects for insert to authenticated with check (bucket_id = 'docs' and (storage.foldername(name))[1] = auth.uid()::text);
create policy own_select on storage.objects for select to authenticated using (bucket_id = 'docs' and (storage.foldername(name))[1] = auth.uid()::text);
create policy own_update on storage.objects for update to authenticated using (bucket_id = 'docs' and (storage.foldername(name))[1] = auth.uid()::text);
create policy own_delete on storage.objects for delete to authenticated using (bucket_id = 'docs' and (storage.foldername(name))[1] = auth.uid()::text);
create policy pics_read on storage.objects for select to anon, authenticated using (bucket_id = 'pics');
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
/** Alice's and Bob's access tokens, signed in beforeAll. */
const userTokens = new Map<string, string>();
const userToken = (sub: string) => signJwt({ sub, role: 'authenticated', aud: 'authenticated', ref, exp: Math.floor(Date.now() / 1000) + 600 }, keys.secret);
const as = (sub: string) => client(userTokens.get(sub)).storage;
const service = () => client(undefined, keys.service).storage;

async function projectKeys(projectRef: string) {
  const k = await h.internals.control.query<{ anon_key: string; service_role_key: string; jwt_secret: string }>('select anon_key, service_role_key, jwt_secret from projects where ref = $1', [projectRef]);
  return { anon: k.rows[0]!.anon_key, service: k.rows[0]!.service_role_key, secret: k.rows[0]!.jwt_secret };
}

beforeAll(async () => {
  projectApiRequestRecorders.push(record);
  h = await createTestHarness();
  ref = (await h.userWithProject()).project.ref;
  keys = await projectKeys(ref);
  for (const sub of [alice, bob]) userTokens.set(sub, await userToken(sub));
  otherAnon = (await projectKeys((await h.userWithProject()).project.ref)).anon;
  const db = await ensureStorageSchema(await h.internals.databases.get(ref));
  await db.exec(POLICIES);
  base = `${await listen(h)}/${ref}`;
  expect((await service().createBucket('docs', { public: false })).error).toBeNull();
  expect((await service().createBucket('pics', { public: true, fileSizeLimit: '1kb', allowedMimeTypes: ['image/*'] })).error).toBeNull();
}, 120_000);
afterAll(async () => {
  projectApiRequestRecorders.splice(projectApiRequestRecorders.indexOf(record), 1);
  await h?.close();
});

describe('buckets', () => {
  it('are created, read, updated, emptied and deleted with the service key', async () => {
    const s = service();
    expect((await s.createBucket('tmp', { public: false, fileSizeLimit: 2048 })).data).toEqual({ name: 'tmp' });
    expect((await s.getBucket('tmp')).data).toMatchObject({ id: 'tmp', public: false, file_size_limit: 2048 });
    expect((await s.updateBucket('tmp', { public: true, allowedMimeTypes: ['text/plain'] })).error).toBeNull();
    expect((await s.getBucket('tmp')).data).toMatchObject({ public: true, allowed_mime_types: ['text/plain'] });
    expect((await s.listBuckets()).data?.map((b) => b.id)).toEqual(['docs', 'pics', 'tmp']);
    expect((await s.from('tmp').upload('a.txt', 'x')).error).toBeNull();
    expect((await s.deleteBucket('tmp')).error).toMatchObject({ status: 409 });
    expect((await s.emptyBucket('tmp')).error).toBeNull();
    expect((await s.deleteBucket('tmp')).data).toEqual({ message: 'Successfully deleted' });
    expect((await s.getBucket('tmp')).error).toMatchObject({ status: 404, statusCode: '404' });
  });

  it('are refused with the anon key, and a bad bucket name is a 400 naming it', async () => {
    const anon = client().storage;
    expect((await anon.createBucket('mine')).error).toMatchObject({ status: 403, statusCode: '403' });
    expect((await anon.updateBucket('docs', { public: true })).error).toMatchObject({ status: 403 });
    expect((await anon.deleteBucket('docs')).error).toMatchObject({ status: 403 });
    expect((await anon.emptyBucket('docs')).error).toMatchObject({ status: 403 });
    const bad = await service().createBucket('Not Valid');
    expect(bad.error).toMatchObject({ status: 400 });
    expect(bad.error?.message).toContain('name');
    expect((await service().getBucket('docs')).data).toMatchObject({ public: false });
  });

  it('refuses another project’s key', async () => {
    const res = await client(undefined, otherAnon).storage.from('pics').list();
    expect(res.error).toMatchObject({ status: 401, statusCode: '401' });
    const up = await client(undefined, otherAnon).storage.from('docs').upload(`${alice}/x.txt`, 'x');
    expect(up.error).toMatchObject({ status: 401 });
  });
});

describe('objects under storage policies', () => {
  it('lets a user upload and download under their own folder only', async () => {
    const up = await as(alice).from('docs').upload(`${alice}/notes/hello.txt`, 'hello alice', { contentType: 'text/plain' });
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path: `${alice}/notes/hello.txt`, fullPath: `docs/${alice}/notes/hello.txt` });
    const got = await as(alice).from('docs').download(`${alice}/notes/hello.txt`);
    expect(await got.data?.text()).toBe('hello alice');
    // text/plain is served with its charset (domains/storage/serving.ts).
    expect(got.data?.type).toBe('text/plain;charset=utf-8');

    const intrude = await as(bob).from('docs').upload(`${alice}/evil.txt`, 'bob was here');
    expect(intrude.error).toMatchObject({ status: 403, statusCode: '403' });
    expect((await as(bob).from('docs').download(`${alice}/notes/hello.txt`)).error).toMatchObject({ status: 404 });
    expect((await client().storage.from('docs').upload('anon.txt', 'x')).error).toMatchObject({ status: 403 });
    expect((await service().from('docs').list(alice)).data?.map((o) => o.name)).toEqual(['notes']);
  });

  it('replaces an object only on upsert, under the update policy', async () => {
    const path = `${alice}/upsert.txt`;
    expect((await as(alice).from('docs').upload(path, 'one')).error).toBeNull();
    expect((await as(alice).from('docs').upload(path, 'two')).error).toMatchObject({ status: 409 });
    expect((await as(alice).from('docs').upload(path, 'three', { upsert: true })).error).toBeNull();
    expect(await (await as(alice).from('docs').download(path)).data?.text()).toBe('three');
    expect((await as(alice).from('docs').update(path, 'four')).error).toBeNull();
    expect(await (await as(alice).from('docs').download(path)).data?.text()).toBe('four');
  });

  it('lets only a caller the update policy allows take over an abandoned upload', async () => {
    const db = await h.internals.databases.get(ref);
    await db.query(`insert into storage.objects (bucket_id, name, metadata) values ('docs', $1, null)`, [`${alice}/left.txt`]);
    expect((await as(bob).from('docs').upload(`${alice}/left.txt`, 'bob')).error).toMatchObject({ status: 403 });
    expect((await as(alice).from('docs').upload(`${alice}/left.txt`, 'alice')).error).toBeNull();
    expect(await (await as(alice).from('docs').download(`${alice}/left.txt`)).data?.text()).toBe('alice');
  });

  it('takes a multipart form as storage-js sends a Blob', async () => {
    const blob = new Blob(['{"a":1}'], { type: 'application/json' });
    expect((await as(alice).from('docs').upload(`${alice}/data.json`, blob, { cacheControl: '60' })).error).toBeNull();
    const info = await service().from('docs').info(`${alice}/data.json`);
    expect(info.data).toMatchObject({ contentType: 'application/json', cacheControl: 'max-age=60', size: 7 });
    const got = await as(alice).from('docs').download(`${alice}/data.json`);
    expect(await got.data?.text()).toBe('{"a":1}');
  });

  it('lists what the select policy shows, with prefix, search, limit and sort', async () => {
    const docs = as(alice).from('docs');
    for (const n of ['b.txt', 'a.txt', 'c.md']) expect((await docs.upload(`${alice}/list/${n}`, n)).error).toBeNull();
    expect((await docs.list(`${alice}/list`)).data?.map((o) => o.name)).toEqual(['a.txt', 'b.txt', 'c.md']);
    expect((await docs.list(`${alice}/list`, { limit: 2, offset: 1, sortBy: { column: 'name', order: 'desc' } })).data?.map((o) => o.name)).toEqual(['b.txt', 'a.txt']);
    expect((await docs.list(`${alice}/list`, { search: 'c' })).data?.map((o) => o.name)).toEqual(['c.md']);
    expect((await as(bob).from('docs').list(`${alice}/list`)).data).toEqual([]);
    expect((await as(bob).from('docs').list()).data).toEqual([]);
  });

  it('pages past 200 entries of a folder by limit and offset, each entry exactly once in the keyset order', async () => {
    const db = await h.internals.databases.get(ref);
    const files = Array.from({ length: 250 }, (_, i) => ({ name: `f-${String(i).padStart(3, '0')}`, minute: (i * 7) % 11 }));
    await db.query(
      `insert into storage.objects (bucket_id, name, metadata, created_at)
       select 'docs', $1 || n, '{"size":1,"mimetype":"text/plain"}'::jsonb, timestamptz '2026-01-01' + make_interval(mins => m)
       from unnest($2::text[], $3::int[]) as t(n, m)`,
      [`${alice}/many/`, [...files.map((f) => f.name), 'sub-a/x', 'sub-b/y'], [...files.map((f) => f.minute), 0, 0]],
    );
    const docs = as(alice).from('docs');
    const pages = async (sortBy: { column: string; order: string }) => {
      const names: string[] = [];
      for (let offset = 0; offset < 400; offset += 100) {
        const { data, error } = await docs.list(`${alice}/many`, { limit: 100, offset, sortBy });
        expect(error).toBeNull();
        names.push(...data!.map((o) => o.name));
      }
      return names;
    };
    const byName = files.map((f) => f.name);
    expect(await pages({ column: 'name', order: 'asc' })).toEqual(['sub-a', 'sub-b', ...byName]);
    const newest = [...files].sort((a, b) => b.minute - a.minute || (a.name < b.name ? 1 : -1)).map((f) => f.name);
    expect(await pages({ column: 'created_at', order: 'desc' })).toEqual(['sub-b', 'sub-a', ...newest]);
    const page3 = await docs.list(`${alice}/many`, { limit: 30, offset: 215, sortBy: { column: 'name', order: 'asc' } });
    expect(page3.data?.map((o) => o.name)).toEqual(byName.slice(213, 243));
    expect((await as(bob).from('docs').list(`${alice}/many`, { limit: 100, offset: 200 })).data).toEqual([]);
  });

  it('moves, copies and removes under the policies', async () => {
    const docs = as(alice).from('docs');
    expect((await docs.upload(`${alice}/m/one.txt`, 'moving')).error).toBeNull();
    expect((await as(bob).from('docs').move(`${alice}/m/one.txt`, `${bob}/stolen.txt`)).error).toMatchObject({ status: 404 });
    expect((await docs.move(`${alice}/m/one.txt`, `${alice}/m/two.txt`)).error).toBeNull();
    expect((await docs.download(`${alice}/m/one.txt`)).error).toMatchObject({ status: 404 });
    expect(await (await docs.download(`${alice}/m/two.txt`)).data?.text()).toBe('moving');

    expect((await docs.copy(`${alice}/m/two.txt`, `${alice}/m/three.txt`)).data).toEqual({ path: `docs/${alice}/m/three.txt` });
    expect(await (await docs.download(`${alice}/m/three.txt`)).data?.text()).toBe('moving');
    expect((await docs.copy(`${alice}/m/two.txt`, `${bob}/copy.txt`)).error).toMatchObject({ status: 403 });

    expect((await as(bob).from('docs').remove([`${alice}/m/two.txt`])).data).toEqual([]);
    const removed = await docs.remove([`${alice}/m/two.txt`, `${alice}/m/three.txt`]);
    expect(removed.data?.map((o) => o.name).sort()).toEqual([`${alice}/m/three.txt`, `${alice}/m/two.txt`]);
    expect((await docs.list(`${alice}/m`)).data).toEqual([]);
  });

  it('signs URLs for objects the caller may read, and the URLs serve the bytes', async () => {
    const docs = as(alice).from('docs');
    expect((await docs.upload(`${alice}/signed me.txt`, 'signed bytes', { contentType: 'text/plain' })).error).toBeNull();
    const signed = await docs.createSignedUrl(`${alice}/signed me.txt`, 60);
    expect(signed.error).toBeNull();
    expect(signed.data!.signedUrl.startsWith(`${base}/storage/v1/object/sign/docs/`)).toBe(true);
    const res = await fetch(signed.data!.signedUrl);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('signed bytes');
    const tampered = await fetch(signed.data!.signedUrl.replace('signed%20me', 'other'));
    expect(tampered.status).toBe(400);
    expect((await as(bob).from('docs').createSignedUrl(`${alice}/signed me.txt`, 60)).error).toMatchObject({ status: 404 });

    const many = await docs.createSignedUrls([`${alice}/signed me.txt`, `${alice}/missing.txt`], 60);
    expect(many.data?.map((d) => d.error)).toEqual([null, 'Either the object does not exist or you do not have access to it']);
    expect(await (await fetch(many.data![0]!.signedUrl!)).text()).toBe('signed bytes');
  });
});

describe('bucket limits and public URLs', () => {
  it('refuses a MIME type or a size over the bucket limit, and serves a public bucket’s URL', async () => {
    const pics = service().from('pics');
    const wrongType = await pics.upload('doc.txt', 'text', { contentType: 'text/plain' });
    expect(wrongType.error).toMatchObject({ status: 415 });
    const tooBig = await pics.upload('big.png', new Uint8Array(2048), { contentType: 'image/png' });
    expect(tooBig.error).toMatchObject({ status: 413, statusCode: '413' });
    expect((await pics.list()).data).toEqual([]);

    expect((await pics.upload('dot.png', new Uint8Array([137, 80, 78, 71]), { contentType: 'image/png' })).error).toBeNull();
    const { data } = client().storage.from('pics').getPublicUrl('dot.png');
    const res = await fetch(data.publicUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array([137, 80, 78, 71]));
    expect(records.some((r) => r.ref === ref && r.service === 'storage' && r.path === '/object/pics/dot.png' && r.role === 'service_role')).toBe(true);
  });
});

describe('bad requests', () => {
  const call = (path: string, init: RequestInit = {}, key = keys.service) =>
    fetch(`${base}/storage/v1${path}`, { ...init, headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json', ...init.headers } });

  it('answers them in storage-js’s shape, naming what is wrong, never a 500', async () => {
    const cases: [string, RequestInit, number, string][] = [
      ['/object/list/docs', { method: 'POST', body: '{"prefix":' }, 400, 'JSON'],
      ['/object/list/docs', { method: 'POST', body: JSON.stringify({ sortBy: { column: 'size' } }) }, 400, 'sortBy'],
      ['/object/list/Bad_Bucket', { method: 'POST', body: '{}' }, 400, 'bucket'],
      ['/object/list/nope', { method: 'POST', body: '{}' }, 404, 'nope'],
      [`/object/docs/${'x'.repeat(300)}`, { method: 'POST', body: 'x', headers: { 'content-type': 'text/plain' } }, 400, '*'],
      ['/object/sign/docs/a.txt', { method: 'POST', body: JSON.stringify({ expiresIn: 'soon' }) }, 400, 'expiresIn'],
      ['/object/sign/docs/a.txt?token=garbage', {}, 400, 'signed URL is invalid'],
      ['/object/move', { method: 'POST', body: JSON.stringify({ bucketId: 'docs', sourceKey: 'a', destinationKey: 'b', destinationBucket: 'Not A Bucket' }) }, 400, 'destinationBucket'],
    ];
    for (const [path, init, status, word] of cases) {
      const res = await call(path, init);
      const body = (await res.json()) as Record<string, unknown>;
      expect({ path, status: res.status }).toEqual({ path, status });
      expect(body).toMatchObject({ statusCode: String(status), error: expect.any(String) });
      expect(String(body.message)).toContain(word);
    }
    const noKey = await fetch(`${base}/storage/v1/bucket`);
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ statusCode: '401', message: 'No API key found in request' });
    const unknown = await fetch(`${base.replace(ref, 'zzzzzzzzzzzzzzzzzzzz')}/storage/v1/bucket`, { headers: { apikey: keys.anon } });
    expect(unknown.status).toBe(404);
    const malformed = await fetch(`${base.replace(ref, 'nosuchproject')}/storage/v1/bucket`, { headers: { apikey: keys.anon } });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ statusCode: '400', message: expect.stringContaining('A project ref is 20 lowercase letters') });
  });
});

describe('content a browser could run', () => {
  it('download() answers HTML and SVG as their bytes, while their links are sandboxed attachments; ?download asks for one', async () => {
    expect((await service().createBucket('web', { public: true })).error).toBeNull();
    const web = service().from('web');
    const html = '<!doctype html><script>alert(1)</script>';
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    expect((await web.upload('page.html', html, { contentType: 'text/html' })).error).toBeNull();
    expect((await web.upload('logo.svg', svg, { contentType: 'image/svg+xml' })).error).toBeNull();
    expect((await web.upload('dot.png', new Uint8Array([137, 80, 78, 71]), { contentType: 'image/png' })).error).toBeNull();

    expect(await (await web.download('page.html')).data?.text()).toBe(html);
    expect(await (await web.download('logo.svg')).data?.text()).toBe(svg);
    for (const name of ['page.html', 'logo.svg']) {
      const res = await fetch(web.getPublicUrl(name).data.publicUrl);
      expect([name, res.status, res.headers.get('content-disposition'), res.headers.get('x-content-type-options')]).toEqual([name, 200, `attachment; filename="${name}"`, 'nosniff']);
      expect(res.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
      const signed = await web.createSignedUrl(name, 60);
      const viaSigned = await fetch(signed.data!.signedUrl);
      expect([name, viaSigned.headers.get('content-disposition'), viaSigned.headers.get('content-security-policy')?.startsWith('sandbox')]).toEqual([name, `attachment; filename="${name}"`, true]);
    }
    const png = await fetch(web.getPublicUrl('dot.png').data.publicUrl);
    expect([png.headers.get('content-disposition'), png.headers.get('x-content-type-options')]).toEqual(['inline; filename="dot.png"', 'nosniff']);
    const asked = await fetch(web.getPublicUrl('dot.png', { download: 'mine.png' }).data.publicUrl);
    expect(asked.headers.get('content-disposition')).toBe('attachment; filename="mine.png"');
    const signedAsked = await fetch((await web.createSignedUrl('dot.png', 60, { download: true })).data!.signedUrl);
    expect(signedAsked.headers.get('content-disposition')).toBe('attachment; filename="dot.png"');
  });
});
