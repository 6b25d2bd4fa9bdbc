// "Rename with AI" (000 §6 flag ai_rename) without a model: a snippet's name is read from its first
// meaningful statement. Comments are dropped, statements split on ";", and transaction or session
// statements (begin, commit, set...) skipped. DDL and writes are named by their verb and object
// ("Create table notes", "Update profiles"); a query by its main table, what it groups by and what
// it joins ("Orders by customer", "Orders with customers", "Count of orders").

const MAX_NAME = 80;
const SKIPPED = /^(begin|commit|rollback|start\s+transaction|set|reset|savepoint|release)\b/i;
const IDENT = String.raw`(?:"[^"]+"|[a-z_][\w$]*)(?:\.(?:"[^"]+"|[a-z_][\w$]*))?`;

function stripComments(sql: string): string {
  return sql.replace(/--[^\n]*/g, ' ').replace(/\/\*[\s\S]*?\*\//g, ' ');
}

/** The statement's text outside parentheses and string literals (subqueries and CTE bodies dropped). */
function topLevel(statement: string): string {
  let depth = 0;
  let out = '';
  let quoted = false;
  for (const ch of statement) {
    if (ch === "'") quoted = !quoted;
    if (quoted) continue;
    if (ch === '(') depth += 1;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0) out += ch;
  }
  return out.replace(/\s+/g, ' ').trim();
}

/** An identifier as written, without quotes; the public schema left out. */
const objectName = (raw: string) => raw.replace(/"/g, '').replace(/^public\./i, '');
/** A table as words in a sentence: "order_items" → "order items"; other schemas stay named ("auth.users"). */
const words = (raw: string) => objectName(raw).replace(/_/g, ' ');
/** A grouping column as words: "o.customer_id" → "customer". */
const columnWords = (raw: string) => raw.replace(/"/g, '').replace(/^.*\./, '').replace(/_id$/i, '').replace(/_/g, ' ');
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const DDL: [RegExp, string][] = [
  [new RegExp(String.raw`^create\s+(?:(?:global|local)\s+)?(?:temp(?:orary)?\s+|unlogged\s+)?table\s+(?:if\s+not\s+exists\s+)?(${IDENT})`, 'i'), 'Create table'],
  [new RegExp(String.raw`^create\s+(?:or\s+replace\s+)?(?:materialized\s+)?view\s+(?:if\s+not\s+exists\s+)?(${IDENT})`, 'i'), 'Create view'],
  [new RegExp(String.raw`^create\s+(?:or\s+replace\s+)?function\s+(${IDENT})`, 'i'), 'Create function'],
  [new RegExp(String.raw`^create\s+(?:or\s+replace\s+)?trigger\s+${IDENT}.*?\bon\s+(${IDENT})`, 'is'), 'Trigger on'],
  [new RegExp(String.raw`^create\s+(?:unique\s+)?index\s+.*?\bon\s+(?:only\s+)?(${IDENT})`, 'is'), 'Index on'],
  [new RegExp(String.raw`^create\s+policy\s+${IDENT}\s+on\s+(${IDENT})`, 'i'), 'Policy on'],
  [new RegExp(String.raw`^create\s+(?:schema|extension)\s+(?:if\s+not\s+exists\s+)?(${IDENT})`, 'i'), 'Create'],
  [new RegExp(String.raw`^alter\s+table\s+(?:if\s+exists\s+)?(?:only\s+)?(${IDENT})\s+enable\s+row\s+level\s+security`, 'i'), 'Enable RLS on'],
  [new RegExp(String.raw`^alter\s+table\s+(?:if\s+exists\s+)?(?:only\s+)?(${IDENT})`, 'i'), 'Alter table'],
  [new RegExp(String.raw`^drop\s+(table|view|function|index|policy|schema)\s+(?:if\s+exists\s+)?(${IDENT})`, 'i'), 'Drop'],
  [new RegExp(String.raw`^insert\s+into\s+(${IDENT})`, 'i'), 'Insert into'],
  [new RegExp(String.raw`^update\s+(?:only\s+)?(${IDENT})`, 'i'), 'Update'],
  [new RegExp(String.raw`^delete\s+from\s+(?:only\s+)?(${IDENT})`, 'i'), 'Delete from'],
  [new RegExp(String.raw`^truncate\s+(?:table\s+)?(?:only\s+)?(${IDENT})`, 'i'), 'Truncate'],
];

function ddlName(statement: string): string | null {
  for (const [re, verb] of DDL) {
    const m = re.exec(statement);
    if (!m) continue;
    if (verb === 'Drop') return `Drop ${m[1]!.toLowerCase()} ${objectName(m[2]!)}`;
    if (verb === 'Create') return `Create ${statement.split(/\s+/)[1]!.toLowerCase()} ${objectName(m[1]!)}`;
    return `${verb} ${objectName(m[1]!)}`;
  }
  return null;
}

function queryName(statement: string): string | null {
  const top = topLevel(statement);
  if (!/^(select|with|table)\b/i.test(top)) return null;
  const from = new RegExp(String.raw`\bfrom\s+(?:only\s+)?(${IDENT})`, 'i').exec(top);
  if (!from) {
    const list = statement.replace(/^select\s+/i, '').slice(0, 40);
    return list ? `Select ${list}` : 'Select';
  }
  const table = words(from[1]!);
  const group = new RegExp(String.raw`\bgroup\s+by\s+(${IDENT})`, 'i').exec(top);
  if (group) return sentence(`${table} by ${columnWords(group[1]!)}`);
  const joined = [...top.matchAll(new RegExp(String.raw`\bjoin\s+(?:lateral\s+)?(${IDENT})`, 'gi'))].map((m) => words(m[1]!));
  if (joined.length) return sentence(`${table} with ${joined.slice(0, 2).join(' and ')}`);
  if (/^select\s+count\s*\(/i.test(statement)) return `Count of ${table}`;
  return sentence(table);
}

/** The statement a name is taken from: the first that is not a transaction or session command; null when there is none. */
export function namingStatement(sql: string): string | null {
  const statements = stripComments(sql).split(';').map((s) => s.replace(/\s+/g, ' ').trim()).filter(Boolean);
  return statements.find((s) => !SKIPPED.test(s)) ?? statements[0] ?? null;
}

/** A name for a SQL text, or null when it has no statement. */
export function nameFromSql(sql: string): { name: string; from: string } | null {
  const statement = namingStatement(sql);
  if (!statement) return null;
  const name = ddlName(statement) ?? queryName(statement) ?? sentence(statement.split(' ').slice(0, 2).join(' ').toLowerCase());
  return { name: name.slice(0, MAX_NAME).trim(), from: statement.slice(0, 200) };
}

/** The name, numbered ("Orders by customer 2") when another snippet the user sees already has it. */
export function unusedName(name: string, taken: readonly string[]): string {
  const names = new Set(taken.map((n) => n.toLowerCase()));
  if (!names.has(name.toLowerCase())) return name;
  for (let n = 2; ; n += 1) if (!names.has(`${name} ${n}`.toLowerCase())) return `${name} ${n}`;
}
