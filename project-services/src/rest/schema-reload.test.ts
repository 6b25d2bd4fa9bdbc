import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { databaseConnectionUri, type DatabaseSettings } from '@plinth/contracts-settings';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';
import { runSqlAs } from '@plinth/platform-api/testing/run-sql';
import type { ProjectDatabase } from '@plinth/platform-core/deps';
import { listen, projectKeys } from '../auth/testing';

// The data API's schema cache follows the schema as PostgREST's does: a SQL editor run that changes
// it, or `NOTIFY pgrst, 'reload schema'` (from the console or from any session on the project
// database: LISTEN pgrst), is seen by the very next request, so a relationship made, moved or
// dropped is embedded as it now is, never as it was. On both databases.

class NoWebSocket {}

let h: TestHarness;
let owner: TestUser;
let ref: string;
let db: ProjectDatabase;
let svc: SupabaseClient;

const sql = async (query: string) => {
  const run = await runSqlAs(owner, ref, { query });
  expect(run.status, run.body.message).toBe(200);
};

beforeAll(async () => {
  h = await createTestHarness();
  const made = await h.userWithProject();
  owner = made.user;
  ref = made.project.ref;
  db = await h.internals.databases.get(ref);
  // Embedded: people's connections reach the project database through the platform's wire listener.
  await h.internals.databases.wireServer?.()?.listen(0, '127.0.0.1');
  await sql(`create table public.authors (id int primary key, name text not null);
    insert into public.authors values (1, 'Ursula'), (2, 'Octavia');`);
  const keys = await projectKeys(h, ref);
  svc = createClient(`${await listen(h)}/${ref}`, keys.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: NoWebSocket as unknown as typeof WebSocket },
  });
}, 120_000);

afterAll(async () => {
  await h?.close();
});

