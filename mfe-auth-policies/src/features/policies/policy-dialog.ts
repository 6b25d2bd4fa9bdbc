import type { Policy, Table } from '@plinth/contracts-database';

// The page's dialog state: the page sets it, PolicyDialogs (and the content it loads lazily) draws it.

/** Which dialog of the policies page is open. */
export type PolicyDialog =
  | { kind: 'closed' }
  | { kind: 'editor'; table: Table; policy?: Policy }
  | { kind: 'delete'; policy: Policy }
  | { kind: 'rls'; table: Table }
  | { kind: 'test'; table: Table };
