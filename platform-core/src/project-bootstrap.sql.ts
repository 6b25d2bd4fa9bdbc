import { createHash } from 'node:crypto';
import { HIDDEN_SCHEMAS } from '@plinth/contracts-database';

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
    if not exists (select 1 from pg_catalog.pg_roles where rolname operator(pg_catalog.=) r) then
      begin
        execute pg_catalog.format('create role %I nologin noinherit', r);
      exception when duplicate_object or unique_violation then null;
      end;
    end if;
  end loop;
  -- service_role bypasses row level security, as on the established platform. Only a superuser
  -- may give that attribute: an API user without it leaves service_role under the policies.
  if (select rolsuper from pg_catalog.pg_roles where rolname operator(pg_catalog.=) current_user)
     and not (select rolbypassrls from pg_catalog.pg_roles where rolname operator(pg_catalog.=) 'service_role') then
    begin
      alter role service_role bypassrls;
    exception when others then null; -- another database's bootstrap changed it at the same moment
    end;
  end if;
end $$;
`;

export const AUTH_SCHEMA_SQL = `
create schema if not exists auth;
create or replace function auth.jwt() returns jsonb language sql stable set search_path = '' as $$
  select coalesce(nullif(pg_catalog.current_setting('request.jwt.claims', true), ''), '{}')::jsonb
$$;
create or replace function auth.uid() returns uuid language sql stable set search_path = '' as $$
  select nullif(auth.jwt() operator(pg_catalog.->>) 'sub', '')::uuid
$$;
create or replace function auth.role() returns text language sql stable set search_path = '' as $$
  select coalesce(auth.jwt() operator(pg_catalog.->>) 'role', current_user)::text
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
alter table auth.users add column if not exists deleted_at timestamptz;
alter table auth.users add column if not exists email_change_confirm_status smallint not null default 0;
alter table auth.users add column if not exists reauthentication_sent_at timestamptz;
alter table auth.sessions add column if not exists amr jsonb not null default '[]';
alter table auth.users add column if not exists phone text;
alter table auth.users add column if not exists phone_confirmed_at timestamptz;
alter table auth.users add column if not exists phone_change text;
alter table auth.users add column if not exists phone_change_sent_at timestamptz;
create unique index if not exists users_phone_key on auth.users (phone) where phone is not null;
create table if not exists auth.mfa_factors (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users(id) on delete cascade,
  friendly_name text,
  factor_type text not null default 'totp',
  status text not null default 'unverified',
  secret text not null,
  last_used_step bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_challenged_at timestamptz
);
create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);
create unique index if not exists mfa_factors_user_friendly_name_idx on auth.mfa_factors (user_id, friendly_name) where friendly_name is not null and friendly_name <> '';
create table if not exists auth.mfa_challenges (
  id uuid primary key default gen_random_uuid(),
  factor_id uuid not null references auth.mfa_factors(id) on delete cascade,
  ip text,
  created_at timestamptz not null default now(),
  verified_at timestamptz
);
create index if not exists mfa_challenges_factor_id_idx on auth.mfa_challenges (factor_id);
alter table auth.mfa_factors add column if not exists phone text;
create unique index if not exists mfa_factors_user_phone_idx on auth.mfa_factors (user_id, phone) where phone is not null;
alter table auth.mfa_challenges add column if not exists otp_code text;
create or replace function auth.email() returns text language sql stable set search_path = '' as $$
  select auth.jwt() operator(pg_catalog.->>) 'email'
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
create or replace function storage.foldername(name text) returns text[] language sql immutable set search_path = '' as $$
  select (pg_catalog.string_to_array(name, '/'))[1:pg_catalog.array_length(pg_catalog.string_to_array(name, '/'), 1) operator(pg_catalog.-) 1]
$$;
create or replace function storage.filename(name text) returns text language sql immutable set search_path = '' as $$
  select (pg_catalog.string_to_array(name, '/'))[pg_catalog.array_length(pg_catalog.string_to_array(name, '/'), 1)]
$$;
create or replace function storage.extension(name text) returns text language sql immutable set search_path = '' as $$
  select pg_catalog.lower(pg_catalog.substring(storage.filename(name), '\\.([^.]*)$'))
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

/**
 * What runs inside a project database: on a Postgres server as the platform's role of the project
 * (owner-role.ts), which cannot create roles: the server's roles come first from the control
 * database (ROLES_SQL in projectRolesSql). Embedded, the one session makes them too.
 */
