import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bucket } from '@plinth/contracts-storage';
import { startProjectServer, type ProjectTestServer } from '@plinth/platform-api/testing/project-server';

let s: ProjectTestServer;
const url = (p = '') => `/api/platform/storage/${s.ref}/buckets${p}`;
const configUrl = () => `/api/platform/projects/${s.ref}/config/storage`;

beforeAll(async () => {
  s = await startProjectServer({ plan: 'pro' });
}, 300_000);
afterAll(async () => s?.close());

describe('buckets', () => {
  it('creates, lists, reads and updates a bucket', async () => {
    const res = await s.app.inject({ method: 'POST', url: url(), headers: await s.as('Developer'), payload: { id: 'avatars', public: false, file_size_limit: 1024, allowed_mime_types: [' image/png ', 'image/*'] } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: 'avatars', name: 'avatars', public: false, file_size_limit: 1024, allowed_mime_types: ['image/png', 'image/*'] });
    const list = (await s.app.inject({ method: 'GET', url: url(), headers: await s.as('Read-only') })).json() as Bucket[];
    expect(list.map((b) => b.id)).toEqual(['avatars']);
    const upd = await s.app.inject({ method: 'PATCH', url: url('/avatars'), headers: await s.as('Developer'), payload: { public: true, allowed_mime_types: [] } });
    expect(upd.json()).toMatchObject({ public: true, file_size_limit: 1024, allowed_mime_types: null });
    const put = await s.app.inject({ method: 'PUT', url: url('/avatars'), headers: await s.as('Developer'), payload: { file_size_limit: null } });
    expect(put.json()).toMatchObject({ public: true, file_size_limit: null });
    expect((await s.app.inject({ method: 'GET', url: url('/avatars'), headers: await s.as('Read-only') })).json()).toMatchObject({ id: 'avatars', public: true });
  });

  it('refuses reserved, malformed and duplicate names, and negative limits, with the form texts', async () => {
    const reserved = await s.app.inject({ method: 'POST', url: url(), headers: await s.as('Owner'), payload: { id: 'public' } });
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().message).toContain('"public" is a reserved name. Please choose another name');
    const empty = await s.app.inject({ method: 'POST', url: url(), headers: await s.as('Owner'), payload: { id: '' } });
    expect(empty.json()).toMatchObject({ field: 'id' });
    expect(empty.json().message).toContain('Please provide a name for your bucket');
    const upper = await s.app.inject({ method: 'POST', url: url(), headers: await s.as('Owner'), payload: { id: 'My Files' } });
    expect(upper.statusCode).toBe(400);
    const negative = await s.app.inject({ method: 'POST', url: url(), headers: await s.as('Owner'), payload: { id: 'docs', file_size_limit: -1 } });
    expect(negative.json().message).toContain('File size upload limit has to be at least 0');
    const dup = await s.app.inject({ method: 'POST', url: url(), headers: await s.as('Owner'), payload: { id: 'avatars' } });
    expect(dup.statusCode).toBe(409);
  });

  it('needs storage admin write to change buckets, and answers 404 for unknown buckets and projects', async () => {
    const ro = await s.app.inject({ method: 'POST', url: url(), headers: await s.as('Read-only'), payload: { id: 'docs' } });
    expect(ro.statusCode).toBe(403);
    expect(ro.json().message).toContain('storage admin write');
    expect((await s.app.inject({ method: 'GET', url: url('/nope'), headers: await s.as('Owner') })).statusCode).toBe(404);
    expect((await s.app.inject({ method: 'GET', url: '/api/platform/storage/zzzzzzzzzzzzzzzzzzzz/buckets', headers: await s.as('Owner') })).statusCode).toBe(404);
  });

  it('empties a bucket on its own, keeping the bucket', async () => {
    await s.app.inject({ method: 'POST', url: url(), headers: await s.as('Owner'), payload: { id: 'scratch' } });
    const up = await s.app.inject({ method: 'POST', url: url('/scratch/objects/upload?path=a/b.txt'), headers: { ...(await s.as('Owner')), 'content-type': 'text/plain' }, payload: 'hello' });
    expect(up.statusCode).toBe(200);
    expect((await s.app.inject({ method: 'POST', url: url('/scratch/empty'), headers: await s.as('Owner') })).statusCode).toBe(200);
    expect(await s.deps.objects.sizeUnder(`${s.ref}/`)).toBe(0);
    expect((await s.app.inject({ method: 'GET', url: url('/scratch'), headers: await s.as('Owner') })).statusCode).toBe(200);
  });
});

describe('storage config', () => {
  it('defaults to 5 GB on a paid plan, takes a smaller limit and refuses one over 5 GB', async () => {
    expect((await s.app.inject({ method: 'GET', url: configUrl(), headers: await s.as('Read-only') })).json()).toEqual({ fileSizeLimit: 5368709120, isFreeTier: false });
    const over = await s.app.inject({ method: 'PATCH', url: configUrl(), headers: await s.as('Owner'), payload: { fileSizeLimit: 5368709121 } });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('Upload file size limit must be up to 5GB (5,368,709,120 bytes)');
    const ro = await s.app.inject({ method: 'PATCH', url: configUrl(), headers: await s.as('Read-only'), payload: { fileSizeLimit: 1000 } });
    expect(ro.statusCode).toBe(403);
    const ok = await s.app.inject({ method: 'PATCH', url: configUrl(), headers: await s.as('Developer'), payload: { fileSizeLimit: 1000 } });
    expect(ok.json()).toEqual({ fileSizeLimit: 1000, isFreeTier: false });
    await s.app.inject({ method: 'POST', url: url(), headers: await s.as('Owner'), payload: { id: 'limits' } });
    const big = await s.app.inject({ method: 'POST', url: url('/limits/objects/upload?path=big.bin'), headers: { ...(await s.as('Owner')), 'content-type': 'application/octet-stream' }, payload: Buffer.alloc(2000) });
    expect(big.statusCode).toBe(413);
    await s.app.inject({ method: 'PATCH', url: configUrl(), headers: await s.as('Developer'), payload: { fileSizeLimit: 5368709120 } });
  });

  it('is fixed at 50 MB on the free plan', async () => {
    await s.deps.control.query(`update organizations set plan = 'free' where slug = $1`, [s.orgSlug]);
    try {
      expect((await s.app.inject({ method: 'GET', url: configUrl(), headers: await s.as('Owner') })).json()).toEqual({ fileSizeLimit: 52428800, isFreeTier: true });
      const change = await s.app.inject({ method: 'PATCH', url: configUrl(), headers: await s.as('Owner'), payload: { fileSizeLimit: 1000 } });
      expect(change.statusCode).toBe(400);
      expect(change.json().message).toContain('free plan');
    } finally {
      await s.deps.control.query(`update organizations set plan = 'pro' where slug = $1`, [s.orgSlug]);
    }
  });
});
