import { extraProjectBootstrap } from '@plinth/platform-core/project-bootstrap.sql';

// Database webhooks (issue 24): the project's outgoing HTTP queue, in its own database.
//
// net.http_request_queue holds requests waiting to be sent; net._http_response one row per attempt
// (status, headers, a bounded body excerpt, error, duration). net.http_post / net.http_get enqueue a
// request and answer its id at once (asynchronous): the row is part of the caller's transaction, so
// nothing is sent for a rolled-back change and the platform's worker (worker.ts) sees it only after
// commit. net.hooks lists the webhooks; each is a row trigger calling net._hook_trigger(hook id),
// which enqueues {type, table, schema, record, old_record} through the same queue.
//
// Rights: the schema belongs to the platform's role of the project. anon and authenticated get
// nothing; service_role (and the roles holding it: the SQL editor's project role, the project's
// functions) may call net.http_post / net.http_get and read the queue and the answers, never write
// them directly. The functions are SECURITY DEFINER with an empty search path. A trigger fires for
// any writer of the table (a trigger function's EXECUTE right is checked when the trigger is made,
// by the platform), so an app's insert through the data API still sends its webhook. Each project
// has its own database, so one project's tenant neither reads nor forges another's requests.
/** Largest request body the queue accepts (bytes of its JSON). */
export const WEBHOOK_MAX_BODY_BYTES = 1024 * 1024;

extraProjectBootstrap.push(`
create schema if not exists net;
revoke all on schema net from public;
grant usage on schema net to service_role;
create table if not exists net.hooks (
  id bigserial primary key,
  name text not null unique,
  schema_name text not null,
  table_name text not null,
  events text[] not null,
  method text not null default 'POST',
  url text not null,
  headers jsonb not null default '{}',
  timeout_ms integer not null default 5000,
  created_at timestamptz not null default pg_catalog.now(),
  updated_at timestamptz not null default pg_catalog.now()
);
create table if not exists net.http_request_queue (
  id bigserial primary key,
  hook_id bigint,
  method text not null,
  url text not null,
  headers jsonb not null default '{}',
  body text,
  timeout_milliseconds integer not null default 5000,
  status text not null default 'queued',
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default pg_catalog.now(),
  created_at timestamptz not null default pg_catalog.now()
);
create index if not exists http_request_queue_due on net.http_request_queue (next_attempt_at) where status = 'queued';
create index if not exists http_request_queue_sending on net.http_request_queue (next_attempt_at) where status = 'sending';
create table if not exists net._http_response (
  id bigserial primary key,
  request_id bigint not null,
  hook_id bigint,
  attempt integer not null,
  status_code integer,
  headers jsonb,
  content text,
  error_msg text,
  duration_ms integer,
  created timestamptz not null default pg_catalog.now()
);
create index if not exists http_response_hook on net._http_response (hook_id, id desc);
create or replace function net._enqueue(method text, url text, headers jsonb, body text, timeout_milliseconds integer, hook bigint)
  returns bigint language plpgsql volatile security definer set search_path = '' as $b$
declare made bigint;
begin
  if url is null or url !~ '^https?://' then raise exception 'The URL must start with http:// or https://' using errcode = '22023'; end if;
  if body is not null and pg_catalog.octet_length(body) > ${WEBHOOK_MAX_BODY_BYTES} then
    raise exception 'The request body is larger than ${WEBHOOK_MAX_BODY_BYTES} bytes' using errcode = '54000';
  end if;
  insert into net.http_request_queue (hook_id, method, url, headers, body, timeout_milliseconds)
    values (hook, pg_catalog.upper(method), url, coalesce(headers, '{}'), body, least(greatest(coalesce(timeout_milliseconds, 5000), 100), 30000))
    returning id into made;
  return made;
end $b$;
create or replace function net._with_params(url text, params jsonb) returns text language sql immutable set search_path = '' as $b$
  select case when params is null or params = '{}'::jsonb then url else url || case when pg_catalog.strpos(url, '?') > 0 then '&' else '?' end ||
    (select pg_catalog.string_agg(e.key || '=' || e.value, '&') from pg_catalog.jsonb_each_text(params) e) end
$b$;
create or replace function net.http_post(url text, body jsonb default '{}'::jsonb, params jsonb default '{}'::jsonb,
  headers jsonb default '{"Content-Type": "application/json"}'::jsonb, timeout_milliseconds integer default 5000)
  returns bigint language sql volatile security definer set search_path = '' as $b$
  select net._enqueue('POST', net._with_params(url, params), headers, body::text, timeout_milliseconds, null)
$b$;
create or replace function net.http_get(url text, params jsonb default '{}'::jsonb, headers jsonb default '{}'::jsonb, timeout_milliseconds integer default 5000)
  returns bigint language sql volatile security definer set search_path = '' as $b$
  select net._enqueue('GET', net._with_params(url, params), headers, null, timeout_milliseconds, null)
$b$;
create or replace function net._hook_trigger() returns trigger language plpgsql volatile security definer set search_path = '' as $b$
declare
  h record;
  payload jsonb;
begin
  select * into h from net.hooks where id = TG_ARGV[0]::bigint;
  if h is null then return null; end if;
  payload := pg_catalog.jsonb_build_object('type', TG_OP, 'table', TG_TABLE_NAME, 'schema', TG_TABLE_SCHEMA,
    'record', case when TG_OP = 'DELETE' then null else pg_catalog.to_jsonb(NEW) end,
    'old_record', case when TG_OP = 'INSERT' then null else pg_catalog.to_jsonb(OLD) end);
  perform net._enqueue(h.method, h.url, pg_catalog.jsonb_build_object('Content-Type', 'application/json') || h.headers,
    case when h.method = 'GET' then null else payload::text end, h.timeout_ms, h.id);
  return null;
end $b$;
revoke all on all tables in schema net from public, anon, authenticated, service_role;
revoke all on all sequences in schema net from public, anon, authenticated, service_role;
grant select on net.hooks, net.http_request_queue, net._http_response to service_role;
revoke all on all functions in schema net from public, anon, authenticated, service_role;
grant execute on function net.http_post(text, jsonb, jsonb, jsonb, integer), net.http_get(text, jsonb, jsonb, integer) to service_role;
`);
