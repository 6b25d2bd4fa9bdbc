import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Policy } from '@plinth/contracts-database';
import type { BucketDeleted } from '@plinth/contracts-storage';
import { startProjectServer, type ProjectTestServer } from '@plinth/platform-api/testing/project-server';

let s: ProjectTestServer;
const url = (p = '') => `/api/platform/storage/${s.ref}/buckets${p}`;

async function call(method: 'GET' | 'POST' | 'DELETE', path: string, payload?: unknown, role: 'Owner' | 'Read-only' = 'Owner') {
  return s.app.inject({ method, url: path, headers: await s.as(role), payload: payload as Record<string, unknown> | undefined });
}
async function upload(bucket: string, path: string, body: string) {
  const res = await s.app.inject({ method: 'POST', url: url(`/${bucket}/objects/upload?path=${encodeURIComponent(path)}`), headers: { ...(await s.as('Owner')), 'content-type': 'text/plain' }, payload: body });
  expect(res.statusCode).toBe(200);
}
async function storagePolicies(): Promise<Policy[]> {
  const res = await call('GET', `/api/platform/pg-meta/${s.ref}/policies?schema=storage`);
  return (res.json() as Policy[]).filter((p) => p.table === 'objects');
}
const names = async () => (await storagePolicies()).map((p) => p.name).sort();

beforeAll(async () => {
  s = await startProjectServer();
  for (const id of ['avatars', 'avatars-old', 'docs']) expect((await call('POST', url(), { id })).statusCode).toBe(200);
  await upload('avatars', 'me.png', 'avatar one');
  await upload('avatars', 'team/you.png', 'avatar two');
  await upload('avatars-old', 'me.png', 'old');
  await upload('docs', 'readme.md', 'docs!');
  const db = await s.deps.databases.get(s.ref);
  await db.exec(`
    create policy "Anyone reads avatars" on storage.objects for select using (bucket_id = 'avatars');
    create policy "Users upload avatars" on storage.objects for insert to authenticated with check ('avatars' = bucket_id and auth.uid() is not null);
    create policy "Owners edit avatars" on storage.objects for update using ((storage.objects.bucket_id)::text = 'avatars' or false);
    create policy "Avatars and docs" on storage.objects for select using (bucket_id in ('avatars', 'docs'));
    create policy "Old avatars" on storage.objects for select using (bucket_id = 'avatars-old');
    create policy "Everything" on storage.objects for select using (true);
    create policy "Docs" on storage.objects for select using (bucket_id = 'docs');`);
}, 300_000);
afterAll(async () => s?.close());

describe('bucket deletion in one call', () => {
  it('lists the buckets each storage.objects policy is written for', async () => {
    const byName = Object.fromEntries((await storagePolicies()).map((p) => [p.name, p.bucketIds]));
    expect(byName).toEqual({
      'Anyone reads avatars': ['avatars'],
      'Users upload avatars': ['avatars'],
      'Owners edit avatars': ['avatars'],
      'Avatars and docs': ['avatars', 'docs'],
      'Old avatars': ['avatars-old'],
      Everything: [],
      Docs: ['docs'],
    });
  });

  it('needs storage admin write and changes nothing without it', async () => {
    const res = await call('DELETE', url('/avatars'), undefined, 'Read-only');
    expect(res.statusCode).toBe(403);
    expect((await call('GET', url('/avatars'))).statusCode).toBe(200);
    expect(await names()).toHaveLength(7);
  });

  it('leaves the bucket, its files and its policies as they were when any part fails', async () => {
    const db = await s.deps.databases.get(s.ref);
    await db.exec(`create function public.keep_docs() returns trigger language plpgsql as $$ begin raise exception 'docs stays'; end $$;
      create trigger keep_docs before delete on storage.buckets for each row when (old.id = 'docs') execute function public.keep_docs();`);
    try {
      const bytesBefore = await s.deps.objects.sizeUnder(`${s.ref}/`);
      const res = await call('DELETE', url('/docs'));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'docs stays' });
      expect((await call('GET', url('/docs'))).statusCode).toBe(200);
      const listed = await call('POST', url('/docs/objects/list'), { path: '' });
      expect((listed.json() as { name: string }[]).map((o) => o.name)).toEqual(['readme.md']);
      expect(await s.deps.objects.sizeUnder(`${s.ref}/`)).toBe(bytesBefore);
      expect(await names()).toContain('Docs');
    } finally {
      await db.exec('drop trigger keep_docs on storage.buckets; drop function public.keep_docs()');
    }
  });

  it('deletes the bucket, its files and the policies written for it alone; a bucket whose name extends it keeps everything', async () => {
    const res = await call('DELETE', url('/avatars'));
    expect(res.statusCode).toBe(200);
    expect(res.json() as BucketDeleted).toEqual({
      message: 'Deleted bucket avatars',
      deletedObjects: 2,
      droppedPolicies: ['Anyone reads avatars', 'Owners edit avatars', 'Users upload avatars'],
    });
    expect((await call('GET', url('/avatars'))).statusCode).toBe(404);
    expect(await names()).toEqual(['Avatars and docs', 'Docs', 'Everything', 'Old avatars']);
    const old = await call('POST', url('/avatars-old/objects/download'), { path: 'me.png' });
    expect(old.body).toBe('old');
    expect(await s.deps.objects.sizeUnder(`${s.ref}/`)).toBe('old'.length + 'docs!'.length);
    expect((await call('DELETE', url('/avatars'))).statusCode).toBe(404);
  });
});
