import type { ControlMigration } from './control-migration';

// The control database's migrations of integrations and branching: GitHub connections and
// installations, preview branches, their migration runs and GitHub's deliveries. Each takes its
// place in CONTROL_MIGRATIONS (migrations.ts), which alone says in what order they run.

export const INTEGRATION_MIGRATIONS = {
  integrations: {
    version: '0143_integrations',
    statements: [
      `create table if not exists org_integrations (
        id uuid primary key,
        organization_id int not null,
        organization_slug text not null,
        integration_name text not null,
        account_name text not null,
        added_by_id text not null,
        added_by_username text not null,
        added_by_email text not null,
        inserted_at timestamptz not null default now(),
        unique (organization_id, integration_name)
      )`,
      `create table if not exists integration_connections (
        id uuid primary key,
        organization_integration_id uuid not null references org_integrations(id) on delete cascade,
        project_ref text not null,
        foreign_project_id text not null,
        name text not null,
        framework text,
        added_by_id text not null,
        added_by_username text not null,
        added_by_email text not null,
        inserted_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (organization_integration_id, project_ref)
      )`,
      `create table if not exists project_branches (
        id uuid primary key,
        parent_project_ref text not null,
        project_ref text not null unique,
        name text not null,
        git_branch text,
        region text not null,
        created_at timestamptz not null default now(),
        unique (parent_project_ref, name)
      )`,
    ],
  },
  projectBranching: {
    // Branching of a project (enabled with the git branch its production follows), and whether a
    // branch's database was copied with its parent's rows.
    version: '0250_project_branching',
    statements: [
      `create table if not exists project_branching (
        project_ref text primary key,
        git_branch text not null,
        enabled_at timestamptz not null default now()
      )`,
      'alter table project_branches add column if not exists with_data boolean not null default false',
      'alter table project_branches add column if not exists reset_at timestamptz',
    ],
  },
  integrationInstallation: {
    // A GitHub App installation per organization integration (GitHub's REST API as the code host).
    version: '0251_integration_installation',
    statements: ['alter table org_integrations add column if not exists installation_id bigint'],
  },
  branchMigrationRuns: {
    // The runs of a repository's migrations on a preview branch, with their log (deleted with the branch's project).
    version: '0252_branch_migration_runs',
    statements: [
      `create table if not exists branch_migration_runs (
        id uuid primary key,
        project_ref text not null,
        git_branch text not null,
        ok boolean not null,
        entries jsonb not null,
        ran_at timestamptz not null default now()
      )`,
      'create index if not exists branch_migration_runs_project on branch_migration_runs (project_ref, ran_at)',
    ],
  },
  githubDeliveriesAndFlagEnvironment: {
    // GitHub webhook deliveries already handled (X-GitHub-Delivery), so a redelivery changes nothing;
    // platform admins' environment-wide feature flag values, over the deploy environment's.
    version: '0253_github_deliveries_and_flag_environment',
    statements: [
      `create table if not exists github_webhook_deliveries (
        id text primary key,
        event text not null,
        received_at timestamptz not null default now()
      )`,
      `create table if not exists feature_flag_environment_overrides (
        flag text primary key,
        enabled boolean not null,
        updated_at timestamptz not null default now()
      )`,
    ],
  },
} satisfies Record<string, ControlMigration>;
