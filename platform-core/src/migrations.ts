/**
 * The control database's one migration list: every table of the control plane and its domains.
 * Each migration runs once per database, in order, inside a transaction (schema_migrations records
 * it). A new table or column is a new entry at the end; never edit one that has shipped. Project
 * databases' tables are not here: they are the project bootstrap (project-bootstrap.sql.ts). The
 * organizations' billing, team and account tables (migrations-organization.ts), the integrations'
 * and branches' tables (migrations-integrations.ts) and the project auth service's settings
 * (migrations-project-auth.ts) are written apart and take their place in this order here.
 */
import type { ControlMigration } from './control-migration';
import { INTEGRATION_MIGRATIONS } from './migrations-integrations';
import { PROJECT_AUTH_MIGRATIONS } from './migrations-project-auth';
import { ORGANIZATION_MIGRATIONS } from './migrations-organization';
import { SCALE_OUT_MIGRATIONS } from './migrations-scale-out';

export type { ControlMigration } from './control-migration';

export const CONTROL_MIGRATIONS: ControlMigration[] = [
  {
    version: '0001_accounts',
    statements: [
      `create table users (
        id text primary key,
        email text not null unique,
        username text not null unique,
        password_hash text not null,
        first_name text,
        last_name text,
        created_at timestamptz not null default now()
      )`,
      `create table sessions (
        token_hash text primary key,
        user_id text not null references users(id) on delete cascade,
        current_aal text not null,
        next_aal text not null,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null
      )`,
      `create table mfa_factors (
        id text primary key,
        user_id text not null references users(id) on delete cascade,
        friendly_name text,
        secret text not null,
        status text not null,
        created_at timestamptz not null default now()
      )`,
    ],
  },
  {
    version: '0002_organizations',
    statements: [
      `create table organizations (
        id serial primary key,
        name text not null,
        slug text not null unique,
        plan text not null default 'free',
        usage_billing_enabled boolean not null default false,
        subscription_id text not null,
        created_at timestamptz not null default now()
      )`,
      `create table members (
        organization_id int not null references organizations(id) on delete cascade,
        user_id text not null references users(id) on delete cascade,
        role text not null,
        primary key (organization_id, user_id)
      )`,
    ],
  },
  {
    version: '0003_projects',
    statements: [
      `create table projects (
        id serial primary key,
        ref text not null unique,
        name text not null,
        organization_id int not null references organizations(id) on delete cascade,
        status text not null,
        jwt_secret text not null,
        anon_key text not null,
        service_role_key text not null,
        kps_version text not null default '3.8.6',
        is_branch_enabled boolean not null default false,
        parent_project_ref text,
        last_db_size_bytes bigint not null default 0,
        egress_bytes bigint not null default 0,
        inserted_at timestamptz not null default now()
      )`,
      `create table project_status_events (
        id serial primary key,
        project_id int not null references projects(id) on delete cascade,
        status text not null,
        detail text,
        at timestamptz not null default now()
      )`,
      'create index project_status_events_project on project_status_events (project_id, id)',
      `create table database_upgrades (
        id serial primary key,
        project_id int not null references projects(id) on delete cascade,
        initiated_at timestamptz not null default now(),
        status text not null,
        progress text,
        target_version text not null,
        error text
      )`,
    ],
  },
  {
    version: '0101_server_secrets',
    statements: [`create table if not exists server_secrets (name text primary key, value text not null, created_at timestamptz not null default now())`],
  },
  {
    // The settings of each project's auth service (a project without a row has the defaults) and the emails it keeps while no SMTP server is set.
    version: '0130_project_auth',
    statements: [
      `create table if not exists project_auth_settings (
        project_ref text primary key references projects(ref) on delete cascade,
        email_confirmation_required boolean not null default false,
        sign_ups_allowed boolean not null default true,
        min_password_length int not null default 6,
        site_url text not null default 'http://localhost:3000',
        redirect_allow_list jsonb not null default '[]',
        jwt_expiry_seconds int not null default 3600,
        refresh_token_reuse_seconds int not null default 10,
        updated_at timestamptz not null default now()
      )`,
      `create table if not exists project_auth_outbox (
        id serial primary key,
        project_ref text not null references projects(ref) on delete cascade,
        to_email text not null,
        kind text not null,
        subject text not null,
        body text not null,
        link text not null,
        created_at timestamptz not null default now()
      )`,
      'create index if not exists project_auth_outbox_project on project_auth_outbox (project_ref, id)',
    ],
  },
  // Tables that were made on first use before they had a version here: each statement is written
  // to find them already there (if not exists), so a control database made before keeps its rows.
  {
    version: '0140_sql_snippets',
    statements: [
      `create table if not exists sql_snippets (
        id uuid primary key,
        project_ref text not null,
        project_id int not null,
        owner_id text not null,
        owner_username text not null,
        name text not null,
        description text,
        visibility text not null check (visibility in ('user', 'project')),
        sql text not null,
        favorite boolean not null default false,
        schema_version text not null,
        inserted_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`,
      'create index if not exists sql_snippets_project on sql_snippets (project_ref, visibility, owner_id)',
      // The version an edit is checked against (a stale edit is a conflict, never an overwrite).
      'alter table sql_snippets add column if not exists version int not null default 1',
    ],
  },
  {
    version: '0141_project_storage_configs',
    statements: [
      `create table if not exists project_storage_configs (
        project_ref text primary key,
        file_size_limit bigint not null,
        updated_at timestamptz not null default now()
      )`,
    ],
  },
  {
    version: '0142_project_settings',
    statements: [
      `create table if not exists jwt_secret_updates (
        id serial primary key,
        project_ref text not null,
        change_tracking_id text not null unique,
        status text not null check (status in ('Updating', 'Updated', 'Failed')),
        progress text,
        error text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`,
      'create index if not exists jwt_secret_updates_project on jwt_secret_updates (project_ref, id)',
      `create table if not exists custom_hostnames (
        project_ref text primary key,
        id text not null,
        hostname text not null,
        status text not null,
        ssl_status text not null,
        created_at timestamptz not null default now()
      )`,
    ],
  },
  INTEGRATION_MIGRATIONS.integrations,
  {
    version: '0144_project_rest_settings',
    statements: [
      `create table if not exists project_rest_settings (
        project_ref text primary key,
        exposed_schemas text[] not null,
        max_rows integer,
        updated_at timestamptz not null default now()
      )`,
    ],
  },
  {
    // Until this entry, the auth module added this table itself as 0131_project_auth_templates;
    // data dirs that ran that version already have it (create if not exists).
    version: '0145_project_auth_templates',
    statements: [
      `create table if not exists project_auth_templates (
        project_ref text not null references projects(ref) on delete cascade,
        kind text not null,
        subject text not null,
        body text not null,
        updated_at timestamptz not null default now(),
        primary key (project_ref, kind)
      )`,
    ],
  },
  {
    // Formerly 0132_project_auth_providers, added by the auth module itself (see above).
    version: '0146_project_auth_providers',
    statements: [
      `create table if not exists project_auth_providers (
        project_ref text not null references projects(ref) on delete cascade,
        provider text not null,
        enabled boolean not null default false,
        client_id text not null default '',
        client_secret text,
        updated_at timestamptz not null default now(),
        primary key (project_ref, provider)
      )`,
    ],
  },
  {
    // The SQL editor's run history, per project and user (newest first by id).
    version: '0170_sql_run_history',
    statements: [
      `create table if not exists sql_run_history (
        id bigserial primary key,
        project_ref text not null references projects(ref) on delete cascade,
        user_id text not null,
        sql text not null,
        ran_at timestamptz not null default now(),
        duration_ms integer not null,
        row_count bigint,
        status text not null check (status in ('success', 'error', 'cancelled')),
        error text
      )`,
      'create index if not exists sql_run_history_user on sql_run_history (project_ref, user_id, id desc)',
    ],
  },
  {
    // Resumable (TUS) uploads in progress: who may continue each and where its bytes go; the bytes
    // so far are the part file under the project's _uploads. An upload expires a day after its last byte.
    version: '0155_storage_resumable_uploads',
    statements: [
      `create table if not exists storage_resumable_uploads (
        id text primary key,
        project_ref text not null references projects(ref) on delete cascade,
        bucket_id text not null,
        object_name text not null,
        uploader text not null,
        upload_length bigint not null,
        content_type text not null,
        cache_control text not null,
        upsert boolean not null default false,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null
      )`,
      'create index if not exists storage_resumable_uploads_expiry on storage_resumable_uploads (expires_at)',
    ],
  },
  {
    // A custom hostname's proof of ownership: the TXT record's value the project's owner publishes,
    // what the last check found, and when. An active hostname belongs to one project only.
    version: '0157_custom_hostname_verification',
    statements: [
      'alter table custom_hostnames add column if not exists verification_token text',
      'alter table custom_hostnames add column if not exists verification_error text',
      'alter table custom_hostnames add column if not exists checked_at timestamptz',
      `delete from custom_hostnames a where a.status = '5_services_reconfigured' and exists (
        select 1 from custom_hostnames b where b.hostname = a.hostname and b.status = a.status and (b.created_at, b.project_ref) < (a.created_at, a.project_ref))`,
      `create unique index if not exists custom_hostnames_active on custom_hostnames (hostname) where status = '5_services_reconfigured'`,
    ],
  },
  {
    // An organization's own value of a feature flag (the environment's applies to flags it does not set).
    version: '0150_feature_flag_overrides',
    statements: [
      `create table if not exists feature_flag_overrides (
        organization_id integer not null references organizations(id) on delete cascade,
        flag text not null,
        enabled boolean not null,
        updated_at timestamptz not null default now(),
        primary key (organization_id, flag)
      )`,
    ],
  },
  ORGANIZATION_MIGRATIONS.subscriptionsAndInvoices,
  INTEGRATION_MIGRATIONS.projectBranching,
  INTEGRATION_MIGRATIONS.integrationInstallation,
  INTEGRATION_MIGRATIONS.branchMigrationRuns,
  INTEGRATION_MIGRATIONS.githubDeliveriesAndFlagEnvironment,
  {
    // A project database's connection settings: which password is current (the password is derived
    // from a server secret and this generation, so a reset makes the old one fail), the connections
    // a person's clients may hold, and their statement time-out (null: the platform's default).
    version: '0200_project_database_settings',
    statements: [
      `create table if not exists project_database_settings (
        project_id integer primary key references projects(id) on delete cascade,
        password_generation integer not null default 0,
        connection_limit integer,
        statement_timeout_ms integer,
        updated_at timestamptz not null default now()
      )`,
    ],
  },
  {
    // The data API's extra search path: schemas put on each request's search path after the
    // schema it asked for (null: the default, public).
    version: '0201_project_rest_search_path',
    statements: ['alter table project_rest_settings add column if not exists extra_search_path text[]'],
  },
  {
    // The data API's aggregate functions in select (as PostgREST's db-aggregates-enabled): off by default.
    version: '0202_project_rest_aggregates',
    statements: ['alter table project_rest_settings add column if not exists aggregates_enabled boolean not null default false'],
  },
  {
    // How a data API request's transaction ends (PostgREST's db-tx-end: commit by default, and whether
    // Prefer: tx= may override it) and whether it answers execution plans (db-plan-enabled: off by default).
    version: '0203_project_rest_tx_and_plan',
    statements: [
      `alter table project_rest_settings add column if not exists tx_end text not null default 'commit'
        check (tx_end in ('commit', 'commit-allow-override', 'rollback', 'rollback-allow-override'))`,
      'alter table project_rest_settings add column if not exists plan_enabled boolean not null default false',
    ],
  },
  ORGANIZATION_MIGRATIONS.accessTokens,
  ORGANIZATION_MIGRATIONS.invoicePaymentsEmailChanges,
  ORGANIZATION_MIGRATIONS.usageSnapshots,
  PROJECT_AUTH_MIGRATIONS.rateLimits,
  PROJECT_AUTH_MIGRATIONS.anonymousSecureChangesHook,
  ORGANIZATION_MIGRATIONS.invitationsAuditOAuthApps,
  PROJECT_AUTH_MIGRATIONS.phoneSignIn,
  {
    // Database → Backups (issue 24): one row per backup of a project; its bytes are in the object
    // store under the platform's prefix (never the project's storage). A scheduled backup's day is
    // its lease: two runs never back up the same project on the same day.
    version: '0360_project_backups',
    statements: [
      `create table if not exists project_backups (
        id uuid primary key,
        project_id integer not null references projects(id) on delete cascade,
        kind text not null,
        scheduled_day date,
        status text not null default 'RUNNING',
        format text not null,
        started_at timestamptz not null default now(),
        finished_at timestamptz,
        size_bytes bigint,
        expires_at timestamptz not null,
        error text,
        restore_status text,
        restore_started_at timestamptz,
        restore_finished_at timestamptz,
        restore_error text
      )`,
      'create unique index if not exists project_backups_scheduled_day on project_backups (project_id, scheduled_day) where scheduled_day is not null',
      'create index if not exists project_backups_project on project_backups (project_id, started_at)',
    ],
  },
  {
    // Project Settings → Infrastructure (issue 24): the project image each project database was
    // made from (null: made before images were recorded, image 1; project-db/image.ts), and per
    // upgrade the version it started from and when it ended. One upgrade at a time per project.
    version: '0375_database_upgrade_versions',
    statements: [
      'alter table projects add column if not exists database_image integer',
      'alter table database_upgrades add column if not exists from_version text',
      'alter table database_upgrades add column if not exists finished_at timestamptz',
      `create unique index if not exists database_upgrades_one_running on database_upgrades (project_id) where status = 'Upgrading'`,
    ],
  },
  {
    // Project Settings → Add Ons (issue 24): each add-on a project had, one row per selection, kept
    // after removal (removed_at) so an invoice bills the exact time each was selected. One selected
    // per kind at a time. Deleted with its project (project_id).
    version: '0370_project_addons',
    statements: [
      `create table if not exists project_addons (
        id bigserial primary key,
        project_id integer not null references projects(id) on delete cascade,
        kind text not null,
        variant text not null,
        selected_at timestamptz not null default now(),
        removed_at timestamptz
      )`,
      'create unique index if not exists project_addons_selected on project_addons (project_id, kind) where removed_at is null',
      'create index if not exists project_addons_project on project_addons (project_id, selected_at)',
    ],
  },
  {
    // Project Settings → Database → SSL (issue 24): an embedded project may refuse connections
    // to its database that do not use SSL (project-db/wire-server.ts).
    version: '0385_project_database_ssl',
    statements: ['alter table project_database_settings add column if not exists ssl_enforced boolean not null default false'],
  },
  PROJECT_AUTH_MIGRATIONS.mfaPhone,
  SCALE_OUT_MIGRATIONS.attemptCounters,
];
