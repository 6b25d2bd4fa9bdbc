import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@plinth/shared-contracts';
import { createTestHarness, type TestHarness } from '@plinth/platform-api/testing';
import { loadServerSecret } from '../csrf';
import { projectDatabaseName } from './manager';
import { projectRoleName, projectRolePassword, projectRoleUrl } from './owner-role';

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness();
});
afterAll(async () => {
  await h?.close();
});

const failure = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e as ApiError);

/** The user name the API itself connects with (server mode). */
const apiUser = () => decodeURIComponent(new URL(process.env.DATABASE_URL!).username);

/** Where project `ref`'s own role would connect to `database` (as a user who learnt its password would). */
async function roleUrl(ref: string, database: string): Promise<string> {
  const secret = await loadServerSecret(h.internals.control, 'project-database-roles');
  return projectRoleUrl(process.env.DATABASE_URL!, database, projectRoleName(ref), projectRolePassword(secret, ref));
}

async function connectError(url: string): Promise<{ code?: string; message: string } | null> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (err) {
    return err as { code?: string; message: string };
  } finally {
    await client.end().catch(() => undefined);
  }
}

describe('every statement a user sends runs as a role that cannot reach the host', () => {
  it('a program started by COPY … PROGRAM built at run time never runs on the host', async () => {
    const { user, project } = await h.userWithProject();
    const marker = path.join(os.tmpdir(), `plinth-program-ran-${randomBytes(6).toString('hex')}`);
    const err = await failure(
      user.api.database.runQuery(project.ref, { query: `do $$ begin execute 'co' || 'py (select 1) to pro' || 'gram ''touch ${marker}'''; end $$` }),
    );
    expect(err).toBeInstanceOf(ApiError);
    expect(existsSync(marker)).toBe(false);
    if (h.mode === 'server') {
      expect(err!.status).toBe(400);
      expect(err!.message).toMatch(/must be superuser or have privileges of the pg_execute_server_program role/);
    } else {
      // Embedded: the engine runs in a WebAssembly sandbox with no process to start; the wedged database is restarted.
      expect(err!.status).toBe(503);
      expect(err!.code).toBe('DATABASE_RESTARTED');
    }
    expect((await user.api.database.runQuery(project.ref, { query: 'select 1 as one' })).rows).toEqual([{ one: 1 }]);
  });

  it("the host's files are out of reach: pg_read_file, COPY FROM a file, pg_ls_dir", async () => {
    const { user, project } = await h.userWithProject();
    // A file any process on the host may read, with content no answer could hold by chance.
    const dir = await mkdtemp(path.join(os.tmpdir(), 'plinth-host-'));
    const secret = `host-secret-${randomBytes(8).toString('hex')}`;
    const file = path.join(dir, 'secret.txt');
    await writeFile(file, `${secret}\n`);
    await chmod(dir, 0o755);
    await chmod(file, 0o644);
    try {
      for (const query of [
        `select pg_read_file('${file}') as f`,
        `select pg_read_binary_file('${file}') as f`,
        `create temp table f (l text); copy f from '${file}'; select * from f`,
        `select pg_ls_dir('${dir}') as f`,
        `select pg_read_file('/etc/passwd') as f`,
      ]) {
        const res = await failure(user.api.database.runQuery(project.ref, { query }).then((r) => Promise.reject(r)));
        const text = JSON.stringify(res instanceof ApiError ? res.message : res);
        expect(text, query).not.toContain(secret);
        expect(text, query).not.toContain(Buffer.from(secret).toString('hex'));
        expect(text, query).not.toMatch(/root:x?:0:0/);
        expect(res, query).toBeInstanceOf(ApiError);
        expect((res as ApiError).status, query).toBe(400);
        if (h.mode === 'server') expect((res as ApiError).message, query).toMatch(/permission denied|privileges of the pg_read_server_files role/);
        // Embedded: the engine sees only its own sandboxed files, so the host's are not there to read.
        else expect((res as ApiError).message, query).toMatch(/No such file or directory/);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('server settings (ALTER SYSTEM, database and role settings), other roles and superuser rights are refused; RESET ROLE gives nothing back', async () => {
    const { user, project } = await h.userWithProject();
    const run = (query: string) => user.api.database.runQuery(project.ref, { query });
    const who = await run(`reset role; select session_user::text as who, current_setting('is_superuser') as superuser`);
    if (h.mode === 'server') {
      expect(who.rows).toEqual([{ who: projectRoleName(project.ref), superuser: 'off' }]);
      for (const [query, message] of [
        [`select 1 where has_parameter_privilege('work_mem', 'alter system') or 1/0 = 1`, /division by zero/],
        [`alter database ${projectDatabaseName(project.ref)} set work_mem = '1GB'`, /must be owner of database/],
        [`alter role ${projectRoleName(project.ref)} set session_preload_libraries = 'auto_explain'`, /permission denied to set parameter/],
        [`set role ${apiUser()}`, /permission denied to set role/],
        [`set session authorization ${apiUser()}`, /permission denied to set session authorization/],
        [`alter role ${projectRoleName(project.ref)} superuser`, /must be superuser/],
        [`create extension dblink`, /permission denied to create extension/],
        [`grant pg_execute_server_program to ${projectRoleName(project.ref)}`, /must have admin option|permission denied/],
      ] as const) {
        const err = await failure(run(query));
        expect(err, query).toBeInstanceOf(ApiError);
        expect(err!.status, query).toBe(400);
        expect(err!.message, query).toMatch(message);
      }
    } else {
      // Embedded: the only role is the sandbox's own; no other database, extension or host is reachable from it.
      expect(who.rows).toEqual([{ who: 'postgres', superuser: 'on' }]);
      const err = await failure(run('create extension dblink'));
      expect(err!.status).toBe(400);
      expect(h.internals.databases.connectionUrl(project.ref)).toBeNull();
    }
    expect((await run('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it("a member cannot put code on the tables the API's own calls write (storage.objects, storage.buckets, auth.users)", async () => {
    const { user, project } = await h.userWithProject();
    const run = (query: string) => user.api.database.runQuery(project.ref, { query });
    await run(`create function public.note() returns trigger language plpgsql as $$ begin return new; end $$`);
    const attempts = [
      `create trigger note before insert on storage.objects for each row execute function public.note()`,
      `create trigger note before insert on storage.buckets for each row execute function public.note()`,
      `create trigger note before insert on auth.users for each row execute function public.note()`,
      `alter table storage.objects alter column metadata set default '{}'::jsonb`,
      `create rule note as on insert to storage.objects do also select 1`,
    ];
    for (const query of attempts) {
      const err = await failure(run(query));
      if (h.mode === 'server') {
        // The console writes these tables as the API's user: code put there would run with its rights.
        expect(err, query).toBeInstanceOf(ApiError);
        expect(err!.message, query).toMatch(/must be owner|permission denied/);
      } else {
        // Embedded: the database is the project's own sandbox and its only role is the user's.
        expect(err, query).toBeNull();
      }
    }
  });

  it("a project's role connects to its own database alone", async () => {
    const a = await h.userWithProject();
    const b = await h.userWithProject();
    if (h.mode === 'embedded') {
      // Embedded: project databases have no network address at all.
      expect(h.internals.databases.connectionUrl(a.project.ref)).toBeNull();
      return;
    }
    expect(await connectError(await roleUrl(a.project.ref, projectDatabaseName(a.project.ref)))).toBeNull();
    const other = await connectError(await roleUrl(a.project.ref, projectDatabaseName(b.project.ref)));
    expect(other?.code).toBe('42501');
    expect(other?.message).toMatch(/permission denied for database/);
    const control = (await h.internals.control.query<{ name: string }>('select current_database() as name')).rows[0]!.name;
    expect((await connectError(await roleUrl(a.project.ref, control)))?.code).toBe('42501');
  });

  it("another project's sessions are out of sight and out of reach (pg_stat_activity, pg_terminate_backend)", async () => {
    const a = await h.userWithProject();
    const b = await h.userWithProject();
    const secret = `b-secret-${randomBytes(6).toString('hex')}`;
    await b.user.api.database.runQuery(b.project.ref, { query: `select '${secret}' as s` });
    // B's connection stays open and idle, its last statement on record.
    const seen = await a.user.api.database.runQuery(a.project.ref, {
      query: `select count(*)::int as n from pg_stat_activity where query like '%' || 'b-secret-' || '%' and pid <> pg_backend_pid()`,
    });
    expect(seen.rows).toEqual([{ n: 0 }]);
    const ended = await failure(
      a.user.api.database.runQuery(a.project.ref, {
        query: `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${projectDatabaseName(b.project.ref)}'`,
      }),
    );
    if (h.mode === 'server') {
      expect(ended!.status).toBe(400);
      expect(ended!.message).toMatch(/permission denied to terminate process|must be a member of the role|must be a superuser to terminate superuser process/);
    } else {
      expect(ended).toBeNull(); // embedded: no other project's session exists in this engine
    }
    expect((await b.user.api.database.runQuery(b.project.ref, { query: 'select 1 as one' })).rows).toEqual([{ one: 1 }]);
  });

  it("an app request's role cannot be left for the API's own user by the user's functions (RESET ROLE inside an rpc)", async () => {
    const { user, project } = await h.userWithProject();
    await user.api.database.runQuery(project.ref, {
      query: `create function public.escape() returns text language plpgsql as $$ begin reset role; return session_user || ' ' || current_setting('is_superuser'); end $$;
              grant execute on function public.escape() to anon, authenticated;`,
    });
    const db = await h.internals.databases.get(project.ref);
    // As the project APIs run a request: a transaction taking the caller's role, by options or by its own text.
    const byOptions = await db.query<{ who: string }>('select public.escape() as who', [], { role: 'anon', claims: { role: 'anon' } });
    const byText = await db.transaction(async (tx) => {
      await tx.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, ['authenticated', '{"role":"authenticated"}']);
      return tx.query<{ who: string }>('select public.escape() as who');
    });
    const expected = h.mode === 'server' ? `${projectRoleName(project.ref)} off` : 'postgres on';
    expect(byOptions.rows).toEqual([{ who: expected }]);
    expect(byText.rows).toEqual([{ who: expected }]);
  });

  it('a project made before project roles gets its role, grants and the ownership of its objects when its database next opens', async () => {
    const { user, project } = await h.userWithProject();
    const ref = project.ref;
    const run = (query: string) => user.api.database.runQuery(ref, { query });
    const manager = h.internals.databases;
    // What an older API left: the user's objects made by the API's own user, CONNECT open to all, no project role.
    await (await manager.get(ref)).exec(`
      create table public.legacy (id serial primary key, body text);
      create function public.legacy_fn() returns int language sql as $$ select 1 $$;
      create schema old_stuff;
      create table old_stuff.t (x int);
      create type public.mood as enum ('ok');
      alter default privileges in schema public grant select on tables to anon;
    `);
    await manager.close(ref);
    if (h.mode === 'server') {
      const admin = new pg.Client({ connectionString: manager.connectionUrl(ref)! });
      await admin.connect();
      const role = projectRoleName(ref);
      await admin.query(`alter schema public owner to pg_database_owner; drop owned by ${role}; drop role ${role}; grant connect, temporary on database ${projectDatabaseName(ref)} to public`);
      await admin.end();
    }
    await manager.openDatabase(ref);

    await run(`alter table public.legacy add column extra text; drop function public.legacy_fn(); insert into old_stuff.t values (1);
               alter type public.mood add value 'fine'; create table public.fresh (x int)`);
    const facts = await run(`reset role; select session_user::text as who,
      (select tableowner::text from pg_tables where tablename = 'legacy') as owner,
      has_database_privilege('public', current_database(), 'connect') as public_connect,
      has_table_privilege('anon', 'public.fresh', 'select') as anon_reads_fresh`);
    expect(facts.rows).toEqual([
      h.mode === 'server'
        ? { who: projectRoleName(ref), owner: projectRoleName(ref), public_connect: false, anon_reads_fresh: true }
        : { who: 'postgres', owner: 'postgres', public_connect: true, anon_reads_fresh: true },
    ]);
  });

  it('the SQL editor still creates tables, functions and policies, and turns row level security on for its own tables', async () => {
    const { user, project } = await h.userWithProject();
    const run = (query: string) => user.api.database.runQuery(project.ref, { query });
    await run(`
      create table public.notes (id serial primary key, owner uuid, body text);
      create function public.shout(t text) returns text language sql immutable as $$ select upper(t) $$;
      alter table public.notes enable row level security;
      create policy "own notes" on public.notes for select to authenticated using (owner = auth.uid());
      grant select on public.notes to authenticated;
      insert into public.notes (owner, body) values ('00000000-0000-0000-0000-000000000001', 'mine'), ('00000000-0000-0000-0000-000000000002', 'theirs');
      create schema reports;
      create view reports.loud as select public.shout(body) as body from public.notes;
    `);
    expect((await run('select body from reports.loud order by body')).rows).toEqual([{ body: 'MINE' }, { body: 'THEIRS' }]);
    const asUser = await run(`
      select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-000000000001"}', true);
      set local role authenticated;
      select body from public.notes`);
    expect(asUser.rows).toEqual([{ body: 'mine' }]);
    await run(`alter table public.notes disable row level security; alter table public.notes enable row level security; drop policy "own notes" on public.notes`);

    // The console's own routes still manage the user's table.
    const tables = await user.api.database.listTables(project.ref, 'public');
    const notes = tables.find((t) => t.name === 'notes')!;
    expect(notes.rls_enabled).toBe(true);
    expect((await user.api.database.updateTable(project.ref, notes.id, { rls_enabled: false })).rls_enabled).toBe(false);
    const policy = await user.api.database.createPolicy(project.ref, { name: 'read all', schema: 'public', table: 'notes', action: 'PERMISSIVE', command: 'SELECT', roles: ['anon'], definition: 'true' });
    expect(policy.name).toBe('read all');
  });
});
