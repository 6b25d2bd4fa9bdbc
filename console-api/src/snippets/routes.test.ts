import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Snippet } from '@plinth/contracts-database';
import { startProjectServer, type ProjectTestServer } from '@plinth/platform-api/testing/project-server';

let s: ProjectTestServer;
const url = (p = '') => `/api/platform/projects/${s.ref}/content${p}`;
const alice = 'aaaaaaaa-0000-4000-8000-000000000001';
const bob = 'bbbbbbbb-0000-4000-8000-000000000002';

beforeAll(async () => {
  s = await startProjectServer();
}, 300_000);
afterAll(async () => s?.close());

async function list(userId: string, role: 'Developer' | 'Read-only' = 'Developer'): Promise<Snippet[]> {
  const res = await s.app.inject({ method: 'GET', url: url(), headers: await s.as(role, userId) });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: Snippet[] }).data;
}

describe('SQL snippets', () => {
  it('keeps a personal snippet to its owner until it is shared with the project', async () => {
    const created = await s.app.inject({ method: 'POST', url: url(), headers: await s.as('Developer', alice), payload: { name: 'Active users', sql: 'select 1' } });
    expect(created.statusCode).toBe(200);
    const snip = created.json() as Snippet;
    expect(snip).toMatchObject({ name: 'Active users', type: 'sql', visibility: 'user', owner_id: s.idOf(alice), content: { sql: 'select 1', favorite: false } });
    expect((await list(alice)).map((x) => x.id)).toEqual([snip.id]);
    expect(await list(bob)).toEqual([]);
    const bobEdits = await s.app.inject({ method: 'PATCH', url: url(`/${snip.id}`), headers: await s.as('Developer', bob), payload: { name: 'mine now' } });
    expect(bobEdits.statusCode).toBe(404);
    expect(bobEdits.json().message).toBe('Content not found');

    const shared = await s.app.inject({ method: 'POST', url: url(`/${snip.id}/share`), headers: await s.as('Developer', alice) });
    expect(shared.json()).toMatchObject({ visibility: 'project' });
    expect((await list(bob, 'Read-only')).map((x) => x.name)).toEqual(['Active users']);

    const renamed = await s.app.inject({ method: 'PATCH', url: url(`/${snip.id}`), headers: await s.as('Developer', bob), payload: { name: 'Active users (team)', favorite: true } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Active users (team)', content: { favorite: true, sql: 'select 1' } });

    const copy = await s.app.inject({ method: 'POST', url: url(`/${snip.id}/copy`), headers: await s.as('Developer', bob) });
    expect(copy.json()).toMatchObject({ name: 'Active users (team) (copy)', visibility: 'user', owner_id: s.idOf(bob) });
    expect((await list(alice)).length).toBe(1);
    expect((await list(bob)).length).toBe(2);

    const del = await s.app.inject({ method: 'DELETE', url: url(`?id=${snip.id}`), headers: await s.as('Developer', bob) });
    expect(del.statusCode).toBe(200);
    expect(await list(alice)).toEqual([]);
    const again = await s.app.inject({ method: 'DELETE', url: url(`?id=${snip.id}`), headers: await s.as('Developer', bob) });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Content not found');
  });

  it('needs user content create to write, a name to rename, and a snippet id', async () => {
    const ro = await s.app.inject({ method: 'POST', url: url(), headers: await s.as('Read-only', bob), payload: { name: 'x' } });
    expect(ro.statusCode).toBe(403);
    expect(ro.json().message).toContain('create on user content owned by the user');
    const own = (await s.app.inject({ method: 'POST', url: url(), headers: await s.as('Developer', alice), payload: {} })).json() as Snippet;
    expect(own.name).toBe('Untitled query');
    const blank = await s.app.inject({ method: 'PATCH', url: url(`/${own.id}`), headers: await s.as('Developer', alice), payload: { name: '   ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ field: 'name' });
    expect(blank.json().message).toContain('Please enter a query name');
    const badId = await s.app.inject({ method: 'DELETE', url: url('?id=42'), headers: await s.as('Developer', alice) });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().field).toBe('id');
    const unknown = await s.app.inject({ method: 'GET', url: '/api/platform/projects/zzzzzzzzzzzzzzzzzzzz/content', headers: await s.as('Developer', alice) });
    expect(unknown.statusCode).toBe(404);
    const badRef = await s.app.inject({ method: 'PATCH', url: `/api/platform/projects/Not-A-Ref/content/${own.id}`, headers: await s.as('Developer', alice), payload: { name: 'x' } });
    expect(badRef.statusCode).toBe(400);
    expect(badRef.json()).toMatchObject({ field: 'ref', message: expect.stringContaining('20 lowercase letters') });
  });

  it('turns an edit made on an older version into a conflict carrying the saved text, never an overwrite', async () => {
    const created = (await s.app.inject({ method: 'POST', url: url(), headers: await s.as('Developer', alice), payload: { name: 'Two tabs', sql: 'select 1' } })).json() as Snippet;
    expect(created.version).toBe(1);
    const edit = async (sql: string, base_version?: number) =>
      s.app.inject({ method: 'PATCH', url: url(`/${created.id}`), headers: await s.as('Developer', alice), payload: { sql, base_version } });

    const first = await edit('select 2', 1);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ version: 2, content: { sql: 'select 2' } });

    // The second tab still holds version 1: refused, with what the first tab saved.
    const stale = await edit('select 3', 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'SNIPPET_CONFLICT', snippet: { version: 2, content: { sql: 'select 2' } } });
    expect((await list(alice)).find((x) => x.id === created.id)?.content.sql).toBe('select 2');

    // Keeping mine: the edit is sent again on the version the conflict named.
    const kept = await edit('select 3', 2);
    expect(kept.json()).toMatchObject({ version: 3, content: { sql: 'select 3' } });
    // Renames and favourites move the version too; an edit without a version applies as before.
    const fav = await s.app.inject({ method: 'PATCH', url: url(`/${created.id}`), headers: await s.as('Developer', alice), payload: { favorite: true } });
    expect(fav.json()).toMatchObject({ version: 4 });
    expect((await edit('select 4', 3)).statusCode).toBe(409);
    expect((await edit('select 4')).json()).toMatchObject({ version: 5, content: { sql: 'select 4', favorite: true } });
    const bad = await edit('select 5', 0);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('base_version');
  });

  it('lets only one of two edits made on the same version through', async () => {
    const created = (await s.app.inject({ method: 'POST', url: url(), headers: await s.as('Developer', alice), payload: { name: 'Race', sql: 'select 0' } })).json() as Snippet;
    const answers = await Promise.all(
      ['select 1', 'select 2'].map(async (sql) => s.app.inject({ method: 'PATCH', url: url(`/${created.id}`), headers: await s.as('Developer', alice), payload: { sql, base_version: 1 } })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const saved = (await list(alice)).find((x) => x.id === created.id)!;
    expect(saved.version).toBe(2);
    expect(saved.content.sql).toBe(answers.find((a) => a.statusCode === 200)!.json().content.sql);
  });

  it('refuses to share a query or copy it while the shared_snippets flag is off for the organization', async () => {
    const flag = (enabled: boolean | null) =>
      s.as('Owner').then((headers) => s.app.inject({ method: 'PUT', url: `/api/platform/feature-flags/shared_snippets?organization=${s.orgSlug}`, headers, payload: { enabled } }));
    const created = await s.app.inject({ method: 'POST', url: url(), headers: await s.as('Developer', alice), payload: { name: 'Kept to me', sql: 'select 3' } });
    const snip = created.json() as Snippet;
    expect((await flag(false)).statusCode).toBe(200);
    try {
      for (const action of ['share', 'copy']) {
        const refused = await s.app.inject({ method: 'POST', url: url(`/${snip.id}/${action}`), headers: await s.as('Developer', alice) });
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({ message: 'Sharing queries is turned off for this organization', code: 'FEATURE_DISABLED' });
      }
      expect((await list(alice)).filter((x) => x.name.startsWith('Kept to me')).map((x) => x.visibility)).toEqual(['user']);
    } finally {
      await flag(null);
    }
    const shared = await s.app.inject({ method: 'POST', url: url(`/${snip.id}/share`), headers: await s.as('Developer', alice) });
    expect(shared.json()).toMatchObject({ visibility: 'project' });
  });
});
