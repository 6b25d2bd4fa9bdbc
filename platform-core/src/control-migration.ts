/** One migration of the control database (the list and its order: CONTROL_MIGRATIONS in migrations.ts). */
export interface ControlMigration {
  /** Unique and sortable, e.g. "0001_accounts". */
  version: string;
  statements: string[];
}
