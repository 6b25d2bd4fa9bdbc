import type { ControlMigration } from './control-migration';

// The control database's migrations of a project's auth service settings: rate limits, anonymous
// sign-ins and the access-token hook, phone sign-in and its outbox, phone MFA. Each takes its place
// in CONTROL_MIGRATIONS (migrations.ts), which alone says in what order they run.

export const PROJECT_AUTH_MIGRATIONS = {
  rateLimits: {
    // A project's auth service: its rate limits (contracts-auth AUTH_RATE_LIMITS), the keys saved;
    // a limit not saved is at its default.
    version: '0350_project_auth_rate_limits',
    statements: [`alter table project_auth_settings add column if not exists rate_limits jsonb not null default '{}'::jsonb`],
  },
  anonymousSecureChangesHook: {
    // A project's auth service: anonymous sign-ins, the secure password and e-mail changes, and the
    // Postgres function that may change an access token's claims (schema-qualified name, or null).
    version: '0340_project_auth_anonymous_secure_changes_hook',
    statements: [
      'alter table project_auth_settings add column if not exists anonymous_sign_ins boolean not null default false',
      'alter table project_auth_settings add column if not exists secure_password_change boolean not null default false',
      'alter table project_auth_settings add column if not exists secure_email_change boolean not null default true',
      'alter table project_auth_settings add column if not exists access_token_hook text',
    ],
  },
  phoneSignIn: {
    // A project's auth service, phone sign-in (issue 27): whether the phone provider is on (off by
    // default, as GoTrue), and the text messages it keeps while no SMS provider is set.
    version: '0380_project_auth_phone',
    statements: [
      'alter table project_auth_settings add column if not exists phone_enabled boolean not null default false',
      `create table if not exists project_auth_sms_outbox (
        id serial primary key,
        project_ref text not null references projects(ref) on delete cascade,
        to_phone text not null,
        kind text not null,
        body text not null,
        created_at timestamptz not null default now()
      )`,
      'create index if not exists project_auth_sms_outbox_project on project_auth_sms_outbox (project_ref, id)',
    ],
  },
  mfaPhone: {
    // A project's auth service, phone MFA factors (issue 27): enrolling and verifying them, each
    // off by default (GoTrue's MFA_PHONE_ENROLL_ENABLED and MFA_PHONE_VERIFY_ENABLED).
    version: '0390_project_auth_mfa_phone',
    statements: [
      'alter table project_auth_settings add column if not exists mfa_phone_enroll_enabled boolean not null default false',
      'alter table project_auth_settings add column if not exists mfa_phone_verify_enabled boolean not null default false',
    ],
  },
} satisfies Record<string, ControlMigration>;
