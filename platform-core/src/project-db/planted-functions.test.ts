import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { CSRF_HEADER } from '@plinth/shared-contracts';
import { memberWithProject } from '@plinth/platform-api/testing/member-project';
import { runSqlAs } from '@plinth/platform-api/testing/run-sql';
import { projectKeys } from '@plinth/project-services/testing';
import { projectAdminRoleName, projectRoleName } from './owner-role';

vi.mock('fastify', async (importOriginal) => (await import('@plinth/platform-api/fuzz/route-catalog')).withRouteRecorder(await importOriginal()));
const { registeredRoutes } = await import('@plinth/platform-api/fuzz/route-catalog');

// A tenant plants look-alikes of every catalog function the platform's SQL names, and of common
// operators and aggregates, in `public` and in each schema a platform session would find first
// on a default search path ("$user"); each records who called it. Then the console's routes and
// the project's lifecycle run. No look-alike may ever run as the platform: on a server, every call
// recorded is by the project's own role or an API role; embedded, the platform's own calls record
// none at all.

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The server packages' sources. */
const SOURCES = ['platform-core', 'project-services', 'console-api', 'platform-api'].map((pkg) => path.join(REPO, pkg, 'src'));

/** Every name followed by `(` in the platform's own (non-test) sources: a superset of the functions its SQL calls. */
async function namesInSources(): Promise<string[]> {
  const names = new Set<string>();
  const walk = async (dir: string): Promise<void> => {
    for (const e of await readdir(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'testing' && e.name !== 'fuzz') await walk(p);
      } else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')) {
        for (const m of (await readFile(p, 'utf8')).matchAll(/\b([a-z_][a-z0-9_]*)\s*\(/g)) names.add(m[1]!);
      }
    }
  };
  for (const dir of SOURCES) await walk(dir);
  return [...names].filter((n) => n.length > 2).sort();
}

const RECORD = `insert into public.planted_calls (fn, who) values (%L, current_user::text)`;

/** Look-alikes of the named catalog functions in `schema`: polymorphic and loosely matched arguments made exact, three ways. */
function plantFunctionsSql(schema: string, names: string[]): string {
  return `do $plant$
declare
  f record; v int; args text[]; ret text; body text;
  poly regtype[] := array['anyelement', 'anynonarray', 'anycompatible', 'anycompatiblenonarray', '"any"']::regtype[];
  polyarr regtype[] := array['anyarray', 'anycompatiblearray']::regtype[];
begin
  for f in select p.proname, p.proargtypes::oid[] as argtypes, p.prorettype, p.proretset
      from pg_proc p where p.pronamespace = 'pg_catalog'::regnamespace and p.prokind = 'f' and p.pronargs between 1 and 4
        and p.proname = any (array[${names.map((n) => `'${n}'`).join(', ')}]::name[]) loop
    for v in 1..3 loop
      args := array(select case
          when t.oid = any (poly) then (array['text', 'integer', 'name'])[v]
          when t.oid = any (polyarr) then (array['text[]', 'integer[]', 'name[]'])[v]
          when t.oid = 'oid'::regtype then (array['regclass', 'regnamespace', 'regproc'])[v]
          when t.oid = 'text'::regtype then (array['text', 'character varying', 'name'])[v]
          when t.oid = 'name'::regtype then (array['text', 'name', 'character varying'])[v]
          else format_type(t.oid, null) end
        from unnest(f.argtypes) with ordinality as t(oid, n) order by t.n);
      ret := case when f.prorettype = any (poly) or f.prorettype = any (polyarr) or f.prorettype = 'anyrange'::regtype then 'text'
        else format_type(f.prorettype, null) end;
      if ret in ('trigger', 'event_trigger', 'internal', 'cstring') then continue; end if;
      body := format('${RECORD}; return%s;', f.proname, case when f.proretset or ret = 'void' then '' else ' null' end);
      begin
        execute format('create function %I.%I(%s) returns %s%s language plpgsql as %L', ${`'${schema.replace(/'/g, "''")}'`}, f.proname,
          array_to_string(args, ', '), case when f.proretset then 'setof ' else '' end, ret, 'begin ' || body || ' end');
      exception when others then null; -- a signature that exists already, or a type a function cannot take
      end;
    end loop;
  end loop;
