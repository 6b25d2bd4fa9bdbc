import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '@plinth/platform-core/deps';
import { splitStatements } from './sql-run';

// The data API keeps what it knows of each project's schemas (tables, keys, functions) between
// requests. A change made through the console tells it at once, as `NOTIFY pgrst, 'reload schema'`
// tells PostgREST: the next app request reads the schemas afresh and never embeds over a
// relationship that is gone or misses one just made.

/** Statement kinds that never change a table, key, view or function the data API could serve. */
const KEEPS_SCHEMA = new Set([
  'SelectStmt', 'InsertStmt', 'UpdateStmt', 'DeleteStmt', 'MergeStmt', 'ExplainStmt', 'VariableShowStmt', 'VariableSetStmt',
  'TransactionStmt', 'CopyStmt', 'ListenStmt', 'UnlistenStmt', 'DiscardStmt', 'PrepareStmt', 'ExecuteStmt', 'DeallocateStmt',
  'CheckPointStmt', 'VacuumStmt', 'LockStmt', 'DeclareCursorStmt', 'FetchStmt', 'ClosePortalStmt',
]);

const PG_NOTIFY_PGRST = /pg_notify\s*\(\s*'pgrst'/i;

/**
 * Whether a SQL editor run may have changed what the data API serves: any statement but reads,
 * writes of rows and session settings (DDL, grants, comments, DO blocks, CALL), a `NOTIFY pgrst`
 * (any payload) or `pg_notify('pgrst', …)`. A text Postgres' parser cannot read counts as a change.
 * A plain SELECT of a function that runs DDL itself is not seen here (send `NOTIFY pgrst` after it).
 */
export async function mayChangeSchema(query: string): Promise<boolean> {
  if (PG_NOTIFY_PGRST.test(query)) return true;
  const statements = await splitStatements(query);
  if (!statements) return true;
  return statements.some(({ tree }) => {
    const [kind = '', node] = Object.entries(tree)[0] ?? [];
    if (kind === 'NotifyStmt') return (node as { conditionname?: string } | undefined)?.conditionname === 'pgrst';
    return !KEEPS_SCHEMA.has(kind);
  });
}

/** Tells the data API that the project's schema may have changed. */
export function reloadDataApiSchema(deps: Pick<ApiDeps, 'services'>, ref: string): void {
  deps.services.projectServices.rest.reloadSchema(ref);
}

/**
 * For a route module whose writes are DDL (the table editor, functions, triggers, schemas,
 * extensions, indexes): after each write, answered or refused, and before its answer leaves,
 * the data API forgets the project's schemas.
 */
export function reloadDataApiSchemaAfterWrites(app: FastifyInstance, deps: Pick<ApiDeps, 'services'>): void {
  app.addHook('onSend', async (req, _reply, payload) => {
    const ref = (req.params as { ref?: unknown } | undefined)?.ref;
    if (req.method !== 'GET' && req.method !== 'HEAD' && typeof ref === 'string') reloadDataApiSchema(deps, ref);
    return payload;
  });
}