/** A console call as the owner (the table editor), answered as it comes. */
const consoleCall = async (path: string, body: unknown) => {
  const res = await owner.fetch(`/api/platform/pg-meta/${ref}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': owner.jar.get('plinth_csrf') ?? '' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe('the schema cache after a SQL editor run', () => {
  it('embeds over a foreign key made in the SQL editor at once, then follows it when it moves or goes', async () => {
    // The data API has read the schema before the run.
    expect((await svc.from('authors').select('name').order('id')).data).toEqual([{ name: 'Ursula' }, { name: 'Octavia' }]);

    await sql(`create table public.books (id int primary key, title text not null, author_id int references public.authors (id), reviewer_id int);
      insert into public.books values (1, 'The Dispossessed', 1, 2);`);
    const made = await svc.from('authors').select('name, books(title)').order('id');
    expect(made.error).toBeNull();
    expect(made.data).toEqual([{ name: 'Ursula', books: [{ title: 'The Dispossessed' }] }, { name: 'Octavia', books: [] }]);

    // The key moves to another column of the same tables: the embedding follows the new column.
    await sql(`alter table public.books drop constraint books_author_id_fkey;
      alter table public.books add constraint books_reviewer_id_fkey foreign key (reviewer_id) references public.authors (id);`);
    const moved = await svc.from('books').select('title, authors(name)');
    expect(moved.error).toBeNull();
    expect(moved.data).toEqual([{ title: 'The Dispossessed', authors: { name: 'Octavia' } }]);

    // The key is dropped: there is no relationship to embed any more (PGRST200), not the old one.
    await sql('alter table public.books drop constraint books_reviewer_id_fkey');
    const gone = await svc.from('books').select('title, authors(name)');
    expect([gone.status, gone.error?.code]).toEqual([400, 'PGRST200']);
  });

  it("reads the schema afresh on NOTIFY pgrst, 'reload schema' after a change made elsewhere", async () => {
    await db.exec(`create table public.essays (id int primary key, title text not null, author_id int references public.authors (id));
      insert into public.essays values (1, 'Why Are Americans Afraid of Dragons?', 1);`);
    expect((await svc.from('authors').select('name, essays(title)').eq('id', 1)).data).toEqual([{ name: 'Ursula', essays: [{ title: 'Why Are Americans Afraid of Dragons?' }] }]);

    // A second key between the same tables, made outside the console (a migration, psql): after the
    // notice the embedding is ambiguous, as PostgREST answers it, and a new table is reachable.
    await db.exec(`alter table public.essays add column editor_id int references public.authors (id);
      create table public.letters (id int primary key, body text not null);
      insert into public.letters values (1, 'Dear Octavia');`);
    await sql(`NOTIFY pgrst, 'reload schema'`);
    const ambiguous = await svc.from('authors').select('name, essays(title)').eq('id', 1);
    expect([ambiguous.status, ambiguous.error?.code]).toEqual([300, 'PGRST201']);
    expect((await svc.from('letters').select('body')).data).toEqual([{ body: 'Dear Octavia' }]);

    // pg_notify from a SELECT is the same notice.
    await db.exec('alter table public.essays drop column editor_id');
    await sql(`select pg_notify('pgrst', 'reload schema')`);
    const single = await svc.from('authors').select('name, essays(title)').eq('id', 1);
    expect(single.error).toBeNull();
    expect(single.data).toEqual([{ name: 'Ursula', essays: [{ title: 'Why Are Americans Afraid of Dragons?' }] }]);
  });

  it('follows a foreign key added in the table editor at once', async () => {
    await sql(`create table public.writers (id int primary key, name text not null);
      create table public.posts (id int primary key, title text not null, writer_id int references public.writers (id));
      insert into public.writers values (1, 'Ada'), (2, 'Grace');
      insert into public.posts values (1, 'Notes', 1);`);
    expect((await svc.from('posts').select('title, writers(name)')).data).toEqual([{ title: 'Notes', writers: { name: 'Ada' } }]);

    const ids = (await db.query<{ posts: number; writers: number }>(`select 'public.posts'::regclass::oid::int as posts, 'public.writers'::regclass::oid::int as writers`)).rows[0]!;
    const added = await consoleCall(`/tables/${ids.posts}/alter`, {
      changes: [{ op: 'add', column: { name: 'editor_id', type: 'int4', references: { tableId: ids.writers, column: 'id' } } }],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    // Two keys now lead from posts to writers: PostgREST asks which one.
    const ambiguous = await svc.from('posts').select('title, writers(name)');
    expect([ambiguous.status, ambiguous.error?.code]).toEqual([300, 'PGRST201']);
    expect((await svc.from('posts').select('title, writers!posts_editor_id_fkey(name)')).data).toEqual([{ title: 'Notes', writers: null }]);
  });
});

/** A pg connection with the details the console shows (Project Settings → Database): psql's way in, not the console's. */
async function directConnection(): Promise<pg.Client> {
  const details = (await (await owner.fetch(`/api/platform/projects/${ref}/settings/database`)).json()) as DatabaseSettings;
  const revealed = await owner.fetch(`/api/platform/projects/${ref}/settings/database/password/reveal`, {
    method: 'POST',
    headers: { 'x-csrf-token': owner.jar.get('plinth_csrf') ?? '' },
  });
  const { password } = (await revealed.json()) as { password: string };
  const client = new pg.Client({ connectionString: databaseConnectionUri(details.connection, password) });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

// On a Postgres server a notice reaches the platform's listening connection a moment after its
// commit, beside the app's next request: each check waits for it a few seconds at most, far below
// the one-minute refresh that would otherwise show the change.
const soon = <T>(check: () => Promise<T>) => vi.waitFor(check, { timeout: 5_000, interval: 50 });

describe('the schema cache after a change made outside the console (LISTEN pgrst)', () => {
  it('hears NOTIFY pgrst sent on a direct connection, from a function, and in a transaction once it commits', async () => {
    await sql(`create table public.poets (id int primary key, name text not null);
      create table public.poems (id int primary key, title text not null, poet_id int references public.poets (id), translator_id int);
      insert into public.poets values (1, 'Wisława'), (2, 'Clare');
      insert into public.poems values (1, 'View with a Grain of Sand', 1, 2);`);
    expect((await svc.from('poets').select('name, poems(title)').eq('id', 1)).data).toEqual([{ name: 'Wisława', poems: [{ title: 'View with a Grain of Sand' }] }]);

    const direct = await directConnection();
    // The person's connection did not LISTEN: it is told of no notice (embedded, the session is shared with the platform's).
    const toldThePerson: string[] = [];
    direct.on('notification', (n) => toldThePerson.push(n.channel));
    try {
      // A second key between the same tables and a new table, made over psql's connection, then the notice on it.
      await direct.query(`alter table public.poems add constraint poems_translator_id_fkey foreign key (translator_id) references public.poets (id);
        create table public.stanzas (id int primary key, line text not null);
        insert into public.stanzas values (1, 'It is a pleasure to be here')`);
      await direct.query(`notify pgrst, 'reload schema'`);
      await soon(async () => {
        const ambiguous = await svc.from('poets').select('name, poems(title)').eq('id', 1);
        expect([ambiguous.status, ambiguous.error?.code]).toEqual([300, 'PGRST201']);
      });
      expect((await svc.from('stanzas').select('line')).data).toEqual([{ line: 'It is a pleasure to be here' }]);

      // A function that changes the schema and sends the notice itself (as a migration tool's would).
      await direct.query(`create function public.drop_translator_key() returns void language plpgsql as $$
        begin
          alter table public.poems drop constraint poems_translator_id_fkey;
          perform pg_notify('pgrst', 'reload schema');
        end $$`);
      await direct.query('select public.drop_translator_key()');
      await soon(async () => {
        const single = await svc.from('poets').select('name, poems(title)').eq('id', 1);
        expect(single.error).toBeNull();
        expect(single.data).toEqual([{ name: 'Wisława', poems: [{ title: 'View with a Grain of Sand' }] }]);
      });

      // Inside a transaction the notice waits for its commit, as Postgres delivers it.
      await direct.query('begin');
      await direct.query(`alter table public.poems add constraint poems_translator_id_fkey foreign key (translator_id) references public.poets (id)`);
      await direct.query(`notify pgrst`);
      await direct.query('commit');
      await soon(async () => {
        const again = await svc.from('poets').select('name, poems(title)').eq('id', 1);
        expect([again.status, again.error?.code]).toEqual([300, 'PGRST201']);
      });
      expect(toldThePerson).toEqual([]);
    } finally {
      await direct.end();
    }
  });
});