end $plant$;`;
}

/** Look-alike operators and aggregates in `schema` over pairs of common types the catalog has no exact operator for. */
function plantOperatorsSql(schema: string): string {
  const s = `'${schema.replace(/'/g, "''")}'`;
  return `do $plant$
declare
  op text; l text; r text; n int := 0;
  types text[] := array['text', 'name', 'oid', 'regclass', 'integer', 'bigint', 'jsonb', '"char"', 'boolean', 'text[]', 'name[]', 'character varying'];
begin
  foreach op in array array['=', '<>', '||', '~~', '->>', '@>', '<', '~', '&&'] loop
    foreach l in array types loop
      foreach r in array types loop
        if exists (select 1 from pg_operator o where o.oprname = op and o.oprleft = l::regtype and o.oprright = r::regtype and o.oprnamespace = 'pg_catalog'::regnamespace) then continue; end if;
        n := n + 1;
        begin
          execute format('create function %I.planted_op_%s(a %s, b %s) returns boolean language plpgsql as %L', ${s}, n, l, r,
            format('begin ${RECORD}; return null; end', 'operator ' || op));
          execute format('create operator %I.%s (leftarg = %s, rightarg = %s, function = %I.planted_op_%s)', ${s}, op, l, r, ${s}, n);
        exception when others then null;
        end;
      end loop;
    end loop;
  end loop;
  execute format('create function %I.planted_step(s text, a anyelement) returns text language plpgsql as %L', ${s}, format('begin ${RECORD}; return s; end', 'aggregate'));
  foreach op in array array['string_agg', 'array_agg', 'json_agg', 'jsonb_agg', 'count', 'max', 'min', 'sum', 'bool_or', 'bool_and'] loop
    foreach l in array array['text', 'name', 'integer', 'oid', 'regclass', 'boolean', 'jsonb'] loop
      begin
        execute format('create aggregate %I.%I(%s) (sfunc = %I.planted_step, stype = text, initcond = %L)', ${s}, op, l, ${s}, '');
      exception when others then null;
      end;
    end loop;
  end loop;
end $plant$;`;
}

/** GET every console route of a project whose only path parameter is the project's ref. */
function projectGetRoutes(): string[] {
  const urls = new Set<string>();
  for (const r of registeredRoutes) {
    const methods = [r.method].flat();
    if (!methods.includes('GET') || !r.url.startsWith('/api/') || r.url.startsWith('/api/projects/')) continue;
    const params = [...r.url.matchAll(/:([A-Za-z_]+)|\*/g)].map((m) => m[1] ?? '*');
    if (params.length !== 1 || params[0] !== 'ref') continue;
    urls.add(r.url);
  }
  return [...urls].sort();
}

