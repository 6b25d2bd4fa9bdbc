import type { TableColumn } from '@plinth/contracts-database';

// How the grid shows a cell and reads back what a user typed into it, by the column's kind.

/** The text a cell shows; null shows as NULL (styled apart by the grid). */
export function formatCell(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The text an editor starts from: empty for null, JSON for JSON and lists. */
export function editText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export type Parsed = { ok: true; value: unknown } | { ok: false; error: string };

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;
const WHOLE_OR_DECIMAL = /^[-+]?\d+(\.\d+)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ok = (value: unknown): Parsed => ({ ok: true, value });
const fail = (error: string): Parsed => ({ ok: false, error });

/**
 * The value to send for what was typed. Empty text is null, except in a text column where it is
 * the empty string (null is then chosen with `asNull`).
 */
export function parseCell(text: string, column: Pick<TableColumn, 'kind' | 'nullable' | 'enumValues' | 'name'>, asNull = false): Parsed {
  const t = column.kind === 'text' ? text : text.trim();
  if (asNull || (t === '' && column.kind !== 'text')) {
    return column.nullable ? ok(null) : fail(`${column.name} cannot be empty`);
  }
  switch (column.kind) {
    case 'number':
      return NUMBER.test(t) ? ok(Number(t)) : fail('Enter a number');
    case 'bigint':
      // Kept as text: a JavaScript number would round values past 2^53.
      return WHOLE_OR_DECIMAL.test(t) ? ok(t) : fail('Enter a number');
    case 'boolean': {
      const b = t.toLowerCase();
      if (b === 'true' || b === 't') return ok(true);
      if (b === 'false' || b === 'f') return ok(false);
      return fail('Enter true or false');
    }
    case 'json':
      try {
        return ok(JSON.parse(t));
      } catch {
        return fail('Enter valid JSON');
      }
    case 'array': {
      try {
        const list = JSON.parse(t) as unknown;
        if (Array.isArray(list)) return ok(list);
      } catch {
        /* answered below */
      }
      return fail('Enter a JSON list, e.g. ["a", "b"]');
    }
    case 'enum':
      return column.enumValues?.includes(t) ? ok(t) : fail(`Choose one of ${(column.enumValues ?? []).join(', ')}`);
    case 'date':
      return DATE.test(t) ? ok(t) : fail('Enter a date as YYYY-MM-DD');
    case 'uuid':
      return UUID.test(t) ? ok(t) : fail('Enter a UUID');
    default:
      return ok(t);
  }
}

/** Columns a new row's form offers: not generated ones. */
export const insertableColumns = (columns: readonly TableColumn[]) => columns.filter((c) => !c.generated);

/**
 * The values of a new row from the form: fields left empty are left out when the column has a
 * default (the database fills them), so only what the user typed is sent.
 */
export function newRowValues(columns: readonly TableColumn[], texts: Record<string, string>, nulls: ReadonlySet<string> = new Set()) {
  const values: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const c of insertableColumns(columns)) {
    const text = texts[c.name] ?? '';
    if (!nulls.has(c.name) && text === '' && (c.default !== null || c.kind !== 'text')) {
      if (c.default === null && !c.nullable) errors[c.name] = `${c.name} is required`;
      continue;
    }
    const parsed = parseCell(text, c, nulls.has(c.name));
    if (parsed.ok) values[c.name] = parsed.value;
    else errors[c.name] = parsed.error;
  }
  return { values, errors };
}
