import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { TestHarness } from '@plinth/platform-api/testing';
import type { ProjectKeys } from '../auth/testing';
import { startRestProject } from './testing';

// Resource embedding as PostgREST documents it: disambiguation by constraint name and by column,
// one-to-one, self and many-to-many relationships, views through their base tables' keys, computed
// fields and computed relationships, embedding after rpc, and spread relations. Row level security
// holds through every one of them: each is asked as anon, as two users and as service_role.

let h: TestHarness;
let base: string;
let keys: ProjectKeys;
const alice = randomUUID();
const bob = randomUUID();
const carol = randomUUID();

const SCHEMA = `
create table public.authors (id uuid primary key, username text not null unique, first_name text, last_name text);
create table public.posts (
  id int primary key,
  author_id uuid not null,
  editor_id uuid,
  title text not null,
  score int not null default 0,
  constraint posts_author_fk foreign key (author_id) references public.authors(id),
  constraint posts_editor_fk foreign key (editor_id) references public.authors(id)
);
create table public.author_settings (author_id uuid primary key references public.authors(id), theme text);
create table public.tags (id int primary key, name text not null);
create table public.post_tags (post_id int references public.posts(id), tag_id int references public.tags(id), primary key (post_id, tag_id));
create table public.employees (id int primary key, name text not null, supervisor_id int constraint supervisor references public.employees(id));
create view public.published_posts with (security_invoker = true) as select id as post_id, author_id as writer, title from public.posts where score > 0;
alter table public.posts enable row level security;
create policy own_posts on public.posts for select to authenticated using (author_id = auth.uid());
create function public.full_name(public.authors) returns text language sql stable as $$ select $1.first_name || ' ' || $1.last_name $$;
create function public.recent_posts(public.authors) returns setof public.posts language sql stable as $$ select * from public.posts where author_id = $1.id order by id desc $$;
create function public.writer(public.posts) returns setof public.authors rows 1 language sql stable as $$ select * from public.authors where id = $1.author_id $$;
create function public.search_authors(prefix text) returns setof public.authors language sql stable as $$ select * from public.authors where username like prefix || '%' order by username $$;
grant select on all tables in schema public to anon, authenticated, service_role;
`;


/** The four callers every path is asked as. */
let as: { anon: SupabaseClient; alice: SupabaseClient; bob: SupabaseClient; service: SupabaseClient };