describe('functions a tenant plants never run as the platform', () => {
  const m = memberWithProject();

  it('on every console route and lifecycle step, each look-alike call is by the tenant\'s own roles (or none at all embedded)', async () => {
    const { h, owner, ref } = m;
    const server = h.mode === 'server';
    const csrf = () => ({ [CSRF_HEADER]: owner.jar.get('plinth_csrf') ?? '', 'content-type': 'application/json' });
    // The tenant's own statements here see pg_catalog alone, so the look-alikes never stand in for what they call.
    const run = async (query: string) => {
      const r = await runSqlAs(owner, ref, { query: `set search_path = pg_catalog;\n${query}`, timeoutMs: 60_000 });
      expect(r.status, `${query.slice(0, 80)}: ${JSON.stringify(r.body)}`).toBe(200);
      return r.body as { rows: Record<string, unknown>[] };
    };
    const post = async (url: string, body: unknown, method = 'POST') => owner.fetch(url, { method, headers: csrf(), body: JSON.stringify(body) });

    // The tenant's table of calls, and its table with a foreign key into auth.users for the table editor.
    await run(`create table public.planted_calls (fn text, who text, at timestamptz default now());
      grant insert, select on public.planted_calls to public;
      create table public.notes (id bigint generated always as identity primary key, body text, owner uuid);
      insert into public.notes (body) values ('one'), ('two');`);
    const sessionUsers = server ? [projectAdminRoleName(ref), projectRoleName(ref), new URL(process.env.DATABASE_URL!).username] : ['postgres'];
    const names = await namesInSources();
    for (const schema of ['public', ...sessionUsers]) {
      if (schema !== 'public') await run(`create schema if not exists "${schema}"; grant usage on schema "${schema}" to public`);
      await run(plantFunctionsSql(schema, names));
      await run(plantOperatorsSql(schema));
    }
    const planted = await run(`select count(*)::int as n from pg_proc where pronamespace = 'public'::regnamespace`);
    expect(Number(planted.rows[0]!.n)).toBeGreaterThan(500);
    if (server) {
      // A cast between the server's own types is not the tenant's to make.
      const cast = await runSqlAs(owner, ref, { query: `create cast (text as regclass) with function public.planted_op_1(text, name)` });
      expect(cast.status).toBe(400);
    }

    // The console: every GET of the project, storage, auth, policies, the table editor's shape.
    const tenantRoles = new Set(server ? [projectRoleName(ref), 'anon', 'authenticated', 'service_role'] : ['anon', 'authenticated', 'service_role']);
    const answered: string[] = [];
    for (const url of projectGetRoutes()) {
      const res = await owner.fetch(url.replace(':ref', ref));
      answered.push(`${res.status} ${url}`);
      expect(res.status, url).toBeLessThan(500);
    }
    expect(answered.filter((a) => a.startsWith('200')).length).toBeGreaterThan(20);
    expect((await post(`/api/platform/storage/${ref}/buckets`, { id: 'planted', name: 'planted', public: false })).status).toBeLessThan(300);
    const upload = await owner.fetch(`/api/platform/storage/${ref}/buckets/planted/objects/upload?path=${encodeURIComponent('a/b.txt')}`, {
      method: 'POST',
      headers: { [CSRF_HEADER]: owner.jar.get('plinth_csrf') ?? '', 'content-type': 'text/plain' },
      body: 'hello',
    });
    answered.push(`${upload.status} upload`);
    expect((await post(`/api/platform/storage/${ref}/buckets/planted/objects/list`, { path: 'a' })).status).toBeLessThan(500);
    expect((await post(`/api/platform/auth/${ref}/users`, { email: 'planted@example.com', password: 'planted-password-1' })).status).toBeLessThan(300);
    expect(
      (await post(`/api/platform/pg-meta/${ref}/policies`, { name: 'notes read', schema: 'public', table: 'notes', action: 'PERMISSIVE', command: 'SELECT', roles: ['authenticated'], definition: 'owner = auth.uid()' })).status,
    ).toBeLessThan(300);

    const byPlatform = async () => {
      const r = await run(`select distinct fn, who from public.planted_calls order by 1, 2`);
      return r.rows.filter((row) => !tenantRoles.has(String(row.who)));
    };
    expect(await byPlatform()).toEqual([]);

    // The lifecycle: the database closed for being idle and opened again on the next call, paused
    // and restored (a restore opens it: checks, bootstrap, roles).
    expect(await ((await h.internals.databases.get(ref)) as unknown as { suspend(): Promise<boolean> }).suspend()).toBe(true);
    expect((await owner.fetch(`/api/platform/pg-meta/${ref}/tables`)).status).toBe(200);
    expect((await post(`/api/platform/projects/${ref}/pause`, {})).status).toBe(200);
    await h.waitForStatus(owner, ref, 'INACTIVE');
    expect((await post(`/api/platform/projects/${ref}/restore`, {})).status).toBe(200);
    await h.waitForStatus(owner, ref, 'ACTIVE_HEALTHY');
    for (const url of projectGetRoutes()) expect((await owner.fetch(url.replace(':ref', ref))).status, url).toBeLessThan(500);
    expect(await byPlatform()).toEqual([]);

    // The app endpoints and what runs as the member's role: look-alikes may run there, as the tenant's own roles only.
    const keys = await projectKeys(h, ref);
    for (const key of [keys.anonKey, keys.serviceRoleKey]) {
      const res = await h.services.inject({ method: 'GET', url: `/${ref}/rest/v1/notes?select=id,body&order=id`, headers: { apikey: key, authorization: `Bearer ${key}` } });
      expect(res.statusCode).toBeLessThan(500);
      expect(res.statusCode).not.toBe(404);
    }
    if (server) expect(await byPlatform()).toEqual([]);
  }, 600_000);

  it('every function the platform installs in a project database runs as its caller with an empty search path', async () => {
    const r = await runSqlAs<{ rows: { fn: string; definer: boolean; config: string[] | null }[] }>(m.owner, m.ref, {
      query: `select p.oid::regprocedure::text as fn, p.prosecdef as definer, p.proconfig as config from pg_proc p
        where p.pronamespace in ('auth'::regnamespace, 'storage'::regnamespace) order by 1`,
    });
    expect(r.status).toBe(200);
    const fns = r.body.rows;
    expect(fns.map((f) => f.fn)).toEqual(expect.arrayContaining(['auth.uid()', 'auth.jwt()', 'storage.foldername(text)']));
    expect(fns.filter((f) => f.definer || !(f.config ?? []).some((c) => c === 'search_path=""'))).toEqual([]);
    // The server's own schemas keep their owner whoever made the database (a superuser API user owns them too).
    const system = await runSqlAs<{ rows: { owner: string }[] }>(m.owner, m.ref, {
      query: `select distinct pg_get_userbyid(nspowner)::text as owner from pg_namespace where nspname in ('pg_catalog', 'information_schema', 'pg_toast')`,
    });
    expect(system.body.rows.map((r) => r.owner)).not.toContain(projectAdminRoleName(m.ref));
    expect(system.body.rows.map((r) => r.owner)).not.toContain(projectRoleName(m.ref));
  });
});
