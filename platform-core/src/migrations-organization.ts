import type { ControlMigration } from './control-migration';

// The control database's migrations of organizations and accounts: subscriptions and invoices,
// access tokens, usage snapshots, invitations, the audit log and OAuth apps. Each takes its place
// in CONTROL_MIGRATIONS (migrations.ts), which alone says in what order they run.

export const ORGANIZATION_MIGRATIONS = {
  subscriptionsAndInvoices: {
    // Plan changes (each with the prorated amount of its period) and the invoices of ended billing periods.
    version: '0300_subscription_changes_invoices',
    statements: [
      `create table if not exists subscription_changes (
        id serial primary key,
        organization_id integer not null references organizations(id) on delete cascade,
        from_plan text not null,
        to_plan text not null,
        prorated_amount_cents integer not null,
        changed_by text,
        at timestamptz not null default now()
      )`,
      'create index if not exists subscription_changes_org on subscription_changes (organization_id, at)',
      `create table if not exists invoices (
        id text primary key,
        organization_id integer not null references organizations(id) on delete cascade,
        period_start timestamptz not null,
        period_end timestamptz not null,
        plan text not null,
        status text not null,
        lines jsonb not null,
        total_cents integer not null,
        created_at timestamptz not null default now(),
        unique (organization_id, period_start)
      )`,
    ],
  },
  accessTokens: {
    // Personal access tokens of the platform API (kept as their SHA-256, never the token), with
    // their expiry, last use and revocation.
    version: '0320_access_tokens',
    statements: [
      `create table if not exists access_tokens (
        id uuid primary key,
        user_id text not null references users(id) on delete cascade,
        name text not null,
        token_hash text not null unique,
        token_alias text not null,
        created_at timestamptz not null default now(),
        expires_at timestamptz,
        last_used_at timestamptz,
        revoked_at timestamptz
      )`,
      'create index if not exists access_tokens_user on access_tokens (user_id, created_at)',
    ],
  },
  invoicePaymentsEmailChanges: {
    // Invoices: when they were paid and the payment provider's reference; e-mail changes waiting for
    // the new address to confirm them (the link's token kept as its SHA-256).
    version: '0321_invoice_payments_email_changes',
    statements: [
      'alter table invoices add column if not exists paid_at timestamptz',
      'alter table invoices add column if not exists payment_reference text',
      `create table if not exists email_changes (
        token_hash text primary key,
        user_id text not null references users(id) on delete cascade,
        new_email text not null,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        confirmed_at timestamptz
      )`,
      `create table if not exists account_outbox (
        id serial primary key,
        to_email text not null,
        kind text not null,
        subject text not null,
        body text not null,
        link text not null,
        created_at timestamptz not null default now()
      )`,
    ],
  },
  usageSnapshots: {
    // Each project's database and storage sizes per day (the day's largest measure), for the usage pages' daily charts.
    version: '0322_project_usage_snapshots',
    statements: [
      `create table if not exists project_usage_snapshots (
        project_ref text not null,
        day date not null,
        db_size_bytes bigint not null,
        storage_bytes bigint not null,
        primary key (project_ref, day)
      )`,
    ],
  },
  invitationsAuditOAuthApps: {
    // Organization invitations (the link's token kept as its SHA-256, with its expiry), the audit log
    // of writes (who, what, when, from where; organization null for the account's own writes) and
    // organizations' OAuth apps (the client secret kept as its SHA-256).
    version: '0310_invitations_audit_oauth_apps',
    statements: [
      `create table if not exists organization_invitations (
        id text primary key,
        organization_id integer not null references organizations(id) on delete cascade,
        email text not null,
        role text not null,
        token_hash text not null unique,
        invited_by text,
        invited_at timestamptz not null default now(),
        expires_at timestamptz not null
      )`,
      'create unique index if not exists organization_invitations_email on organization_invitations (organization_id, lower(email))',
      `create table if not exists audit_log (
        id bigserial primary key,
        occurred_at timestamptz not null default now(),
        organization_id integer references organizations(id) on delete set null,
        organization_slug text,
        project_ref text,
        actor_id text,
        actor_email text,
        action text not null,
        target text not null,
        status integer not null,
        ip_address text
      )`,
      'create index if not exists audit_log_org on audit_log (organization_id, occurred_at)',
      'create index if not exists audit_log_actor on audit_log (actor_id, occurred_at)',
      `create table if not exists oauth_apps (
        id text primary key,
        organization_id integer not null references organizations(id) on delete cascade,
        name text not null,
        client_id text not null unique,
        client_secret_hash text not null,
        redirect_uris text[] not null,
        created_by text,
        created_at timestamptz not null default now()
      )`,
    ],
  },
} satisfies Record<string, ControlMigration>;
