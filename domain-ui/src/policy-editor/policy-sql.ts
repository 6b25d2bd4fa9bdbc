import { normalizeExpression, type Policy, type PolicyCreate, type PolicyUpdate } from '@plinth/contracts-database';

// The SQL the review shows: the statements the platform API runs for a create or an update, the
// same clauses in the same order, a clause per line.

export const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

const rolesClause = (roles: readonly string[] | undefined) => {
  const list = (roles ?? []).filter((role) => role !== 'public');
  return list.length ? list.map(quoteIdent).join(', ') : 'public';
};

export function createPolicySql(p: PolicyCreate): string {
  const using = normalizeExpression(p.definition);
  const check = normalizeExpression(p.check);
  return [
    `create policy ${quoteIdent(p.name)} on ${quoteIdent(p.schema ?? 'public')}.${quoteIdent(p.table)}`,
    `as ${p.action ?? 'PERMISSIVE'} for ${p.command ?? 'ALL'} to ${rolesClause(p.roles)}`,
    using ? `using (${using})` : null,
    check ? `with check (${check})` : null,
  ]
    .filter(Boolean)
    .join('\n')
    .concat(';');
}

/** The statements of an update: ALTER POLICY for roles and expressions, then a rename. Empty when nothing changed. */
export function updatePolicySql(policy: Policy, changes: PolicyUpdate): string {
  const on = `on ${quoteIdent(policy.schema)}.${quoteIdent(policy.table)}`;
  const parts: string[] = [];
  if (changes.roles !== undefined) parts.push(`to ${rolesClause(changes.roles)}`);
  const using = changes.definition === undefined ? null : normalizeExpression(changes.definition);
  const check = changes.check === undefined ? null : normalizeExpression(changes.check);
  if (using) parts.push(`using (${using})`);
  if (check) parts.push(`with check (${check})`);
  const statements: string[] = [];
  if (parts.length) statements.push([`alter policy ${quoteIdent(policy.name)} ${on}`, ...parts].join('\n').concat(';'));
  if (changes.name !== undefined && changes.name !== policy.name) {
    statements.push(`alter policy ${quoteIdent(policy.name)} ${on}\nrename to ${quoteIdent(changes.name)};`);
  }
  return statements.join('\n\n');
}
