import type { SqlTitle } from '@plinth/contracts-database';

// A title and description for a SQL snippet, derived from the text alone: the statement kinds
// and the main tables they touch. Deterministic; no model is called.

const KINDS: [RegExp, string, string][] = [
  [/^select\b/i, 'Query', 'Reads'],
  [/^with\b/i, 'Query', 'Reads'],
  [/^insert\s+into\b/i, 'Insert into', 'Adds rows to'],
  [/^update\b/i, 'Update', 'Updates rows of'],
  [/^delete\s+from\b/i, 'Delete from', 'Deletes rows from'],
  [/^create\s+(or\s+replace\s+)?view\b/i, 'Create view', 'Creates the view'],
  [/^create\s+(unlogged\s+)?table\b/i, 'Create table', 'Creates the table'],
  [/^create\s+(unique\s+)?index\b/i, 'Create index on', 'Creates an index on'],
  [/^create\s+policy\b/i, 'Policy on', 'Creates a row level security policy on'],
  [/^alter\s+table\b/i, 'Alter table', 'Changes the table'],
  [/^drop\s+table\b/i, 'Drop table', 'Drops the table'],
  [/^create\s+(or\s+replace\s+)?function\b/i, 'Create function', 'Creates the function'],
  [/^truncate\b/i, 'Truncate', 'Empties'],
  [/^grant\b/i, 'Grant on', 'Grants privileges on'],
];

const IDENT = String.raw`((?:"[^"]+"|[A-Za-z_][\w$]*)(?:\.(?:"[^"]+"|[A-Za-z_][\w$]*))?)`;
const tableAfter = (words: string) => new RegExp(String.raw`\b(?:${words})\s+(?:only\s+)?${IDENT}`, 'gi');
const DML_TABLE = tableAfter(String.raw`from|join|into|update|table(?:\s+if\s+(?:not\s+)?exists)?|view|function|truncate`);
/** In DDL such as create index/policy and grant, the table follows "on"; in queries "on" starts a join condition. */
const DDL_TABLE = tableAfter(String.raw`from|join|into|update|table(?:\s+if\s+(?:not\s+)?exists)?|on|view|function|truncate`);
const NOT_TABLES = new Set(['select', 'lateral', 'unnest', 'generate_series', 'public', 'all', 'table', 'conflict', 'delete', 'insert', 'update']);

function stripComments(sql: string): string {
  return sql.replace(/--[^\n]*/g, ' ').replace(/\/\*[\s\S]*?\*\//g, ' ');
}

function splitStatements(sql: string): string[] {
  return sql.split(';').map((s) => s.trim()).filter(Boolean);
}

function tablesOf(statement: string): string[] {
  const out: string[] = [];
  const re = /^(create\s+(unique\s+)?index|create\s+policy|create\s+trigger|grant|revoke|comment)\b/i.test(statement) ? DDL_TABLE : DML_TABLE;
  for (const m of statement.matchAll(re)) {
    const name = m[1]!.replace(/"/g, '').replace(/^public\./, '');
    if (!NOT_TABLES.has(name.toLowerCase()) && !out.includes(name)) out.push(name);
  }
  return out;
}

const list = (names: string[]) => (names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

export function titleFromSql(sql: string): SqlTitle {
  const statements = splitStatements(stripComments(sql));
  if (!statements.length) return { title: 'Untitled query', description: 'An empty query.' };
  const first = statements[0]!;
  const kind = KINDS.find(([re]) => re.test(first));
  const tables = tablesOf(first).slice(0, 3);
  const verb = kind?.[1] ?? (first.split(/\s+/)[0] ?? 'Query').replace(/^\w/, (c) => c.toUpperCase());
  const title = tables.length ? `${verb} ${list(tables)}` : verb;
  const allTables = statements.flatMap(tablesOf).filter((t, i, a) => a.indexOf(t) === i).slice(0, 5);
  const what = kind?.[2] ?? 'Runs a statement on';
  const more = statements.length > 1 ? ` Runs ${statements.length} statements in all.` : '';
  const description = allTables.length ? `${what} ${list(allTables)}.${more}` : `${what.replace(/ (on|of|from|into)$/, '')} without naming a table.${more}`;
  return { title: title.slice(0, 100), description: description.slice(0, 500) };
}