export function projectBootstrapSql(options: { roles?: boolean } = {}): string[] {
  return [...(options.roles === false ? [] : [ROLES_SQL]), AUTH_SCHEMA_SQL, AUTH_TABLES_SQL, STORAGE_SCHEMA_SQL, ...extraProjectBootstrap];
}

/** Marks which bootstrap a database has; a change of the SQL above (or of extraProjectBootstrap) runs it again. */
export function projectBootstrapVersion(): string {
  return `plinth-bootstrap:${createHash('sha256').update(projectBootstrapSql().join('\n')).digest('hex').slice(0, 16)}`;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * Server mode, run by the API's user on the control database (never inside a project database,
 * where the tenant's objects live) on every open of a project's database, so databases made
 * before get it too; each statement is idempotent. Everything here is about the server's shared
 * catalogs: roles, memberships and the database's privileges.
 *
 * The project role (`owner`) is the one every statement a user sends runs as (the SQL editor, app
 * requests through the project APIs). The platform's role of the project (`admin`) runs the
 * bootstrap and the console's calls inside the database. Neither is a superuser, creates databases
 * or roles, replicates or bypasses row level security; the project role is a member of anon,
 * authenticated and service_role only, the platform's role of the project role only. A role found
 * with more stops the open. Both may connect to this database alone (CONNECT is revoked from
 * PUBLIC), within connection limits that also bound the database as a whole. `ownerVerifier` and
 * `adminVerifier` are SCRAM-SHA-256 verifiers, never passwords.
 */
export function projectRolesSql(o: { owner: string; admin: string; database: string; ownerVerifier: string; adminVerifier: string; ownerConnections: number; adminConnections: number }): string[] {
  const owner = ident(o.owner);
  const admin = ident(o.admin);
  const db = ident(o.database);
  const create = (role: string, inherit: boolean) => `do $$
begin
  if not exists (select 1 from pg_catalog.pg_roles where rolname operator(pg_catalog.=) ${literal(role)}) then
    begin
      create role ${ident(role)} login nosuperuser nocreatedb nocreaterole noreplication nobypassrls ${inherit ? 'inherit' : 'noinherit'};
    exception when duplicate_object or unique_violation then null;
    end;
  end if;
end $$;`;
  const wrong = (role: string, allowed: string[]) => `
    select ${literal(role + ': superuser')} as what from pg_catalog.pg_roles where rolname operator(pg_catalog.=) ${literal(role)} and rolsuper
    union all select ${literal(role + ': replication')} from pg_catalog.pg_roles where rolname operator(pg_catalog.=) ${literal(role)} and rolreplication
    union all select ${literal(role + ': bypassrls')} from pg_catalog.pg_roles where rolname operator(pg_catalog.=) ${literal(role)} and rolbypassrls
    union all select ${literal(role + ': member of ')} operator(pg_catalog.||) g.rolname::text from pg_catalog.pg_auth_members m
      join pg_catalog.pg_roles g on g.oid operator(pg_catalog.=) m.roleid join pg_catalog.pg_roles u on u.oid operator(pg_catalog.=) m.member
      where u.rolname operator(pg_catalog.=) ${literal(role)} and g.rolname::text operator(pg_catalog.<>) all (array[${allowed.map(literal).join(', ')}]::text[])`;
  return [
    ROLES_SQL,
    `${create(o.owner, true)}
${create(o.admin, true)}
alter role ${owner} login nocreatedb nocreaterole inherit connection limit ${o.ownerConnections} password ${literal(o.ownerVerifier)};
alter role ${admin} login nocreatedb nocreaterole inherit connection limit ${o.adminConnections} password ${literal(o.adminVerifier)};`,
    `do $$
declare wrong text;
begin
  select pg_catalog.string_agg(what, ', ') into wrong from (${wrong(o.owner, ['anon', 'authenticated', 'service_role'])}
    union all ${wrong(o.admin, [o.owner]).trimStart()}
  ) found;
  if wrong is not null then
    raise exception 'a project database role has privileges it must not have: %', wrong;
  end if;
end $$;
grant anon, authenticated, service_role to ${owner};
grant ${owner} to ${admin};
grant ${owner}, ${admin} to current_user;`,
  ];
}

/**
 * Who may connect to a project database, and how many sessions it holds at most (the two roles'
 * limits together, so a busy project can never take more of the server). Run by the database's
 * owner: the API's user right after creating it, then the platform's role of the project.
 */
export function projectDatabaseGrantsSql(o: { owner: string; database: string; connections: number }): string {
  const db = ident(o.database);
  return `revoke all on database ${db} from public;
grant connect, temporary, create on database ${db} to ${ident(o.owner)};
alter database ${db} connection limit ${o.connections};`;
}

/**
 * Server mode: what the platform's role of the project does inside the project database after the
 * bootstrap, on every open. The project role owns `public` and the user's own schemas and objects
 * (those the platform made there are handed to it), and the default privileges the bootstrap gave
 * for the platform's objects (grants to the API roles on new tables in `public`) apply to the
 * project role's objects too. `auth` and `storage` stay the platform's: whoever owns a table
 * decides what code runs on every write to it, and the console writes there.
 */
export function projectSchemasSql(o: { owner: string; database: string; connections: number }): string[] {
  const role = ident(o.owner);
  const name = literal(o.owner);
  const own = `array[${HIDDEN_SCHEMAS.map(literal).join(', ')}]::text[]`;
  const userSchema = (n: string) => `${n}.nspname::text operator(pg_catalog.<>) all (${own}) and ${n}.nspname::text not like 'pg\\_%'`;
  const notExtension = (catalog: string, oid: string) =>
    `not exists (select 1 from pg_catalog.pg_depend d where d.classid operator(pg_catalog.=) '${catalog}'::pg_catalog.regclass and d.objid operator(pg_catalog.=) ${oid} and d.deptype operator(pg_catalog.=) 'e')`;
  return [
    projectDatabaseGrantsSql(o),
    `revoke create on schema public from public;
alter schema public owner to ${role};`,
    `do $$
declare
  me oid := (select oid from pg_catalog.pg_roles where rolname operator(pg_catalog.=) current_user);
  o record;
begin
  for o in select pg_catalog.format('alter default privileges for role %I %s grant %s on %s to %s', ${name},
        case when a.defaclnamespace operator(pg_catalog.=) 0 then '' else pg_catalog.format('in schema %I', n.nspname) end, x.privilege_type,
        case a.defaclobjtype when 'r' then 'tables' when 'S' then 'sequences' when 'f' then 'functions' when 'T' then 'types' else 'schemas' end,
        case when x.grantee operator(pg_catalog.=) 0 then 'public' else pg_catalog.quote_ident(g.rolname) end) as sql
      from pg_catalog.pg_default_acl a left join pg_catalog.pg_namespace n on n.oid operator(pg_catalog.=) a.defaclnamespace
        cross join lateral pg_catalog.aclexplode(a.defaclacl) x left join pg_catalog.pg_roles g on g.oid operator(pg_catalog.=) x.grantee
      where a.defaclrole operator(pg_catalog.=) me and x.grantee operator(pg_catalog.<>) me loop
    execute o.sql;
  end loop;
  for o in select pg_catalog.format('alter schema %I owner to %I', n.nspname, ${name}) as sql from pg_catalog.pg_namespace n
      where n.nspowner operator(pg_catalog.=) me and ${userSchema('n')} and ${notExtension('pg_namespace', 'n.oid')} loop
    execute o.sql;
  end loop;
  for o in select pg_catalog.format('alter %s %s owner to %I',
        case c.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'f' then 'foreign table' when 'S' then 'sequence' else 'table' end,
        c.oid::pg_catalog.regclass, ${name}) as sql
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid operator(pg_catalog.=) c.relnamespace
      where c.relowner operator(pg_catalog.=) me and ${userSchema('n')} and c.relkind operator(pg_catalog.=) any (array['r', 'p', 'v', 'm', 'f', 'S']::"char"[])
        and not exists (select 1 from pg_catalog.pg_depend d where d.classid operator(pg_catalog.=) 'pg_class'::pg_catalog.regclass and d.objid operator(pg_catalog.=) c.oid and d.deptype operator(pg_catalog.=) any (array['a', 'i', 'e']::"char"[])) loop
    begin execute o.sql; exception when others then raise warning '%: %', o.sql, sqlerrm; end;
  end loop;
  for o in select pg_catalog.format('alter %s %s owner to %I', case p.prokind when 'a' then 'aggregate' else 'routine' end, p.oid::pg_catalog.regprocedure, ${name}) as sql
      from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid operator(pg_catalog.=) p.pronamespace
      where p.proowner operator(pg_catalog.=) me and ${userSchema('n')} and p.prokind operator(pg_catalog.=) any (array['f', 'p', 'a']::"char"[]) and ${notExtension('pg_proc', 'p.oid')} loop
    begin execute o.sql; exception when others then raise warning '%: %', o.sql, sqlerrm; end;
  end loop;
  for o in select pg_catalog.format('alter %s %s owner to %I', case t.typtype when 'd' then 'domain' else 'type' end, t.oid::pg_catalog.regtype, ${name}) as sql
      from pg_catalog.pg_type t join pg_catalog.pg_namespace n on n.oid operator(pg_catalog.=) t.typnamespace
      where t.typowner operator(pg_catalog.=) me and ${userSchema('n')} and ${notExtension('pg_type', 't.oid')}
        and (t.typtype operator(pg_catalog.=) any (array['e', 'd', 'r']::"char"[]) or (t.typtype operator(pg_catalog.=) 'c' and (select relkind from pg_catalog.pg_class where oid operator(pg_catalog.=) t.typrelid) operator(pg_catalog.=) 'c')) loop
    begin execute o.sql; exception when others then raise warning '%: %', o.sql, sqlerrm; end;
  end loop;
end $$;`,
  ];
}

/**
 * Server mode, once for a database made before the platform had a role of its own in each project
 * database: what the API's user owns there (the `auth` and `storage` schemas and their objects, the
 * objects the console made in user schemas) goes to the platform's role of the project, so that the
 * API's user never needs to connect to the database again. Read and run by the API's user on a
 * session whose search path holds pg_catalog alone; the statements call no function and run no
 * code of the tenant (ALTER … OWNER only).
 */
const LEGACY_ME = '(select oid from pg_catalog.pg_roles where rolname operator(pg_catalog.=) current_user)';
// The server's own schemas are never handed over (a superuser API user owns them too).
const LEGACY_NOT_CATALOG = `operator(pg_catalog.<>) all (array(select oid from pg_catalog.pg_namespace where nspname::text operator(pg_catalog.~) '^pg_' or nspname operator(pg_catalog.=) 'information_schema'))`;
/** Not a member of an extension, nor (for relations) an index, a sequence owned by a column or a table's part. */
const legacyLoose = (catalog: string, oid: string, deptypes: string) =>
  `not exists (select 1 from pg_catalog.pg_depend d where d.classid operator(pg_catalog.=) '${catalog}'::pg_catalog.regclass and d.objid operator(pg_catalog.=) ${oid} and d.deptype operator(pg_catalog.=) any (array[${deptypes}]::"char"[]))`;

export const LEGACY_OWNED_OBJECTS_SQL = `
select pg_catalog.format('alter schema %I owner to %I', n.nspname, $1::text) as sql
  from pg_catalog.pg_namespace n where n.nspowner operator(pg_catalog.=) ${LEGACY_ME}
    and n.nspname::text operator(pg_catalog.!~) '^pg_' and n.nspname::text operator(pg_catalog.<>) 'information_schema'
union all
select pg_catalog.format('alter %s %s owner to %I',
    case c.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'f' then 'foreign table' when 'S' then 'sequence' else 'table' end,
    c.oid::pg_catalog.regclass, $1::text)
  from pg_catalog.pg_class c
  where c.relowner operator(pg_catalog.=) ${LEGACY_ME} and c.relnamespace ${LEGACY_NOT_CATALOG}
    and c.relkind operator(pg_catalog.=) any (array['r', 'p', 'v', 'm', 'f', 'S']::"char"[]) and ${legacyLoose('pg_class', 'c.oid', "'a', 'i', 'e'")}
union all
select pg_catalog.format('alter %s %s owner to %I', case p.prokind when 'a' then 'aggregate' else 'routine' end, p.oid::pg_catalog.regprocedure, $1::text)
  from pg_catalog.pg_proc p
  where p.proowner operator(pg_catalog.=) ${LEGACY_ME} and p.pronamespace ${LEGACY_NOT_CATALOG} and ${legacyLoose('pg_proc', 'p.oid', "'e'")}
union all
select pg_catalog.format('alter %s %s owner to %I', case t.typtype when 'd' then 'domain' else 'type' end, t.oid::pg_catalog.regtype, $1::text)
  from pg_catalog.pg_type t
  where t.typowner operator(pg_catalog.=) ${LEGACY_ME} and t.typnamespace ${LEGACY_NOT_CATALOG} and ${legacyLoose('pg_type', 't.oid', "'e'")}
    and (t.typtype operator(pg_catalog.=) any (array['e', 'd', 'r']::"char"[]) or (t.typtype operator(pg_catalog.=) 'c' and (select relkind from pg_catalog.pg_class where oid operator(pg_catalog.=) t.typrelid) operator(pg_catalog.=) 'c'))
`;
