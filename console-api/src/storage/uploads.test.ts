import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startProjectServer, type ProjectTestServer } from '@plinth/platform-api/testing/project-server';
import { ensureStorageSchema } from '@plinth/project-services/testing';
import { rollBackUnfinishedUploads, UPLOAD_SWEEP_INTERVAL_MS } from '@plinth/project-services/testing';

// What a project's storage finds when it is first opened (uploads a killed process left unfinished)
// and how unfinished uploads are rolled back while serving.

let s: ProjectTestServer;
const url = (p: string) => `/api/platform/storage/${s.ref}/buckets${p}`;

async function upload(bucket: string, name: string, body: string | Buffer | NodeJS.ReadableStream) {
  return s.app.inject({ method: 'POST', url: url(`/${bucket}/objects/upload?path=${encodeURIComponent(name)}`), headers: { ...(await s.as('Developer')), 'content-type': 'text/plain' }, payload: body as string });
}
async function download(bucket: string, name: string) {
  return s.app.inject({ method: 'POST', url: url(`/${bucket}/objects/download`), headers: await s.as('Read-only'), payload: { path: name } });
}
async function rows(bucket: string) {
  const db = await s.deps.databases.get(s.ref);
  return (await db.query<{ id: string; name: string; metadata: unknown }>('select id::text as id, name, metadata from storage.objects where bucket_id = $1 order by name', [bucket])).rows;
}

beforeAll(async () => {
  s = await startProjectServer({ plan: 'pro' });
}, 300_000);
afterAll(async () => s?.close());

describe('first opening of a project storage', () => {
  const unfinishedId = randomUUID();

  beforeAll(async () => {
    // Written before the API serves anything: the row of an upload a killed process left unfinished.
    const db = await ensureStorageSchema(await s.deps.databases.get(s.ref));
    await db.query(`insert into storage.buckets (id, name) values ('photos', 'photos')`);
    await db.query(`insert into storage.objects (id, bucket_id, name, metadata, created_at) values ($1, 'photos', 'half.jpg', null, now())`, [unfinishedId]);
  });

  it('rolls back unfinished uploads, whose path then takes a new upload', async () => {
    const listed = await s.app.inject({ method: 'POST', url: url('/photos/objects/list'), headers: await s.as('Read-only'), payload: { path: '' } });
    expect(listed.json()).toEqual([]);
    expect((await rows('photos')).map((r) => r.id)).not.toContain(unfinishedId);
    expect((await upload('photos', 'half.jpg', 'whole')).statusCode).toBe(200);
    expect((await download('photos', 'half.jpg')).body).toBe('whole');
  });
});

describe('unfinished uploads while serving', () => {
  beforeAll(async () => {
    await s.app.inject({ method: 'POST', url: url(''), headers: await s.as('Owner'), payload: { id: 'files' } });
  });

  it('lets a new upload take over the row of an upload that was abandoned', async () => {
    const db = await s.deps.databases.get(s.ref);
    await db.query(`insert into storage.objects (bucket_id, name, metadata) values ('files', 'stuck.txt', null)`);
    const res = await upload('files', 'stuck.txt', 'finally');
    expect(res.statusCode).toBe(200);
    expect((await download('files', 'stuck.txt')).body).toBe('finally');
    expect((await upload('files', 'stuck.txt', 'again')).statusCode).toBe(409);
  });

  it('rolls back rows no upload is writing, keeps the running one and its path taken', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    async function* slow() {
      yield Buffer.from('first ');
      await gate;
      yield Buffer.from('second');
    }
    const running = upload('files', 'slow.txt', Readable.from(slow()));
    while (!(await rows('files')).some((r) => r.name === 'slow.txt')) await new Promise((r) => setTimeout(r, 5));
    const db = await s.deps.databases.get(s.ref);
    const abandoned = randomUUID();
    await db.query(`insert into storage.objects (id, bucket_id, name, metadata, created_at) values ($1, 'files', 'abandoned.txt', null, now() - interval '1 hour')`, [abandoned]);
    await s.deps.objects.put(s.ref, abandoned, Buffer.from('partial bytes'));
    await db.query(`insert into storage.objects (bucket_id, name, metadata) values ('files', 'just-claimed.txt', null)`);

    expect(await rollBackUnfinishedUploads(db, s.deps.objects, s.ref, 60_000)).toBe(1);
    await expect(s.deps.objects.get(s.ref, abandoned)).rejects.toMatchObject({ status: 404 });
    expect((await rows('files')).map((r) => r.name)).toEqual(['just-claimed.txt', 'slow.txt', 'stuck.txt']);
    expect((await upload('files', 'slow.txt', 'racing')).statusCode).toBe(409);
    expect(await rollBackUnfinishedUploads(db, s.deps.objects, s.ref, 0)).toBe(1);

    release();
    expect((await running).statusCode).toBe(200);
    expect((await download('files', 'slow.txt')).body).toBe('first second');
  });

  it('answers a 400 naming path for names past the limits, before anything is written', async () => {
    for (const name of ['x'.repeat(256), `${'y'.repeat(200)}/`.repeat(5) + 'z'.repeat(30)]) {
      const res = await upload('files', name, 'x');
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('path');
    }
    expect((await rows('files')).every((r) => r.name.length < 256)).toBe(true);
  });
});

describe('the roll-back schedule', () => {
  it('rolls back abandoned rows of projects with uploads every minute, and stops with the server', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const t = await startProjectServer({ plan: 'pro' });
    try {
      const base = `/api/platform/storage/${t.ref}/buckets`;
      await t.app.inject({ method: 'POST', url: base, headers: await t.as('Owner'), payload: { id: 'files' } });
      const up = await t.app.inject({ method: 'POST', url: `${base}/files/objects/upload?path=done.txt`, headers: { ...(await t.as('Owner')), 'content-type': 'text/plain' }, payload: 'done' });
      expect(up.statusCode).toBe(200);
      const db = await t.deps.databases.get(t.ref);
      await db.query(`insert into storage.objects (bucket_id, name, metadata, created_at) values ('files', 'left.txt', null, now() - interval '1 hour')`);
      const names = async () => (await db.query<{ name: string }>(`select name from storage.objects order by name`)).rows.map((r) => r.name);
      expect(await names()).toEqual(['done.txt', 'left.txt']);
      vi.advanceTimersByTime(UPLOAD_SWEEP_INTERVAL_MS);
      while ((await names()).length > 1) await new Promise((r) => setTimeout(r, 10));
      expect(await names()).toEqual(['done.txt']);
    } finally {
      await t.close();
      expect(vi.getTimerCount()).toBe(0);
      vi.useRealTimers();
    }
  }, 300_000);
});
