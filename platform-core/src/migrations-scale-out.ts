import type { ControlMigration } from './control-migration';

// The control database's migrations of running several API instances on one control database
// (issue 28): what every instance must count together. Each takes its place in CONTROL_MIGRATIONS
// (migrations.ts), which alone says in what order they run.

export const SCALE_OUT_MIGRATIONS = {
  /**
   * Attempt counters (rate-limit.ts): per limit, per key (a hash of the email, address or project
   * it counts) and per time slot of the limit's window, the number of attempts and the time of the
   * slot's last one. Rows whose window is over (expires_ms) are deleted as counting goes on.
   */
  attemptCounters: {
    version: '0410_attempt_counters',
    statements: [
      `create table if not exists attempt_counters (
        limit_name text not null,
        key_hash text not null,
        slot bigint not null,
        count integer not null,
        last_ms bigint not null,
        expires_ms bigint not null,
        primary key (limit_name, key_hash, slot)
      )`,
      'create index if not exists attempt_counters_expires on attempt_counters (expires_ms)',
    ],
  },
} satisfies Record<string, ControlMigration>;
