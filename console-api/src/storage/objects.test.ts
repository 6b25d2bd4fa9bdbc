import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageObject } from '@plinth/contracts-storage';
import { startProjectServer, type ProjectTestServer } from '@plinth/platform-api/testing/project-server';

let s: ProjectTestServer;
const url = (p: string) => `/api/platform/storage/${s.ref}/buckets${p}`;

beforeAll(async () => {
  s = await startProjectServer({ plan: 'pro' });
  for (const id of ['files', 'big', 'pics']) {
    await s.app.inject({ method: 'POST', url: url(''), headers: await s.as('Owner'), payload: { id, public: id === 'pics' } });
  }
}, 300_000);
afterAll(async () => s?.close());

async function upload(bucket: string, path: string, body: string | Buffer, contentType = 'text/plain', extra: Record<string, string> = {}) {
  return s.app.inject({ method: 'POST', url: url(`/${bucket}/objects/upload?path=${encodeURIComponent(path)}`), headers: { ...(await s.as('Developer')), 'content-type': contentType, ...extra }, payload: body });
}
async function list(bucket: string, body: Record<string, unknown>): Promise<StorageObject[]> {
  const res = await s.app.inject({ method: 'POST', url: url(`/${bucket}/objects/list`), headers: await s.as('Read-only'), payload: body });
  expect(res.statusCode).toBe(200);
  return res.json() as StorageObject[];
}
/** The project's service URL as the console shows it to a request injected at localhost. */
const projectBase = () => `http://127.0.0.1:${s.harness.internals.config.projectPort}/${s.ref}`;
function pathOf(full: string): string {
  const u = new URL(full);
  return u.pathname + u.search;
}

