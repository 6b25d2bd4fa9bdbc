/** Versioned migrations of the control database. Each runs once, in order, inside a transaction. */
export interface ControlMigration {
  /** Unique and sortable, e.g. "0001_accounts". */
  version: string;
  statements: string[];
}

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
];

/**
 * Migrations added by domain modules (data plane: snippets, integrations...). Push before the
 * server starts (at import time of the module); versions must not clash with the core's.
 */
export const extraControlMigrations: ControlMigration[] = [];
