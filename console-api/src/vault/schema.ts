import { extraProjectBootstrap } from '@plinth/platform-core/project-bootstrap.sql';

// The project's vault, as the established Supabase Vault exposes it: vault.secrets holds ciphertext
// only; vault.decrypted_secrets decrypts in the database, so the project's own functions read it;
// vault.create_secret and vault.update_secret encrypt. pgcrypto (pgp_sym_encrypt, AES-256) does
// the work, in the `extensions` schema (or wherever the project had enabled it before).
//
// The key: the platform sets `plinth.vault_key` on every session it opens to the project's database
// (platform-core/src/project-db/vault-key.ts: HKDF of a server secret and the ref, never stored).
// vault._key() mixes it (HMAC-SHA-256) with a random salt of the database, vault._root_salt, which
// only the platform's role (the owner of the vault schema) reads; that function and the ones that
// use it are SECURITY DEFINER with an empty search path. Who decrypts: service_role and the roles
// holding it (the project role the SQL editor and the project's functions run as), never anon or
// authenticated: they get no grant on the schema, the tables, the view or the functions. A value that
// does not open under this project's key (a copy of another project's database) reads as null.
/** The setting that gives vault._rekey_from_source the source project's key, for one transaction of the platform's. */
export const VAULT_SOURCE_KEY_SETTING = 'plinth.vault_source_key';

extraProjectBootstrap.push(`
create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;
do $vault$
declare
  crypto text;
begin
  if not exists (select 1 from pg_catalog.pg_extension where extname operator(pg_catalog.=) 'pgcrypto') then
    if not exists (select 1 from pg_catalog.pg_available_extensions where name operator(pg_catalog.=) 'pgcrypto') then
      raise warning 'pgcrypto is not available: the project vault is not set up';
      return;
    end if;
    create extension if not exists pgcrypto with schema extensions;
  end if;
  select n.nspname::text into crypto from pg_catalog.pg_extension e join pg_catalog.pg_namespace n on n.oid operator(pg_catalog.=) e.extnamespace
    where e.extname operator(pg_catalog.=) 'pgcrypto';
  create schema if not exists vault;
  revoke all on schema vault from public;
  grant usage on schema vault to service_role;
  create table if not exists vault._root_salt (
    id boolean primary key default true check (id),
    salt bytea not null
  );
  create table if not exists vault.secrets (
    id uuid primary key default pg_catalog.gen_random_uuid(),
    name text unique,
    description text not null default '',
    secret text not null,
    created_at timestamptz not null default pg_catalog.now(),
    updated_at timestamptz not null default pg_catalog.now()
  );
  execute pg_catalog.format($f$
create or replace function vault._key() returns text language plpgsql volatile security definer set search_path = '' as $b$
declare
  k text := pg_catalog.current_setting('plinth.vault_key', true);
  s bytea;
begin
  if k is null or k operator(pg_catalog.=) '' then
    raise exception 'The vault key is not available in this session' using errcode = '28000';
  end if;
  select r.salt into s from vault._root_salt r;
  if s is null then
    insert into vault._root_salt (salt) values (%1$I.gen_random_bytes(32)) on conflict (id) do nothing;
    select r.salt into s from vault._root_salt r;
  end if;
  return pg_catalog.encode(%1$I.hmac(pg_catalog.decode(k, 'hex'), s, 'sha256'), 'hex');
end $b$;
create or replace function vault._encrypt(plain text) returns text language sql volatile strict security definer set search_path = '' as $b$
  select pg_catalog.encode(%1$I.pgp_sym_encrypt(plain, vault._key(), 'cipher-algo=aes256'), 'base64')
$b$;
-- After a copy of another project's database (rekey.ts): each secret that opens under the source's
-- key, given for the platform's transaction in plinth.vault_source_key, is sealed under this one's.
create or replace function vault._rekey_from_source() returns integer language plpgsql volatile security definer set search_path = '' as $b$
declare
  old text;
  s record;
  plain text;
  n integer := 0;
begin
  select pg_catalog.encode(%1$I.hmac(pg_catalog.decode(pg_catalog.current_setting('plinth.vault_source_key'), 'hex'), r.salt, 'sha256'), 'hex') into old from vault._root_salt r;
  if old is null then return 0; end if;
  for s in select id, secret from vault.secrets for update loop
    begin
      plain := %1$I.pgp_sym_decrypt(pg_catalog.decode(s.secret, 'base64'), old);
    exception when sqlstate '39000' or sqlstate '22023' then
      continue;
    end;
    update vault.secrets set secret = vault._encrypt(plain) where id operator(pg_catalog.=) s.id;
    n := n operator(pg_catalog.+) 1;
  end loop;
  return n;
end $b$;
create or replace function vault._decrypt(sealed text) returns text language plpgsql volatile strict security definer set search_path = '' as $b$
begin
  return %1$I.pgp_sym_decrypt(pg_catalog.decode(sealed, 'base64'), vault._key());
exception when sqlstate '39000' or sqlstate '22023' then
  -- Sealed under another key (a copy of another project's database) or not sealed by the vault.
  return null;
end $b$;
$f$, crypto);
  create or replace function vault.create_secret(new_secret text, new_name text default null, new_description text default '')
    returns uuid language plpgsql volatile security definer set search_path = '' as $b$
  declare made uuid;
  begin
    if new_secret is null then raise exception 'The secret is required' using errcode = '22004'; end if;
    insert into vault.secrets (secret, name, description) values (vault._encrypt(new_secret), new_name, coalesce(new_description, ''))
      returning id into made;
    return made;
  end $b$;
  create or replace function vault.update_secret(secret_id uuid, new_secret text default null, new_name text default null, new_description text default null)
    returns void language plpgsql volatile security definer set search_path = '' as $b$
  begin
    update vault.secrets s set secret = coalesce(vault._encrypt(new_secret), s.secret), name = coalesce(new_name, s.name),
      description = coalesce(new_description, s.description), updated_at = pg_catalog.now()
      where s.id operator(pg_catalog.=) secret_id;
  end $b$;
  create or replace view vault.decrypted_secrets as
    select s.id, s.name, s.description, s.secret, vault._decrypt(s.secret) as decrypted_secret, s.created_at, s.updated_at from vault.secrets s;
  revoke all on vault._root_salt, vault.secrets, vault.decrypted_secrets from public, anon, authenticated, service_role;
  grant select, delete on vault.secrets to service_role;
  grant select on vault.decrypted_secrets to service_role;
  revoke all on all functions in schema vault from public, anon, authenticated, service_role;
  grant execute on function vault.create_secret(text, text, text), vault.update_secret(uuid, text, text, text), vault._decrypt(text) to service_role;
end $vault$;
`);
