import type { Completion } from '@codemirror/autocomplete';
import type { SQLNamespace } from '@codemirror/lang-sql';

/** What the editor completes besides SQL keywords: the database objects the user may name. */
export interface SqlEditorSchema {
  /** Schemas offered by name (tables' schemas are added on their own). */
  schemas?: string[];
  tables?: { schema: string; name: string; columns: string[] }[];
  functions?: { schema: string; name: string; args?: string }[];
  /** Columns of this table complete without a prefix (a policy's table). */
  defaultTable?: { schema: string; name: string };
  /** Tables of this schema complete without a prefix; `public` when not given. */
  defaultSchema?: string;
}

/** The functions a policy expression reads the request with (000 §2.5), always offered. */
export const AUTH_FUNCTIONS: readonly { name: string; detail: string; info: string }[] = [
  { name: 'uid', detail: 'uuid', info: "The signed-in user's id (the JWT's sub claim)" },
  { name: 'jwt', detail: 'jsonb', info: 'The claims of the request JWT' },
  { name: 'role', detail: 'text', info: "The request's role: anon or authenticated" },
];

type Namespace = Record<string, SQLNamespace>;

function functionCompletion(name: string, detail: string, info?: string): Completion {
  return { label: `${name}()`, apply: `${name}()`, type: 'function', detail, info, boost: 1 };
}

/** The tree lang-sql completes from: schema → table → columns, schema → function(). */
export function toNamespace(schema: SqlEditorSchema): Namespace {
  const tree: Record<string, Record<string, SQLNamespace>> = {};
  const schemaNode = (name: string) => (tree[name] ??= {});
  for (const name of schema.schemas ?? []) schemaNode(name);
  for (const table of schema.tables ?? []) schemaNode(table.schema)[table.name] = table.columns.map((column) => ({ label: column, type: 'property' }));
  for (const fn of schema.functions ?? []) {
    schemaNode(fn.schema)[`${fn.name}()`] = { self: functionCompletion(fn.name, fn.args ? `(${fn.args})` : '()'), children: {} };
  }
  for (const fn of AUTH_FUNCTIONS) schemaNode('auth')[`${fn.name}()`] = { self: functionCompletion(fn.name, fn.detail, fn.info), children: {} };
  return tree;
}

/**
 * Whole-name completions for the start of a word (`au` → `auth.uid()`): the auth functions and the
 * given functions, qualified by their schema. After a dot, lang-sql completes from the namespace.
 */
export function functionCompletions(schema: SqlEditorSchema): Completion[] {
  const auth = AUTH_FUNCTIONS.map((fn) => ({ label: `auth.${fn.name}()`, type: 'function', detail: fn.detail, info: fn.info, boost: 2 }));
  const given = (schema.functions ?? []).map((fn) => ({ label: `${fn.schema}.${fn.name}()`, type: 'function', detail: fn.args ? `(${fn.args})` : undefined }));
  return [...auth, ...given];
}
