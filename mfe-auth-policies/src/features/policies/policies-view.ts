import { POLICY_ROLES_SHOWN_PER_ROW, type DatabaseSchema, type Policy, type Table } from '@plinth/contracts-database';

// What the RLS policies page shows (000 §2.4), as plain data: the schema choices, and the tables of
// the chosen schema flattened into rows of one height for the virtual list.

/** Policy rows show at most 3 roles, the rest as '+ n more roles'. */
export function rolesSummary(roles: readonly string[]): string {
  const shown = roles.slice(0, POLICY_ROLES_SHOWN_PER_ROW).join(', ');
  const more = roles.length - POLICY_ROLES_SHOWN_PER_ROW;
  return more > 0 ? `${shown} + ${more} more roles` : shown;
}

/** The schema picker's choices: the project's own schemas first, the hidden system schemas after them, marked protected. */
export function schemaChoices(schemas: readonly DatabaseSchema[]): { key: string; label: string; protected: boolean }[] {
  const byName = (a: DatabaseSchema, b: DatabaseSchema) => a.name.localeCompare(b.name);
  return [...schemas.filter((s) => !s.protected).sort(byName), ...schemas.filter((s) => s.protected).sort(byName)].map((s) => ({
    key: s.name,
    label: s.name,
    protected: s.protected,
  }));
}

export type PolicyListRow =
  | { kind: 'table'; key: string; table: Table; policyCount: number }
  | { kind: 'warning'; key: string; table: Table }
  | { kind: 'policy'; key: string; table: Table; policy: Policy }
  | { kind: 'no-policies'; key: string; table: Table }
  | { kind: 'loading'; key: string; table: Table };

/** The page's height of a row, header rows and policy rows alike. */
export const POLICY_LIST_ROW_HEIGHT = 44;

export interface PolicyListFilter {
  /** Text typed in the search box: tables whose name contains it. */
  text?: string;
  /** `?search={tableId}` from the table editor's View Policies: only that table. */
  tableId?: number | null;
}

/**
 * One table section after another: its header, the RLS-disabled warning, then its policies (or a
 * note that it has none). Policies still loading (`null`): the sections show, each with a loading row.
 */
export function policyListRows(tables: readonly Table[], policies: readonly Policy[] | null, filter: PolicyListFilter = {}): PolicyListRow[] {
  const text = filter.text?.trim().toLowerCase() ?? '';
  const byTable = new Map<number, Policy[]>();
  for (const p of policies ?? []) {
    const list = byTable.get(p.table_id);
    if (list) list.push(p);
    else byTable.set(p.table_id, [p]);
  }
  const rows: PolicyListRow[] = [];
  const shown = tables
    .filter((t) => (filter.tableId == null || t.id === filter.tableId) && (!text || t.name.toLowerCase().includes(text)))
    .sort((a, b) => a.name.localeCompare(b.name));
  for (const table of shown) {
    const own = (byTable.get(table.id) ?? []).sort((a, b) => a.name.localeCompare(b.name));
    rows.push({ kind: 'table', key: `t${table.id}`, table, policyCount: own.length });
    if (!table.rls_enabled) rows.push({ kind: 'warning', key: `w${table.id}`, table });
    if (policies === null) rows.push({ kind: 'loading', key: `l${table.id}`, table });
    else if (own.length === 0) rows.push({ kind: 'no-policies', key: `n${table.id}`, table });
    for (const policy of own) rows.push({ kind: 'policy', key: `p${policy.id}`, table, policy });
  }
  return rows;
}

/** A policy's expressions in one line, for its row. */
export function expressionSummary(policy: Policy): string {
  const parts = [policy.definition ? `USING ${policy.definition}` : null, policy.check ? `WITH CHECK ${policy.check}` : null].filter(Boolean);
  return parts.join(' · ');
}