describe('files in a bucket', () => {
  it('uploads, lists folders first, downloads (counting egress), moves and deletes with the bytes', async () => {
    expect((await upload('files', 'docs/readme.md', '# hi', 'text/markdown')).statusCode).toBe(200);
    expect((await upload('files', 'docs/2024/report.txt', 'report')).statusCode).toBe(200);
    const top = await upload('files', 'top.txt', 'top!');
    const topId = (top.json() as StorageObject).id!;
    expect(top.json()).toMatchObject({ name: 'top.txt', metadata: { size: 4, mimetype: 'text/plain' } });

    const root = await list('files', { path: '' });
    expect(root.map((o) => [o.name, o.id === null])).toEqual([['docs', true], ['top.txt', false]]);
    const docs = await list('files', { path: 'docs/' });
    expect(docs.map((o) => o.name)).toEqual(['2024', 'readme.md']);

    const egressBefore = s.egress.get(s.ref);
    const dl = await s.app.inject({ method: 'POST', url: url('/files/objects/download'), headers: await s.as('Read-only'), payload: { path: 'docs/readme.md' } });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toContain('text/markdown');
    expect(dl.body).toBe('# hi');
    expect(s.egress.get(s.ref) - egressBefore).toBe(4);

    const mv = await s.app.inject({ method: 'POST', url: url('/files/objects/move'), headers: await s.as('Developer'), payload: { from: 'docs/readme.md', to: 'archive/readme.md' } });
    expect(mv.statusCode).toBe(200);
    expect((await list('files', { path: 'archive' })).map((o) => o.name)).toEqual(['readme.md']);
    const moved = await s.app.inject({ method: 'POST', url: url('/files/objects/download'), headers: await s.as('Read-only'), payload: { path: 'archive/readme.md' } });
    expect(moved.body).toBe('# hi');
    const clash = await s.app.inject({ method: 'POST', url: url('/files/objects/move'), headers: await s.as('Developer'), payload: { from: 'top.txt', to: 'archive/readme.md' } });
    expect(clash.statusCode).toBe(409);

    const del = await s.app.inject({ method: 'DELETE', url: url('/files/objects'), headers: await s.as('Developer'), payload: { paths: ['archive/readme.md', 'top.txt', 'not/there.txt'] } });
    expect((del.json() as StorageObject[]).map((o) => o.name).sort()).toEqual(['archive/readme.md', 'top.txt']);
    await expect(s.deps.objects.get(s.ref, topId)).rejects.toMatchObject({ status: 404 });
    const gone = await s.app.inject({ method: 'POST', url: url('/files/objects/download'), headers: await s.as('Read-only'), payload: { path: 'top.txt' } });
    expect(gone.statusCode).toBe(404);
  });

  it('refuses to overwrite without x-upsert and replaces with it', async () => {
    await upload('files', 'same.txt', 'one');
    const again = await upload('files', 'same.txt', 'two');
    expect(again.statusCode).toBe(409);
    const upsert = await upload('files', 'same.txt', 'three', 'text/plain', { 'x-upsert': 'true' });
    expect(upsert.statusCode).toBe(200);
    const dl = await s.app.inject({ method: 'POST', url: url('/files/objects/download'), headers: await s.as('Read-only'), payload: { path: 'same.txt' } });
    expect(dl.body).toBe('three');
  });

  it("enforces the bucket's size limit and mime types, leaving nothing behind", async () => {
    await s.app.inject({ method: 'PATCH', url: url('/pics'), headers: await s.as('Owner'), payload: { file_size_limit: 100, allowed_mime_types: ['image/*'] } });
    const before = await s.deps.objects.sizeUnder(`${s.ref}/`);
    const pdf = await upload('pics', 'doc.pdf', 'x', 'application/pdf');
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().message).toContain('application/pdf');
    const big = await upload('pics', 'big.png', Buffer.alloc(101), 'image/png');
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toContain('100 bytes');
    expect(await list('pics', { path: '' })).toEqual([]);
    expect(await s.deps.objects.sizeUnder(`${s.ref}/`)).toBe(before);
    expect((await upload('pics', 'ok.png', Buffer.alloc(100), 'image/png')).statusCode).toBe(200);
  });

  it('refuses bad paths and writes without permission', async () => {
    expect((await upload('files', '../escape.txt', 'x')).statusCode).toBe(400);
    expect((await upload('files', 'a//b.txt', 'x')).statusCode).toBe(400);
    const ro = await s.app.inject({ method: 'POST', url: url('/files/objects/upload?path=x.txt'), headers: { ...(await s.as('Read-only')), 'content-type': 'text/plain' }, payload: 'x' });
    expect(ro.statusCode).toBe(403);
    const noPaths = await s.app.inject({ method: 'DELETE', url: url('/files/objects'), headers: await s.as('Owner'), payload: { paths: [] } });
    expect(noPaths.statusCode).toBe(400);
    expect(noPaths.json().field).toBe('paths');
    const noBucket = await s.app.inject({ method: 'POST', url: url('/nope/objects/list'), headers: await s.as('Owner'), payload: {} });
    expect(noBucket.statusCode).toBe(404);
  });
});

