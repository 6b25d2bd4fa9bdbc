import { createHash } from 'node:crypto';
import { HIDDEN_SCHEMAS } from '@plinth/shared-contracts';

/**
 * SQL run once on every new project database (and again, idempotently, on each open of an
 * older one). Roles are cluster-wide on a Postgres server, so their creation tolerates another
 * database having created them first.
 */
export const ROLES_SQL = `
do $$
declare r text;
begin
  foreach r in array array['anon', 'authenticated', 'service_role'] loop
    if not exists (select 1 from pg_roles where rolname = r) then
      begin
        execute format('create role %I nologin noinherit', r);
      exception when duplicate_object or unique_violation then null;
      end;
    end if;
  end loop;
  -- service_role bypasses row level security, as on the established platform. Only a superuser
  -- may give that attribute: an API user without it leaves service_role under the policies.
  if (select rolsuper from pg_roles where rolname = current_user)
     and not (select rolbypassrls from pg_roles where rolname = 'service_role') then
    begin
      alter role service_role bypassrls;
    exception when others then null; -- another database's bootstrap changed it at the same moment
    end;
  end if;
end $$;
`;

export const AUTH_SCHEMA_SQL = `
create schema if not exists auth;
create or replace function auth.jwt() returns jsonb language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claims', true), ''), '{}')::jsonb
$$;
create or replace function auth.uid() returns uuid language sql stable as $$
  select nullif(auth.jwt() ->> 'sub', '')::uuid
$$;
create or replace function auth.role() returns text language sql stable as $$
  select coalesce(auth.jwt() ->> 'role', current_user)::text
$$;
grant usage on schema auth to anon, authenticated, service_role;
grant execute on all functions in schema auth to anon, authenticated, service_role;
`;

/**
 * The project's own users (the /auth/v1 service): users, their sessions, rotating refresh tokens
 * (stored as SHA-256 hashes) and one-time email tokens (hashes). Only the service reads them; the
 * API roles get no grant. auth.uid() is the `sub` of the caller's claims, which is auth.users.id.
 */
export const AUTH_TABLES_SQL = `
create table if not exists auth.users (
  id uuid primary key default gen_random_uuid(),
  aud text not null default 'authenticated',
  role text not null default 'authenticated',
  email text,
  encrypted_password text,
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_sent_at timestamptz,
  recovery_sent_at timestamptz,
  email_change text,
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{}',
  raw_user_meta_data jsonb not null default '{}',
  banned_until timestamptz,
  is_anonymous boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index if not exists users_email_key on auth.users (lower(email));
create table if not exists auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users(id) on delete cascade,
  aal text not null default 'aal1',
  user_agent text,
  ip text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  refreshed_at timestamptz
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);
create table if not exists auth.refresh_tokens (
  id bigserial primary key,
  token text not null unique,
  user_id uuid not null references auth.users(id) on delete cascade,
  session_id uuid not null references auth.sessions(id) on delete cascade,
  parent text,
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists refresh_tokens_session_id_idx on auth.refresh_tokens (session_id);
create table if not exists auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users(id) on delete cascade,
  token_type text not null,
  token_hash text not null,
  relates_to text not null,
  created_at timestamptz not null default now(),
  unique (user_id, token_type)
);
create index if not exists one_time_tokens_token_hash_idx on auth.one_time_tokens (token_hash);
create or replace function auth.email() returns text language sql stable as $$
  select auth.jwt() ->> 'email'
$$;
grant execute on function auth.email() to anon, authenticated, service_role;
`;

/** The storage schema's tables, functions and row level security, shared with domains/storage/schema.ts. */
export const STORAGE_TABLES_SQL = `
create schema if not exists storage;
create table if not exists storage.buckets (
  id text primary key,
  name text not null unique,
  owner uuid,
  public boolean not null default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text not null references storage.buckets(id),
  name text not null,
  owner uuid,
  metadata jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_accessed_at timestamptz not null default now(),
  unique (bucket_id, name)
);
create or replace function storage.foldername(name text) returns text[] language sql immutable as $$
  select (string_to_array(name, '/'))[1:array_length(string_to_array(name, '/'), 1) - 1]
$$;
create or replace function storage.filename(name text) returns text language sql immutable as $$
  select (string_to_array(name, '/'))[array_length(string_to_array(name, '/'), 1)]
$$;
create or replace function storage.extension(name text) returns text language sql immutable as $$
  select lower(substring(storage.filename(name) from '\\.([^.]*)$'))
$$;
alter table storage.objects enable row level security;
alter table storage.buckets enable row level security;
`;

export const STORAGE_SCHEMA_SQL = `${STORAGE_TABLES_SQL}grant usage on schema storage to anon, authenticated, service_role;
grant select, insert, update, delete on storage.objects, storage.buckets to anon, authenticated, service_role;
grant execute on all functions in schema storage to anon, authenticated, service_role;
grant usage on schema public to anon, authenticated, service_role;
`;

/** Statements appended by domain modules (push at import time); each must be idempotent. */
export const extraProjectBootstrap: string[] = [];

export function projectBootstrapSql(): string[] {
  return [ROLES_SQL, AUTH_SCHEMA_SQL, AUTH_TABLES_SQL, STORAGE_SCHEMA_SQL, ...extraProjectBootstrap];
}

