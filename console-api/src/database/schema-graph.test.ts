import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createClients } from '@plinth/shared-contracts';
import { createDatabaseObjectsClient } from '@plinth/contracts-database';
import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';

// The schema visualizer's graph (issue 22) on a real project database (PGlite, and Postgres in
// server mode): tables with columns, types and keys, and foreign keys, one schema at a time.

let h: TestHarness;
let ref: string;
let owner: TestUser;
const clientOf = (u: TestUser) =>
  createClients({ baseUrl: '/api', fetch: u.fetch, csrfToken: () => u.jar.get('plinth_csrf') }, { objects: createDatabaseObjectsClient }).objects;

beforeAll(async () => {
  h = await createTestHarness();
  const p = await h.userWithProject();
  owner = p.user;
  ref = p.project.ref;
  const db = await h.internals.databases.get(ref);
  // Made as a member makes tables (the SQL editor's run).
  await db.exec(
    `create table public.authors (id bigint generated always as identity primary key, email text not null unique, name character varying(80),
       mentor_id bigint references public.authors (id));
     create table public.posts (id bigint primary key, author_id bigint not null references public.authors (id) on delete cascade, title text);
     create table public.post_tags (post_id bigint references public.posts (id), tag text, primary key (post_id, tag));
     create table public.tag_votes (id serial primary key, voted_post bigint, voted_tag text,
       constraint "vote's tag" foreign key (voted_tag, voted_post) references public.post_tags (tag, post_id));
     create table public.events (id bigint, at date, author_id bigint references public.authors (id), primary key (id, at)) partition by range (at);
     create table public.events_2024 partition of public.events for values from ('2024-01-01') to ('2025-01-01');
     create schema billing;
     create table billing.invoices (id bigint primary key, author_id bigint references public.authors (id));
     create schema empty_one;`,
    { user: true },
  );
}, 120_000);
afterAll(async () => h?.close());

async function failure(p: Promise<unknown>): Promise<ApiError> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe('schema graph', () => {
  it("draws the schema's tables with their columns, types and keys, partitions left out", async () => {
    const graph = await clientOf(owner).getSchemaGraph(ref, 'public');
    expect(graph.schema).toBe('public');
    expect(graph.tables.map((t) => [t.name, t.type])).toEqual([
      ['authors', 'table'],
      ['events', 'partitioned table'],
      ['post_tags', 'table'],
      ['posts', 'table'],
      ['tag_votes', 'table'],
    ]);
    const authors = graph.tables.find((t) => t.name === 'authors')!;
    expect(authors.columns).toEqual([
      { name: 'id', type: 'bigint', nullable: false, primaryKey: true, unique: false },
      { name: 'email', type: 'text', nullable: false, primaryKey: false, unique: true },
      { name: 'name', type: 'character varying(80)', nullable: true, primaryKey: false, unique: false },
      { name: 'mentor_id', type: 'bigint', nullable: true, primaryKey: false, unique: false },
    ]);
    const tags = graph.tables.find((t) => t.name === 'post_tags')!;
    expect(tags.columns.map((c) => [c.name, c.primaryKey])).toEqual([['post_id', true], ['tag', true]]);
    expect(graph.tables.find((t) => t.name === 'tag_votes')!.columns[0]).toMatchObject({ name: 'id', type: 'integer', primaryKey: true });
  });

  it('gives each foreign key once, its columns in key order, to its own table too', async () => {
    const graph = await clientOf(owner).getSchemaGraph(ref, 'public');
    const idOf = (name: string) => graph.tables.find((t) => t.name === name)!.id;
    const edges = graph.relations.map((r) => ({ from: r.tableId, columns: r.columns, to: r.target.tableId, targetColumns: r.target.columns, name: r.name }));
    expect(edges).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ from: idOf('authors'), columns: ['mentor_id'], to: idOf('authors'), targetColumns: ['id'] }),
        expect.objectContaining({ from: idOf('posts'), columns: ['author_id'], to: idOf('authors'), targetColumns: ['id'] }),
        expect.objectContaining({ from: idOf('post_tags'), columns: ['post_id'], to: idOf('posts'), targetColumns: ['id'] }),
        { from: idOf('tag_votes'), columns: ['voted_tag', 'voted_post'], to: idOf('post_tags'), targetColumns: ['tag', 'post_id'], name: "vote's tag" },
        expect.objectContaining({ from: idOf('events'), columns: ['author_id'], to: idOf('authors') }),
      ]),
    );
    // The partition's copy of the events key is not a second edge.
    expect(graph.relations).toHaveLength(5);
  });

  it('names the schema of a table another schema refers to; an empty schema has no tables', async () => {
    const billing = await clientOf(owner).getSchemaGraph(ref, 'billing');
    expect(billing.tables.map((t) => t.name)).toEqual(['invoices']);
    expect(billing.relations).toEqual([expect.objectContaining({ columns: ['author_id'], target: expect.objectContaining({ schema: 'public', table: 'authors', columns: ['id'] }) })]);
    expect(await clientOf(owner).getSchemaGraph(ref, 'empty_one')).toEqual({ schema: 'empty_one', tables: [], relations: [] });
  });

  it('answers 404 for a schema that does not exist and lets a read-only member read it', async () => {
    expect(await failure(clientOf(owner).getSchemaGraph(ref, 'nowhere'))).toMatchObject({ status: 404 });
    const dev = await h.signUp();
    const org = (await owner.api.organizations.list())[0]!;
    // Read-only is a Team plan role.
    await owner.api.plans.updateSubscription(org.slug, { plan: 'team' });
    await owner.api.organizations.addMember(org.slug, { email: dev.email, role: 'Read-only' });
    expect((await clientOf(dev).getSchemaGraph(ref, 'public')).tables).toHaveLength(5);
    const stranger = await h.signUp();
    expect((await failure(clientOf(stranger).getSchemaGraph(ref, 'public'))).status).toBeGreaterThanOrEqual(403);
  });
});