describe('links', () => {
  it('serves a signed URL until it expires and refuses a tampered token', async () => {
    await upload('files', 'secret/plan.txt', 'the plan');
    // Three seconds: time enough for the checks below on a loaded machine, then the link expires.
    const signedAt = Date.now();
    const signed = await s.app.inject({ method: 'POST', url: url('/files/objects/sign'), headers: await s.as('Read-only'), payload: { path: 'secret/plan.txt', expiresIn: 3 } });
    expect(signed.statusCode).toBe(200);
    // An absolute link on the project's service URL (the console, seen at localhost, shows projects at 127.0.0.1), served by the project services alone.
    expect(signed.json().signedUrl.startsWith(`${projectBase()}/storage/v1/object/sign/files/`)).toBe(true);
    const link = pathOf(signed.json().signedUrl);
    expect((await s.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
    const got = await s.harness.services.inject({ method: 'GET', url: link });
    expect(got.statusCode).toBe(200);
    expect(got.body).toBe('the plan');
    const tampered = await s.harness.services.inject({ method: 'GET', url: link.replace('secret/plan.txt', 'same.txt') });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().message).toBe('The signed URL is invalid');
    const forged = await s.harness.services.inject({ method: 'GET', url: `${link.slice(0, -3)}abc` });
    expect(forged.statusCode).toBe(400);
    // Another token signed with the same secret (the project's anon key) is not a signed URL.
    const anonKey = (await s.deps.control.query<{ anon_key: string }>('select anon_key from projects where ref = $1', [s.ref])).rows[0]!.anon_key;
    const apiKeyAsToken = await s.harness.services.inject({ method: 'GET', url: `${link.split('?')[0]}?token=${anonKey}` });
    expect(apiKeyAsToken.statusCode).toBe(400);
    expect(apiKeyAsToken.json().message).toBe('The signed URL is invalid');
    await new Promise((r) => setTimeout(r, Math.max(0, signedAt + 3_100 - Date.now())));
    const expired = await s.harness.services.inject({ method: 'GET', url: link });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe('The signed URL has expired');
  });

  it('gives public URLs only for public buckets', async () => {
    const priv = await s.app.inject({ method: 'POST', url: url('/files/objects/public-url'), headers: await s.as('Read-only'), payload: { path: 'same.txt' } });
    expect(priv.statusCode).toBe(400);
    expect(priv.json().message).toContain('not public');
    const pub = await s.app.inject({ method: 'POST', url: url('/pics/objects/public-url'), headers: await s.as('Read-only'), payload: { path: 'ok.png' } });
    expect(pub.json().publicUrl).toBe(`${projectBase()}/storage/v1/object/public/pics/ok.png`);
    expect((await s.app.inject({ method: 'GET', url: pathOf(pub.json().publicUrl) })).statusCode).toBe(404);
    const served = await s.harness.services.inject({ method: 'GET', url: pathOf(pub.json().publicUrl) });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.length).toBe(100);
    const direct = await s.harness.services.inject({ method: 'GET', url: `/${s.ref}/storage/v1/object/public/files/same.txt` });
    expect(direct.statusCode).toBe(400);
  });
});

describe('a folder with 10,000 files', () => {
  beforeAll(async () => {
    const db = await s.deps.databases.get(s.ref);
    await db.query(
      `insert into storage.objects (bucket_id, name, metadata, created_at)
       select 'big', 'photos/img' || lpad(i::text, 5, '0') || '.jpg', jsonb_build_object('size', i, 'mimetype', 'image/jpeg'),
              timestamptz '2024-01-01' + (i * interval '1 minute') * (case when i % 2 = 0 then 1 else -1 end)
       from generate_series(1, 10000) i`,
    );
    await db.query(`insert into storage.objects (bucket_id, name) select 'big', 'photos/sub' || i || '/x.txt' from generate_series(1, 3) i`);
  }, 60_000);

  it('pages by 200 through every entry exactly once, folders first, in name order', async () => {
    const seen: string[] = [];
    for (let offset = 0; ; offset += 200) {
      const page = await list('big', { path: 'photos', options: { limit: 200, offset } });
      seen.push(...page.map((o) => o.name));
      if (page.length < 200) break;
    }
    expect(seen.length).toBe(10_003);
    expect(new Set(seen).size).toBe(10_003);
    expect(seen.slice(0, 4)).toEqual(['sub1', 'sub2', 'sub3', 'img00001.jpg']);
    expect(seen.at(-1)).toBe('img10000.jpg');
  });

  it('pages in created_at order, newest first, without repeats', async () => {
    const seen: StorageObject[] = [];
    for (let offset = 0; offset < 10_003; offset += 1000) {
      seen.push(...(await list('big', { path: 'photos/', options: { limit: 1000, offset, sortBy: { column: 'created_at', order: 'desc' } } })));
    }
    const files = seen.filter((o) => o.id !== null);
    expect(files.length).toBe(10_000);
    expect(files[0]!.name).toBe('img10000.jpg');
    const times = files.map((o) => Date.parse(o.created_at!));
    expect(times.every((t, i) => i === 0 || times[i - 1]! >= t)).toBe(true);
  });

  it('searches by name prefix inside the folder, taking % and _ literally', async () => {
    const hits = await list('big', { path: 'photos', options: { search: 'img0999' } });
    expect(hits.map((o) => o.name)).toEqual(Array.from({ length: 10 }, (_, i) => `img0999${i}.jpg`));
    expect(await list('big', { path: 'photos', options: { search: 'img%' } })).toEqual([]);
    expect((await list('big', { path: 'photos', options: { search: 'sub' } })).map((o) => o.name)).toEqual(['sub1', 'sub2', 'sub3']);
  });
});
