import type { ProjectDatabase } from '../../core/deps';

// The storage schema of a project database. The core creates it when a project comes up; these
// statements are the same shape and idempotent, and run once per open database on first use so
// that an older project (or a test database) gets the index the explorer's listing relies on.

export const STORAGE_SCHEMA_SQL = `
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
create index if not exists objects_bucket_name_prefix on storage.objects (bucket_id, name text_pattern_ops);
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
do $$ begin
  if exists (select 1 from pg_roles where rolname = 'authenticated') then
    grant usage on schema storage to anon, authenticated, service_role;
    grant select, insert, update, delete on storage.objects, storage.buckets to anon, authenticated, service_role;
    grant execute on all functions in schema storage to anon, authenticated, service_role;
  end if;
end $$;
`;

const ready = new WeakMap<ProjectDatabase, Promise<void>>();

/** Makes sure the storage schema is in place on this open project database. */
export async function ensureStorageSchema(db: ProjectDatabase): Promise<ProjectDatabase> {
  let done = ready.get(db);
  if (!done) {
    done = db.exec(STORAGE_SCHEMA_SQL).then(() => undefined);
    done.catch(() => ready.delete(db));
    ready.set(db, done);
  }
  await done;
  return db;
}
