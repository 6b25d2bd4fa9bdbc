import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Snippet } from '@plinth/contracts-database';
import { startProjectServer, type ProjectTestServer } from '@plinth/platform-api/testing/project-server';

let s: ProjectTestServer;
const url = (p = '') => `/api/platform/projects/${s.ref}/content${p}`;
const alice = 'aaaaaaaa-0000-4000-8000-0000000000a1';
const bob = 'bbbbbbbb-0000-4000-8000-0000000000b2';

beforeAll(async () => {
  s = await startProjectServer();
}, 300_000);
afterAll(async () => s?.close());

async function create(name: string, sql: string, who = alice): Promise<Snippet> {
  const res = await s.app.inject({ method: 'POST', url: url(), headers: await s.as('Developer', who), payload: { name, sql } });
  expect(res.statusCode).toBe(200);
  return res.json() as Snippet;
}
const suggest = async (id: string, who = alice, role: 'Developer' | 'Read-only' = 'Developer') =>
  s.app.inject({ method: 'POST', url: url(`/${id}/name-suggestion`), headers: await s.as(role, who) });

describe('name suggestion for a SQL snippet (Rename with AI)', () => {
  it('proposes a name read from the saved SQL, numbered when the user already has it, and renames nothing', async () => {
    const notes = await create('Untitled query', '-- notes\ncreate table notes (id bigint primary key, body text);\nalter table notes enable row level security;');
    const res = await suggest(notes.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'Create table notes', from: 'create table notes (id bigint primary key, body text)' });

    await create('Orders by customer', 'select 1');
    const grouped = await create('Untitled query', 'select customer_id, sum(total) from orders group by customer_id');
    expect((await suggest(grouped.id)).json().name).toBe('Orders by customer 2');
    const list = (await s.app.inject({ method: 'GET', url: url(), headers: await s.as('Developer', alice) })).json() as { data: Snippet[] };
    expect(list.data.find((x) => x.id === grouped.id)?.name).toBe('Untitled query');
  });

  it("answers only for snippets the caller sees, with the writing permission, and says when there is no SQL", async () => {
    const mine = await create('Mine', 'update profiles set username = lower(username)');
    const hidden = await suggest(mine.id, bob);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe('Content not found');
    const readOnly = await suggest(mine.id, bob, 'Read-only');
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json().message).toContain('create on user content owned by the user');
    await s.app.inject({ method: 'POST', url: url(`/${mine.id}/share`), headers: await s.as('Developer', alice) });
    expect((await suggest(mine.id, bob)).json().name).toBe('Update profiles');

    const empty = await create('Empty', '  -- to do\n');
    const none = await suggest(empty.id);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ field: 'sql', message: 'This query has no SQL yet to name it from' });
    const badId = await suggest('42');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().field).toBe('id');
  });

  it('is refused while the ai_rename flag is off for the organization', async () => {
    const snip = await create('Flagged', 'select * from notes');
    const off = await s.app.inject({ method: 'PUT', url: `/api/platform/feature-flags/ai_rename?organization=${s.orgSlug}`, headers: await s.as('Owner'), payload: { enabled: false } });
    expect(off.statusCode).toBe(200);
    const refused = await suggest(snip.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Rename with AI is turned off for this organization');
    await s.app.inject({ method: 'PUT', url: `/api/platform/feature-flags/ai_rename?organization=${s.orgSlug}`, headers: await s.as('Owner'), payload: { enabled: null } });
    expect((await suggest(snip.id)).json().name).toBe('Notes');
  });
});
