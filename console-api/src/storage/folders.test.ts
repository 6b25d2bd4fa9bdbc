import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberRole } from '@plinth/shared-contracts';
import type { StorageObject, StorageObjectPage } from '@plinth/contracts-storage';
import { startProjectServer, type ProjectTestServer } from '@plinth/platform-api/testing/project-server';

let s: ProjectTestServer;
/** Request headers of a member by role, signed in once before the tests. */
const headers = {} as Record<MemberRole, Record<string, string>>;
const as = (role: MemberRole) => headers[role];
const url = (p: string, ref = s.ref) => `/api/platform/storage/${ref}/buckets${p}`;

beforeAll(async () => {
  s = await startProjectServer({ plan: 'pro' });
  for (const role of ['Owner', 'Developer', 'Read-only'] as const) headers[role] = await s.as(role);
  await s.app.inject({ method: 'POST', url: url(''), headers: as('Owner'), payload: { id: 'files' } });
}, 300_000);
afterAll(async () => s?.close());

async function upload(path: string, body = path): Promise<StorageObject> {
  const res = await s.app.inject({ method: 'POST', url: url(`/files/objects/upload?path=${encodeURIComponent(path)}`), headers: { ...as('Developer'), 'content-type': 'text/plain' }, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as StorageObject;
}
async function names(path: string): Promise<string[]> {
  const res = await s.app.inject({ method: 'POST', url: url('/files/objects/page'), headers: as('Read-only'), payload: { path, limit: 1000 } });
  return (res.json() as StorageObjectPage).items.map((o) => o.name);
}
const download = (path: string) => s.app.inject({ method: 'POST', url: url('/files/objects/download'), headers: as('Read-only'), payload: { path } });
const moveFolder = (from: string, to: string, role: 'Developer' | 'Read-only' = 'Developer') =>
  s.app.inject({ method: 'POST', url: url('/files/folders/move'), headers: as(role), payload: { from, to } });
const deleteFolder = (path: string, role: 'Developer' | 'Read-only' = 'Developer', ref?: string) =>
  s.app.inject({ method: 'DELETE', url: url('/files/folders', ref), headers: as(role), payload: { path } });

describe('folders as one operation', () => {
  it('renames a folder with everything below it, bytes following', async () => {
    await upload('photos/2024/a.jpg', 'A');
    await upload('photos/2024/deep/b.jpg', 'B');
    await upload('photos/c.jpg', 'C');
    await upload('photos-old/keep.jpg', 'K');
    const res = await moveFolder('photos', 'archive/pictures');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().count).toBe(3);
    expect(await names('')).toEqual(['archive', 'photos-old']);
    expect(await names('archive/pictures')).toEqual(['2024', 'c.jpg']);
    expect((await download('archive/pictures/2024/deep/b.jpg')).body).toBe('B');
    expect((await download('photos/c.jpg')).statusCode).toBe(404);
    expect((await download('photos-old/keep.jpg')).body).toBe('K');
  });

  it('refuses a move onto existing objects, into itself, or of nothing, changing nothing', async () => {
    await upload('left/one.txt');
    await upload('left/two.txt');
    await upload('right/two.txt', 'right two');
    const clash = await moveFolder('left', 'right');
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toContain('right/two.txt');
    expect(await names('left')).toEqual(['one.txt', 'two.txt']);
    expect((await download('right/two.txt')).body).toBe('right two');
    const inside = await moveFolder('left', 'left/sub');
    expect(inside.statusCode).toBe(400);
    expect(inside.json().field).toBe('to');
    expect((await moveFolder('nothing-here', 'elsewhere')).statusCode).toBe(404);
    const tooLong = await moveFolder('left', `${'x'.repeat(255)}/`.repeat(4).slice(0, -1));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().field).toBe('to');
  });

  it('deletes a folder with everything below it and its bytes, leaving look-alike names', async () => {
    const a = await upload('trash/a.txt');
    const b = await upload('trash/x/b.txt');
    await upload('trash2/keep.txt');
    await upload('tr%sh/keep.txt');
    const res = await deleteFolder('trash');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().count).toBe(2);
    expect(await names('')).toEqual(expect.arrayContaining(['trash2', 'tr%sh']));
    expect(await names('')).not.toContain('trash');
    for (const id of [a.id!, b.id!]) await expect(s.deps.objects.get(s.ref, id)).rejects.toMatchObject({ status: 404 });
    expect((await download('trash2/keep.txt')).statusCode).toBe(200);
    expect((await deleteFolder('trash')).statusCode).toBe(404);
    const percent = await deleteFolder('tr%');
    expect(percent.statusCode).toBe(404);
    expect((await download('tr%sh/keep.txt')).statusCode).toBe(200);
  });

  it('leaves folders alone for members without storage write, and for other projects', async () => {
    await upload('kept/a.txt');
    const ro = await deleteFolder('kept', 'Read-only');
    expect(ro.statusCode).toBe(403);
    expect((await moveFolder('kept', 'gone', 'Read-only')).statusCode).toBe(403);
    expect(await names('kept')).toEqual(['a.txt']);
    const other = await deleteFolder('kept', 'Developer', 'zzzzzzzzzzzzzzzzzzzz');
    expect(other.statusCode).toBe(404);
    expect(await names('kept')).toEqual(['a.txt']);
    const bad = await s.app.inject({ method: 'DELETE', url: url('/files/folders'), headers: as('Developer'), payload: { path: '../kept' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('path');
  });
});
