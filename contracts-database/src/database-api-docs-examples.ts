import type { ApiDocsColumn, ApiDocsFunction, ApiDocsTable } from './database-api-docs';

// The examples the API docs pages show, in supabase-js and curl, for the project's URL and a key.
// Plain text that works as written against {url}/rest/v1 and {url}/auth/v1. A subpath of its own
// (`@plinth/shared-contracts/database-api-docs-examples`), so only the docs pages bundle it.

/** One example, in both languages. */
export interface ApiExample {
  key: string;
  title: string;
  js: string;
  curl: string;
}

/** Which key an example carries (the docs' key toggle). */
export interface ExampleKeys {
  url: string;
  /** The key sent as `apikey` and as the bearer token. */
  key: string;
  /** The default schema; examples for another schema name it. */
  defaultSchema: string;
}

const jsString = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
/** A shell word in single quotes. */
const sh = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** A value an example sends for a column of this type. */
export function sampleValue(type: string): unknown {
  if (type.endsWith('[]')) return [];
  if (/^(smallint|integer|bigint|numeric|real|double precision)/.test(type)) return 1;
  if (type === 'boolean') return true;
  if (type === 'json' || type === 'jsonb') return {};
  if (type === 'uuid') return '00000000-0000-0000-0000-000000000000';
  if (type === 'date') return '2024-01-01';
  if (type.startsWith('timestamp')) return '2024-01-01T00:00:00Z';
  return 'value';
}

/** The columns an insert example fills: required ones, or the first writable one. */
function insertColumns(t: ApiDocsTable): ApiDocsColumn[] {
  const writable = t.columns.filter((c) => !c.generated);
  const required = writable.filter((c) => !c.nullable && c.default === null);
  return required.length ? required : writable.slice(0, 1);
}

function rowOf(cols: ApiDocsColumn[]): Record<string, unknown> {
  return Object.fromEntries(cols.map((c) => [c.name, sampleValue(c.type)]));
}

/** The column a filter example uses: the primary key, else the first column. */
function filterColumn(t: ApiDocsTable): ApiDocsColumn | undefined {
  return t.columns.find((c) => c.primaryKey) ?? t.columns[0];
}

/** `supabase` for the default schema, `supabase.schema('x')` for another. */
function jsClient(schema: string, keys: ExampleKeys) {
  return schema === keys.defaultSchema ? 'supabase' : `supabase.schema(${jsString(schema)})`;
}

function curl(keys: ExampleKeys, method: string, path: string, opts: { schema: string; body?: unknown; prefer?: string }): string {
  const lines = [`curl -X ${method} ${sh(`${keys.url}/rest/v1/${path}`)}`, `  -H ${sh(`apikey: ${keys.key}`)}`, `  -H ${sh(`Authorization: Bearer ${keys.key}`)}`];
  if (opts.schema !== keys.defaultSchema) lines.push(`  -H ${sh(`${method === 'GET' ? 'Accept' : 'Content'}-Profile: ${opts.schema}`)}`);
  if (opts.body !== undefined) lines.push(`  -H 'Content-Type: application/json'`);
  if (opts.prefer) lines.push(`  -H ${sh(`Prefer: ${opts.prefer}`)}`);
  if (opts.body !== undefined) lines.push(`  -d ${sh(JSON.stringify(opts.body))}`);
  return lines.join(' \\\n');
}

const pgrstValue = (v: unknown) => encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v));

