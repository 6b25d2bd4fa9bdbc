import { PERMISSIONS } from '@plinth/shared-contracts';
import type { ApiDeps, ProjectAccess, ProjectDatabase, QueryResult } from '@plinth/platform-core/deps';
import { DatabaseError } from '@plinth/platform-core/database-error';
import { parseSql } from '@plinth/platform-core/common/sql-parser';
import { onPostgresServer } from './sql-run';

// On a Postgres server the storage tables belong to the API's user: whoever owns a table decides
// what runs on every write to it (triggers, rules, defaults), and the console writes there. So a
// member cannot create a policy on them as their own role, and the console's policy routes create
// those policies as the API's user. A SQL editor text made only of policy statements on the storage
// tables (the storage quickstart, a policy copied from the docs) runs the same way, for a member
// the policy routes would let in: nothing else in the text, every statement checked on its parse
// tree, each run on its own so the server can only see that one statement.

const STORAGE_TABLES = new Set(['objects', 'buckets']);

type Tree = Record<string, unknown>;
interface RangeVar {
  schemaname?: string;
  relname?: string;
}
interface StringNode {
  String?: { sval?: string };
}

const onStorageTable = (table: RangeVar | undefined) => table?.schemaname === 'storage' && STORAGE_TABLES.has(table.relname ?? '');

/** A policy statement (create, alter, rename, drop) on storage.objects or storage.buckets, the table named with its schema. */
export function isStoragePolicyStatement(tree: Tree): boolean {
  const node = tree as {
    CreatePolicyStmt?: { table?: RangeVar };
    AlterPolicyStmt?: { table?: RangeVar };
    RenameStmt?: { renameType?: string; relation?: RangeVar };
    DropStmt?: { removeType?: string; objects?: { List?: { items?: StringNode[] } }[] };
  };
  if (node.CreatePolicyStmt) return onStorageTable(node.CreatePolicyStmt.table);
  if (node.AlterPolicyStmt) return onStorageTable(node.AlterPolicyStmt.table);
  if (node.RenameStmt) return node.RenameStmt.renameType === 'OBJECT_POLICY' && onStorageTable(node.RenameStmt.relation);
  if (node.DropStmt) {
    const { removeType, objects = [] } = node.DropStmt;
    return (
      removeType === 'OBJECT_POLICY' &&
      objects.length > 0 &&
      objects.every((o) => {
        const [schema, table] = (o.List?.items ?? []).map((i) => i.String?.sval);
        return o.List?.items?.length === 3 && onStorageTable({ schemaname: schema, relname: table });
      })
    );
  }
  return false;
}

export interface ParsedStatement {
  text: string;
  start: number;
  tree: Tree;
}

/** Whether this run is one of storage policies to write as the console's policy routes do. */
export function isStoragePolicyRun(deps: ApiDeps, access: ProjectAccess, statements: ParsedStatement[] | null): statements is ParsedStatement[] {
  return (
    onPostgresServer(deps) &&
    access.permissions.has(PERMISSIONS.TENANT_SQL_ADMIN_WRITE) &&
    Boolean(statements?.length) &&
    statements!.every((s) => isStoragePolicyStatement(s.tree))
  );
}

/**
 * Runs the statements in one transaction as the API's user, one at a time. Each text is parsed
 * again alone and must still be exactly one storage policy statement. (Postgres reports no
 * position for errors in a policy's expressions, so there is none to carry over.)
 */
export async function runStoragePolicyStatements(db: ProjectDatabase, statements: ParsedStatement[], timeoutMs: number): Promise<QueryResult[]> {
  for (const s of statements) {
    const alone = await parseSql(s.text);
    if (alone.stmts.length !== 1 || !isStoragePolicyStatement(alone.stmts[0]!.stmt as Tree)) throw new DatabaseError('This statement could not be read as one storage policy statement.', '42601');
  }
  return db.transaction(async (tx) => {
    const out: QueryResult[] = [];
    for (const s of statements) out.push(await tx.query(s.text, [], { timeoutMs }));
    return out;
  });
}
