import { createHash } from 'node:crypto';

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
  return [ROLES_SQL, AUTH_SCHEMA_SQL, STORAGE_SCHEMA_SQL, ...extraProjectBootstrap];
}

/** Marks which bootstrap a database has; a change of the SQL above (or of extraProjectBootstrap) runs it again. */
export function projectBootstrapVersion(): string {
  return `plinth-bootstrap:${createHash('sha256').update(projectBootstrapSql().join('\n')).digest('hex').slice(0, 16)}`;
}