/** The examples of one table's page: read all, read some columns, filter, insert, update, delete. */
export function tableExamples(t: ApiDocsTable, keys: ExampleKeys): ApiExample[] {
  const from = `${jsClient(t.schema, keys)}.from(${jsString(t.name)})`;
  const path = encodeURIComponent(t.name);
  const col = filterColumn(t);
  const some = t.columns.slice(0, 2).map((c) => c.name);
  const out: ApiExample[] = [
    {
      key: 'read-all',
      title: 'Read all rows',
      js: `const { data, error } = await ${from}\n  .select('*')`,
      curl: curl(keys, 'GET', `${path}?select=*`, { schema: t.schema }),
    },
  ];
  if (some.length) {
    const list = some.map((c) => (/^[a-z_][a-z0-9_]*$/.test(c) ? c : `"${c.replace(/"/g, '\\"')}"`)).join(',');
    out.push({
      key: 'read-columns',
      title: 'Read specific columns',
      js: `const { data, error } = await ${from}\n  .select(${jsString(list)})`,
      curl: curl(keys, 'GET', `${path}?select=${encodeURIComponent(list)}`, { schema: t.schema }),
    });
  }
  if (col) {
    const v = sampleValue(col.type);
    out.push({
      key: 'filter',
      title: 'Filter rows',
      js: `const { data, error } = await ${from}\n  .select('*')\n  .eq(${jsString(col.name)}, ${JSON.stringify(v)})`,
      curl: curl(keys, 'GET', `${path}?${encodeURIComponent(col.name)}=eq.${pgrstValue(v)}&select=*`, { schema: t.schema }),
    });
  }
  if (t.kind === 'table') {
    const row = rowOf(insertColumns(t));
    out.push({
      key: 'insert',
      title: 'Insert a row',
      js: `const { data, error } = await ${from}\n  .insert([${JSON.stringify(row)}])\n  .select()`,
      curl: curl(keys, 'POST', path, { schema: t.schema, body: [row], prefer: 'return=representation' }),
    });
    if (col) {
      const v = sampleValue(col.type);
      const set = rowOf(insertColumns(t).filter((c) => c.name !== col.name).slice(0, 1));
      const change = Object.keys(set).length ? set : rowOf([col]);
      out.push({
        key: 'update',
        title: 'Update matching rows',
        js: `const { data, error } = await ${from}\n  .update(${JSON.stringify(change)})\n  .eq(${jsString(col.name)}, ${JSON.stringify(v)})\n  .select()`,
        curl: curl(keys, 'PATCH', `${path}?${encodeURIComponent(col.name)}=eq.${pgrstValue(v)}`, { schema: t.schema, body: change, prefer: 'return=representation' }),
      });
      out.push({
        key: 'delete',
        title: 'Delete matching rows',
        js: `const { error } = await ${from}\n  .delete()\n  .eq(${jsString(col.name)}, ${JSON.stringify(v)})`,
        curl: curl(keys, 'DELETE', `${path}?${encodeURIComponent(col.name)}=eq.${pgrstValue(v)}`, { schema: t.schema }),
      });
    }
  }
  return out;
}

/** The example of one function's page: call it with every argument it needs. */
export function functionExample(f: ApiDocsFunction, keys: ExampleKeys): ApiExample {
  const args = Object.fromEntries(f.args.filter((a) => !a.hasDefault).map((a) => [a.name, sampleValue(a.type)]));
  const hasArgs = Object.keys(args).length > 0;
  return {
    key: 'rpc',
    title: `Call ${f.name}()`,
    js: `const { data, error } = await ${jsClient(f.schema, keys)}\n  .rpc(${jsString(f.name)}${hasArgs ? `, ${JSON.stringify(args)}` : ''})`,
    curl: curl(keys, 'POST', `rpc/${encodeURIComponent(f.name)}`, { schema: f.schema, body: args }),
  };
}

/** How an app creates its client (the introduction and authentication pages). */
export function clientSetupExample(keys: ExampleKeys): ApiExample {
  return {
    key: 'client',
    title: 'Initialize the client',
    js: `import { createClient } from '@supabase/supabase-js'\n\nconst supabase = createClient(${jsString(keys.url)}, ${jsString(keys.key)})`,
    curl: curl(keys, 'GET', '', { schema: keys.defaultSchema }),
  };
}

/** The user management examples (sign up, sign in, the signed-in user, sign out) against {url}/auth/v1. */
export function userExamples(keys: ExampleKeys): ApiExample[] {
  const auth = (method: string, path: string, body?: unknown, bearer = keys.key) => {
    const lines = [`curl -X ${method} ${sh(`${keys.url}/auth/v1/${path}`)}`, `  -H ${sh(`apikey: ${keys.key}`)}`];
    if (bearer !== keys.key) lines.push(`  -H ${sh(`Authorization: Bearer ${bearer}`)}`);
    if (body !== undefined) lines.push(`  -H 'Content-Type: application/json'`, `  -d ${sh(JSON.stringify(body))}`);
    return lines.join(' \\\n');
  };
  const creds = { email: 'someone@example.com', password: 'a-long-password' };
  return [
    { key: 'sign-up', title: 'Sign up', js: `const { data, error } = await supabase.auth.signUp(${JSON.stringify(creds)})`, curl: auth('POST', 'signup', creds) },
    { key: 'sign-in', title: 'Sign in with a password', js: `const { data, error } = await supabase.auth.signInWithPassword(${JSON.stringify(creds)})`, curl: auth('POST', 'token?grant_type=password', creds) },
    { key: 'user', title: 'Get the signed-in user', js: `const { data: { user } } = await supabase.auth.getUser()`, curl: auth('GET', 'user', undefined, 'USER_ACCESS_TOKEN') },
    { key: 'sign-out', title: 'Sign out', js: `const { error } = await supabase.auth.signOut()`, curl: auth('POST', 'logout', undefined, 'USER_ACCESS_TOKEN') },
  ];
}
