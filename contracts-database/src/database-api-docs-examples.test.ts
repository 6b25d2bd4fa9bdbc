import { describe, expect, it } from 'vitest';
import type { ApiDocsColumn, ApiDocsTable } from './database-api-docs';
import { functionExample, tableExamples, userExamples, type ExampleKeys } from './database-api-docs-examples';

const keys: ExampleKeys = { url: 'http://localhost:3001/abc', key: 'ANON', defaultSchema: 'public' };
const col = (name: string, type: string, extra: Partial<ApiDocsColumn> = {}): ApiDocsColumn => ({ name, type, nullable: true, default: null, generated: false, primaryKey: false, comment: null, ...extra });
const todos: ApiDocsTable = {
  schema: 'public',
  name: 'todos',
  kind: 'table',
  comment: null,
  columns: [col('id', 'bigint', { primaryKey: true, generated: true, nullable: false }), col('title', 'text', { nullable: false }), col('done', 'boolean', { nullable: false, default: 'false' }), col('tags', 'text[]')],
};

describe('API docs examples', () => {
  it('writes every table example in supabase-js and curl with the URL and key filled in', () => {
    const ex = tableExamples(todos, keys);
    expect(ex.map((e) => e.key)).toEqual(['read-all', 'read-columns', 'filter', 'insert', 'update', 'delete']);
    expect(ex[0]!.js).toBe("const { data, error } = await supabase.from('todos')\n  .select('*')");
    expect(ex[0]!.curl).toBe("curl -X GET 'http://localhost:3001/abc/rest/v1/todos?select=*' \\\n  -H 'apikey: ANON' \\\n  -H 'Authorization: Bearer ANON'");
    // Inserts fill the required columns only: not the generated key, not those with a default.
    expect(ex[3]!.js).toContain('.insert([{"title":"value"}])');
    expect(ex[3]!.curl).toContain(`-d '[{"title":"value"}]'`);
    expect(ex[3]!.curl).toContain("-H 'Prefer: return=representation'");
    // Filters, updates and deletes go by the primary key.
    expect(ex[2]!.curl).toContain('todos?id=eq.1&select=*');
    expect(ex[4]!.js).toContain(".update({\"title\":\"value\"})\n  .eq('id', 1)");
    expect(ex[5]!.curl).toMatch(/^curl -X DELETE '.*\/rest\/v1\/todos\?id=eq\.1'/);
  });

  it('quotes what a name holds, names another schema, and gives views no writes', () => {
    const view: ApiDocsTable = { schema: 'sales', name: "it's", kind: 'view', comment: null, columns: [col('Order Id', 'integer')] };
    const ex = tableExamples(view, keys);
    expect(ex.map((e) => e.key)).toEqual(['read-all', 'read-columns', 'filter']);
    expect(ex[0]!.js).toContain("supabase.schema('sales').from('it\\'s')");
    expect(ex[0]!.curl).toContain("-H 'Accept-Profile: sales'");
    expect(ex[0]!.curl).toContain("/rest/v1/it's?select=*'".replace("'s", "'\\''s"));
    expect(ex[1]!.js).toContain(`.select('"Order Id"')`);
  });

  it('calls a function with its required arguments only', () => {
    const ex = functionExample({ schema: 'public', name: 'add', args: [{ name: 'a', type: 'integer', hasDefault: false }, { name: 'b', type: 'integer', hasDefault: true }], returns: 'integer', returnsSet: false, volatile: false, comment: null }, keys);
    expect(ex.js).toBe(`const { data, error } = await supabase\n  .rpc('add', {"a":1})`);
    expect(ex.curl).toContain("-X POST 'http://localhost:3001/abc/rest/v1/rpc/add'");
    expect(ex.curl).toContain(`-d '{"a":1}'`);
  });

  it('uses the chosen key and the auth endpoints for users', () => {
    const ex = userExamples({ ...keys, key: 'SERVICE' });
    expect(ex.map((e) => e.key)).toEqual(['sign-up', 'sign-in', 'user', 'sign-out']);
    expect(ex[1]!.curl).toContain("'http://localhost:3001/abc/auth/v1/token?grant_type=password'");
    expect(ex[1]!.curl).toContain("-H 'apikey: SERVICE'");
  });
});