async function get(path: string, key = keys.serviceRoleKey): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${base}/rest/v1/${path}`, { headers: { apikey: key, authorization: `Bearer ${key}` } });
  return { status: res.status, body: await res.json() };
}

beforeAll(async () => {
  const project = await startRestProject(SCHEMA, `
    insert into public.authors values ('${alice}', 'ann', 'Ann', 'Lee'), ('${bob}', 'bo', 'Bo', 'Ray'), ('${carol}', 'cy', 'Cy', 'Ko');
    insert into public.posts values (1, '${alice}', '${bob}', 'A1', 5), (2, '${alice}', null, 'A2', 0), (3, '${bob}', '${alice}', 'B1', 3);
    insert into public.author_settings values ('${alice}', 'dark');
    insert into public.tags values (1, 'red'), (2, 'blue');
    insert into public.post_tags values (1, 1), (1, 2), (3, 2);
    insert into public.employees values (1, 'Boss', null), (2, 'Mid', 1), (3, 'Low', 2);`);
  ({ h, base, keys } = project);
  as = await project.callers({ alice, bob });
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('disambiguation', () => {
  it('answers 300 PGRST201 with the candidates and the documented hint when two keys lead to the same table', async () => {
    const r = await get('posts?select=title,authors(username)');
    expect(r.status).toBe(300);
    expect(r.body).toMatchObject({
      code: 'PGRST201',
      message: "Could not embed because more than one relationship was found for 'posts' and 'authors'",
      hint: "Try changing 'authors' to one of the following: 'authors!posts_author_fk', 'authors!posts_editor_fk'. Find the desired relationship in the 'details' key.",
    });
    const details = (r.body as { details: { cardinality: string; embedding: string; relationship: string }[] }).details;
    expect(details.map((d) => [d.cardinality, d.embedding])).toEqual([
      ['many-to-one', 'posts with authors'],
      ['many-to-one', 'posts with authors'],
    ]);
    expect(details[0]!.relationship).toContain('posts_author_fk');
  });

  it('embeds by constraint name as a hint, by constraint name as the target, and by the foreign key column', async () => {
    const hinted = await as.service.from('posts').select('title, author:authors!posts_author_fk(username), editor:authors!editor_id(username)').order('id');
    expect(hinted.error).toBeNull();
    expect(hinted.data).toEqual([
      { title: 'A1', author: { username: 'ann' }, editor: { username: 'bo' } },
      { title: 'A2', author: { username: 'ann' }, editor: null },
      { title: 'B1', author: { username: 'bo' }, editor: { username: 'ann' } },
    ]);
    const byColumn = await as.service.from('posts').select('title, author_id(username), posts_editor_fk(username)').eq('id', 3);
    expect(byColumn.data).toEqual([{ title: 'B1', author_id: { username: 'bo' }, posts_editor_fk: { username: 'ann' } }]);
    // The other way: the authors' posts by either key.
    const written = await as.service.from('authors').select('username, written:posts!posts_author_fk(title), edited:posts!editor_id(title)').eq('username', 'ann');
    expect(written.data).toEqual([{ username: 'ann', written: [{ title: 'A1' }, { title: 'A2' }], edited: [{ title: 'B1' }] }]);
  });

  it('keeps !inner and !left apart, the hint beside them', async () => {
    const inner = await as.service.from('authors').select('username, posts!posts_editor_fk!inner(title)').order('username');
    expect(inner.data).toEqual([
      { username: 'ann', posts: [{ title: 'B1' }] },
      { username: 'bo', posts: [{ title: 'A1' }] },
    ]);
    // (The client's type parser does not know !left; the server does.)
    const leftQuery: string = 'username, posts!posts_editor_fk!left(title)';
    const left = await as.service.from('authors').select(leftQuery).order('username');
    expect((left.data as unknown as { username: string }[]).map((r) => r.username)).toEqual(['ann', 'bo', 'cy']);
  });

  it('answers a one-to-one relationship as an object both ways', async () => {
    const r = await as.service.from('authors').select('username, author_settings(theme)').order('username');
    expect(r.data).toEqual([
      { username: 'ann', author_settings: { theme: 'dark' } },
      { username: 'bo', author_settings: null },
      { username: 'cy', author_settings: null },
    ]);
    const back = await as.service.from('author_settings').select('theme, authors(username)');
    expect(back.data).toEqual([{ theme: 'dark', authors: { username: 'ann' } }]);
  });

  it('embeds a self relationship: the table with a hint is the one-to-many side, the column or constraint the many-to-one', async () => {
    const r = await as.service.from('employees').select('name, boss:supervisor_id(name), reports:employees!supervisor_id(name), chief:supervisor(name)').eq('id', 2);
    expect(r.error).toBeNull();
    expect(r.data).toEqual([{ name: 'Mid', boss: { name: 'Boss' }, reports: [{ name: 'Low' }], chief: { name: 'Boss' } }]);
    const plain = await get('employees?select=name,employees(name)');
    expect(plain.status).toBe(300);
    expect(plain.body).toMatchObject({ code: 'PGRST201' });
  });

  it('embeds many-to-many through a junction table, both ways, with the junction as a hint', async () => {
    const r = await as.service.from('posts').select('title, tags(name)').order('id');
    expect(r.data).toEqual([
      { title: 'A1', tags: [{ name: 'red' }, { name: 'blue' }] },
      { title: 'A2', tags: [] },
      { title: 'B1', tags: [{ name: 'blue' }] },
    ]);
    const back = await as.service.from('tags').select('name, posts!post_tags(title)').eq('name', 'blue');
    expect(back.data).toEqual([{ name: 'blue', posts: [{ title: 'A1' }, { title: 'B1' }] }]);
    // The junction's own keys are still there one-to-many.
    const junction = await as.service.from('posts').select('title, post_tags(tag_id)').eq('id', 3);
    expect(junction.data).toEqual([{ title: 'B1', post_tags: [{ tag_id: 2 }] }]);
  });

  it('embeds views through their base tables keys, renamed columns included', async () => {
    const r = await as.service.from('authors').select('username, published_posts(title)').order('username');
    expect(r.error).toBeNull();
    expect(r.data).toEqual([
      { username: 'ann', published_posts: [{ title: 'A1' }] },
      { username: 'bo', published_posts: [{ title: 'B1' }] },
      { username: 'cy', published_posts: [] },
    ]);
    const back = await as.service.from('published_posts').select('title, authors!posts_author_fk(username), tags(name)').order('post_id');
    expect(back.error).toBeNull();
    expect(back.data).toEqual([
      { title: 'A1', authors: { username: 'ann' }, tags: [{ name: 'red' }, { name: 'blue' }] },
      { title: 'B1', authors: { username: 'bo' }, tags: [{ name: 'blue' }] },
    ]);
  });

  it('answers PGRST200 for a hint that matches nothing', async () => {
    const r = await get('posts?select=title,authors!nope(username)');
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'PGRST200' });
  });

  it('holds row level security inside every embedding: anon, two users, service_role', async () => {
    const ask = (c: SupabaseClient) => c.from('authors').select('username, posts!posts_author_fk(title), published_posts(title), tags:posts!posts_editor_fk(title, tags(name))').order('username');
    const anon = await ask(as.anon);
    expect(anon.data!.map((r) => [r.posts, r.published_posts, r.tags])).toEqual([[[], [], []], [[], [], []], [[], [], []]]);
    const a = await ask(as.alice);
    expect(a.data![0]).toEqual({ username: 'ann', posts: [{ title: 'A1' }, { title: 'A2' }], published_posts: [{ title: 'A1' }], tags: [] });
    expect(a.data![1]).toEqual({ username: 'bo', posts: [], published_posts: [], tags: [{ title: 'A1', tags: [{ name: 'red' }, { name: 'blue' }] }] });
    const b = await ask(as.bob);
    expect(b.data![0]).toMatchObject({ username: 'ann', posts: [], published_posts: [], tags: [{ title: 'B1', tags: [{ name: 'blue' }] }] });
    expect(b.data![1]).toMatchObject({ username: 'bo', posts: [{ title: 'B1' }], tags: [] });
    const s = await ask(as.service);
    expect(s.data!.map((r) => (r.posts as unknown[]).length)).toEqual([2, 1, 0]);
  });
});

describe('computed fields and relationships', () => {
  it('selects, filters and orders by a computed field, never part of *', async () => {
    const r = await as.anon.from('authors').select('username, full_name').order('full_name', { ascending: false });
    expect(r.data).toEqual([
      { username: 'cy', full_name: 'Cy Ko' },
      { username: 'bo', full_name: 'Bo Ray' },
      { username: 'ann', full_name: 'Ann Lee' },
    ]);
    const star = await as.anon.from('authors').select('*, name:full_name').eq('full_name', 'Bo Ray');
    expect(star.data).toEqual([{ id: bob, username: 'bo', first_name: 'Bo', last_name: 'Ray', name: 'Bo Ray' }]);
    const plain = await as.anon.from('authors').select().eq('id', bob);
    expect(Object.keys(plain.data![0]!)).not.toContain('full_name');
  });

  it('embeds a computed relationship, to-many and to-one (rows 1), with row level security', async () => {
    const ask = (c: SupabaseClient) => c.from('authors').select('username, recent_posts(title, writer(username))').order('username');
    expect((await ask(as.anon)).data!.map((r) => r.recent_posts)).toEqual([[], [], []]);
    expect((await ask(as.alice)).data!.map((r) => r.recent_posts)).toEqual([[{ title: 'A2', writer: { username: 'ann' } }, { title: 'A1', writer: { username: 'ann' } }], [], []]);
    expect((await ask(as.bob)).data!.map((r) => r.recent_posts)).toEqual([[], [{ title: 'B1', writer: { username: 'bo' } }], []]);
    expect((await ask(as.service)).data!.map((r) => (r.recent_posts as unknown[]).length)).toEqual([2, 1, 0]);
  });

  it('embeds relations into the rows a function returns (rpc with select)', async () => {
    const ask = (c: SupabaseClient) => c.rpc('search_authors', { prefix: '' }).select('username, full_name, posts!posts_author_fk(title), author_settings(theme)');
    const s = await ask(as.service);
    expect(s.error).toBeNull();
    expect(s.data).toEqual([
      { username: 'ann', full_name: 'Ann Lee', posts: [{ title: 'A1' }, { title: 'A2' }], author_settings: { theme: 'dark' } },
      { username: 'bo', full_name: 'Bo Ray', posts: [{ title: 'B1' }], author_settings: null },
      { username: 'cy', full_name: 'Cy Ko', posts: [], author_settings: null },
    ]);
    expect(((await ask(as.anon)).data as { posts: unknown[] }[]).map((r) => r.posts)).toEqual([[], [], []]);
    expect(((await ask(as.bob)).data as { posts: unknown[] }[]).map((r) => r.posts)).toEqual([[], [{ title: 'B1' }], []]);
    expect(((await ask(as.alice)).data as { posts: unknown[] }[]).map((r) => r.posts.length)).toEqual([2, 0, 0]);
    // !inner after rpc narrows the function's rows.
    const inner = await as.service.rpc('search_authors', { prefix: '' }).select('username, author_settings!inner(theme)');
    expect(inner.data).toEqual([{ username: 'ann', author_settings: { theme: 'dark' } }]);
  });
});

describe('spread relations', () => {
  it('spreads a to-one relation into the row', async () => {
    const r = await as.service.from('posts').select('title, ...authors!posts_author_fk(username, name:full_name)').order('id');
    expect(r.error).toBeNull();
    expect(r.data).toEqual([
      { title: 'A1', username: 'ann', name: 'Ann Lee' },
      { title: 'A2', username: 'ann', name: 'Ann Lee' },
      { title: 'B1', username: 'bo', name: 'Bo Ray' },
    ]);
    const none = await as.service.from('posts').select('title, ...editor_id(editor:username)').eq('id', 2);
    expect(none.data).toEqual([{ title: 'A2', editor: null }]);
  });

  it('spreads a to-many relation as arrays of each column, with row level security', async () => {
    const ask = (c: SupabaseClient) => c.from('authors').select('username, ...posts!posts_author_fk(title, score)').order('username');
    expect((await ask(as.service)).data).toEqual([
      { username: 'ann', title: ['A1', 'A2'], score: [5, 0] },
      { username: 'bo', title: ['B1'], score: [3] },
      { username: 'cy', title: [], score: [] },
    ]);
    expect((await ask(as.anon)).data!.map((r) => r.title)).toEqual([[], [], []]);
    expect((await ask(as.alice)).data!.map((r) => r.title)).toEqual([['A1', 'A2'], [], []]);
    expect((await ask(as.bob)).data!.map((r) => r.title)).toEqual([[], ['B1'], []]);
  });

  it('refuses a spread with an alias or of a plain column with PGRST100', async () => {
    expect(await get('posts?select=title,...a:authors!posts_author_fk(username)')).toMatchObject({ status: 400, body: { code: 'PGRST100' } });
    expect(await get('posts?select=...title')).toMatchObject({ status: 400, body: { code: 'PGRST100' } });
  });
});