/** Marks which bootstrap a database has; a change of the SQL above (or of extraProjectBootstrap) runs it again. */
export function projectBootstrapVersion(): string {
  return `plinth-bootstrap:${createHash('sha256').update(projectBootstrapSql().join('\n')).digest('hex').slice(0, 16)}`;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * Server mode: the project's own login role, which every statement a user sends runs as (the SQL
 * editor, app requests through the project APIs). Run by the API's user on every open of the
 * project's database, so databases made before it get it too; each statement is idempotent.
 *
 * The role is no superuser and cannot create databases or roles, replicate or bypass row level
 * security; a role found with any of these, or a member of a role other than anon, authenticated
 * and service_role, stops the open. It may connect to its own database alone (CONNECT is revoked
 * from PUBLIC), owns `public` and the user's own schemas and objects (those the API's user made
 * before this role existed are handed to it), and reaches `auth` and `storage` only through
 * anon, authenticated and service_role. `verifier` is a SCRAM-SHA-256 verifier, never a password.
 */
export function projectOwnerSql(o: { role: string; database: string; verifier: string }): string[] {
  const role = ident(o.role);
  const name = literal(o.role);
  const own = `array[${HIDDEN_SCHEMAS.map(literal).join(', ')}]::text[]`;
  const userSchema = (n: string) => `${n}.nspname <> all (${own}) and ${n}.nspname not like 'pg\\_%'`;
  const notExtension = (catalog: string, oid: string) =>
    `not exists (select 1 from pg_depend d where d.classid = '${catalog}'::regclass and d.objid = ${oid} and d.deptype = 'e')`;
  return [
    `do $$
begin
  if not exists (select 1 from pg_roles where rolname = ${name}) then
    begin
      create role ${role} login nosuperuser nocreatedb nocreaterole noreplication nobypassrls inherit;
    exception when duplicate_object or unique_violation then null;
    end;
  end if;
end $$;
alter role ${role} login nocreatedb nocreaterole inherit connection limit 12 password ${literal(o.verifier)};`,
    `do $$
declare wrong text;
begin
  select string_agg(what, ', ') into wrong from (
    select 'superuser' as what from pg_roles where rolname = ${name} and rolsuper
    union all select 'replication' from pg_roles where rolname = ${name} and rolreplication
    union all select 'bypassrls' from pg_roles where rolname = ${name} and rolbypassrls
    union all select 'member of ' || g.rolname from pg_auth_members m
      join pg_roles g on g.oid = m.roleid join pg_roles u on u.oid = m.member
      where u.rolname = ${name} and g.rolname not in ('anon', 'authenticated', 'service_role')
  ) found;
  if wrong is not null then
    raise exception 'the project database role % has privileges it must not have: %', ${name}, wrong;
  end if;
end $$;
grant anon, authenticated, service_role to ${role};
grant ${role} to current_user;
revoke all on database ${ident(o.database)} from public;
grant connect, temporary, create on database ${ident(o.database)} to ${role};
revoke create on schema public from public;
alter schema public owner to ${role};`,
    `do $$
declare
  me oid := (select oid from pg_roles where rolname = current_user);
  o record;
begin
  -- The default privileges the bootstrap gave for objects the API's user creates apply to the
  -- project role's objects too (e.g. grants to the API roles on new tables in public).
  for o in select format('alter default privileges for role %I %s grant %s on %s to %s', ${name},
        case when a.defaclnamespace = 0 then '' else format('in schema %I', n.nspname) end, x.privilege_type,
        case a.defaclobjtype when 'r' then 'tables' when 'S' then 'sequences' when 'f' then 'functions' when 'T' then 'types' else 'schemas' end,
        case when x.grantee = 0 then 'public' else quote_ident(g.rolname) end) as sql
      from pg_default_acl a left join pg_namespace n on n.oid = a.defaclnamespace
        cross join lateral aclexplode(a.defaclacl) x left join pg_roles g on g.oid = x.grantee
      where a.defaclrole = me and x.grantee <> me loop
    execute o.sql;
  end loop;
  for o in select format('alter schema %I owner to %I', n.nspname, ${name}) as sql from pg_namespace n
      where n.nspowner = me and ${userSchema('n')} and ${notExtension('pg_namespace', 'n.oid')} loop
    execute o.sql;
  end loop;
  for o in select format('alter %s %s owner to %I',
        case c.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'f' then 'foreign table' when 'S' then 'sequence' else 'table' end,
        c.oid::regclass, ${name}) as sql
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relowner = me and ${userSchema('n')} and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
        and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype in ('a', 'i', 'e')) loop
    begin execute o.sql; exception when others then raise warning '%: %', o.sql, sqlerrm; end;
  end loop;
  for o in select format('alter %s %s owner to %I', case p.prokind when 'a' then 'aggregate' else 'routine' end, p.oid::regprocedure, ${name}) as sql
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where p.proowner = me and ${userSchema('n')} and p.prokind in ('f', 'p', 'a') and ${notExtension('pg_proc', 'p.oid')} loop
    begin execute o.sql; exception when others then raise warning '%: %', o.sql, sqlerrm; end;
  end loop;
  for o in select format('alter %s %s owner to %I', case t.typtype when 'd' then 'domain' else 'type' end, t.oid::regtype, ${name}) as sql
      from pg_type t join pg_namespace n on n.oid = t.typnamespace
      where t.typowner = me and ${userSchema('n')} and ${notExtension('pg_type', 't.oid')}
        and (t.typtype in ('e', 'd', 'r') or (t.typtype = 'c' and (select relkind from pg_class where oid = t.typrelid) = 'c')) loop
    begin execute o.sql; exception when others then raise warning '%: %', o.sql, sqlerrm; end;
  end loop;
end $$;`,
  ];
}
