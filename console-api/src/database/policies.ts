import { normalizeExpression, type Policy, type PolicyCommand, type Table } from '@plinth/contracts-database';
import { HttpError, type ProjectDatabase } from '@plinth/platform-core/deps';
import { asUserSql, ident } from '@plinth/platform-core/common/sql';
import { acceptsPolicyChanges, findPolicy, findPolicyByName, findTable } from './catalog';
import { assertPolicyStatement, parseExpression, type ParsedExpression } from './policy-expressions';

// Writes of RLS policies and the RLS switch: real CREATE/ALTER/DROP POLICY and ALTER TABLE.
// Each expression is checked with PostgreSQL's parser (policy-expressions.ts), and each statement
// goes through the extended protocol (db.query), which runs exactly one command.

type Db = Pick<ProjectDatabase, 'query' | 'transaction'>;

export interface NewPolicy {
  name: string;
  schema: string;
  table: string;
  action: 'PERMISSIVE' | 'RESTRICTIVE';
  command: PolicyCommand;
  definition?: string | null;
  check?: string | null;
  roles: string[];
}

function rolesClause(roles: string[] | undefined): string {
  const list = (roles ?? []).filter((r) => r !== 'public');
  return list.length ? list.map(ident).join(', ') : 'public';
}

function policyNotFound(id: number): HttpError {
  return new HttpError(404, `Policy not found: ${id}`, 'NOT_FOUND');
}

function assertPoliciesAllowed(schema: string, table: string): void {
  if (!acceptsPolicyChanges(schema, table)) {
    throw new HttpError(403, `${schema}.${table} is a locked system table: its policies cannot be changed`, 'TABLE_LOCKED');
  }
}

const parsed = (expression: string | null, field: string): Promise<ParsedExpression | null> =>
  expression ? parseExpression(expression, field) : Promise.resolve(null);

export async function createPolicy(db: Db, p: NewPolicy): Promise<Policy> {
  assertPoliciesAllowed(p.schema, p.table);
  const using = normalizeExpression(p.definition);
  const check = normalizeExpression(p.check);
  const usingTree = await parsed(using, 'definition');
  const checkTree = await parsed(check, 'check');
  const sql = [
    `create policy ${ident(p.name)} on ${ident(p.schema)}.${ident(p.table)}`,
    `as ${p.action} for ${p.command} to ${rolesClause(p.roles)}`,
    using ? `using (${using})` : '',
    check ? `with check (${check})` : '',
  ].join(' ');
  await assertPolicyStatement(sql, 'CreatePolicyStmt', usingTree, checkTree);
  await asUserSql(() => db.query(sql));
  const created = await findPolicyByName(db, p.schema, p.table, p.name);
  if (!created) throw new HttpError(500, `Policy ${p.name} was created but could not be read back`);
  return created;
}

export interface PolicyChanges {
  name?: string;
  definition?: string | null;
  check?: string | null;
  roles?: string[];
}

export async function updatePolicy(db: Db, id: number, changes: PolicyChanges): Promise<Policy> {
  const current = await findPolicy(db, id);
  if (!current) throw policyNotFound(id);
  assertPoliciesAllowed(current.schema, current.table);
  const on = `on ${ident(current.schema)}.${ident(current.table)}`;
  const parts: string[] = [];
  if (changes.roles !== undefined) parts.push(`to ${rolesClause(changes.roles)}`);
  const using = changes.definition === undefined ? null : normalizeExpression(changes.definition);
  const check = changes.check === undefined ? null : normalizeExpression(changes.check);
  const usingTree = await parsed(using, 'definition');
  const checkTree = await parsed(check, 'check');
  if (using) parts.push(`using (${using})`);
  if (check) parts.push(`with check (${check})`);
  const alter = parts.length ? `alter policy ${ident(current.name)} ${on} ${parts.join(' ')}` : null;
  if (alter) await assertPolicyStatement(alter, 'AlterPolicyStmt', usingTree, checkTree);
  await asUserSql(() =>
    db.transaction(async (tx) => {
      if (alter) await tx.query(alter);
      if (changes.name !== undefined && changes.name !== current.name) {
        await tx.query(`alter policy ${ident(current.name)} ${on} rename to ${ident(changes.name)}`);
      }
    }),
  );
  const updated = await findPolicy(db, id);
  if (!updated) throw policyNotFound(id);
  return updated;
}

export async function deletePolicy(db: Db, id: number): Promise<Policy> {
  const current = await findPolicy(db, id);
  if (!current) throw policyNotFound(id);
  assertPoliciesAllowed(current.schema, current.table);
  await asUserSql(() => db.query(`drop policy ${ident(current.name)} on ${ident(current.schema)}.${ident(current.table)}`));
  return current;
}

export async function setRowLevelSecurity(db: Db, tableId: number, enabled: boolean): Promise<Table> {
  const table = await findTable(db, tableId);
  if (!table) throw new HttpError(404, `Table not found: ${tableId}`, 'NOT_FOUND');
  if (table.locked) {
    throw new HttpError(403, `${table.schema}.${table.name} is a locked system table: its row level security cannot be changed`, 'TABLE_LOCKED');
  }
  await asUserSql(() =>
    db.query(`alter table ${ident(table.schema)}.${ident(table.name)} ${enabled ? 'enable' : 'disable'} row level security`),
  );
  return { ...table, rls_enabled: enabled };
}
