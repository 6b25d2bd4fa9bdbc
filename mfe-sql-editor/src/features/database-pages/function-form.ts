import type { DatabaseFunction, DatabaseFunctionWrite } from '@plinth/contracts-database';

// The function form's text fields and how they become a write: arguments are typed one per line
// as `name type` (or a type alone), the way they read in a CREATE FUNCTION.

export interface FunctionForm {
  schema: string;
  name: string;
  args: string;
  returns: string;
  language: 'sql' | 'plpgsql';
  definition: string;
  securityDefiner: boolean;
}

export const NEW_FUNCTION: FunctionForm = {
  schema: 'public',
  name: '',
  args: '',
  returns: 'void',
  language: 'plpgsql',
  definition: 'begin\n  \nend;',
  securityDefiner: false,
};

/** `a integer, b text DEFAULT 'x'` → one `a integer` per line (defaults are not kept by the form). */
export function formOf(f: DatabaseFunction): FunctionForm {
  const args = f.arguments
    ? f.arguments
        .split(/,\s*(?![^()]*\))/)
        .map((a) => a.replace(/\s+DEFAULT\s+.*$/i, '').trim())
        .join('\n')
    : '';
  return { schema: f.schema, name: f.name, args, returns: f.returns, language: f.language === 'sql' ? 'sql' : 'plpgsql', definition: f.definition.replace(/^\n+|\s+$/g, ''), securityDefiner: f.securityDefiner };
}

/** One argument per non-empty line: the last word is part of the type unless the line has two parts or more. */
export function writeOf(form: FunctionForm): DatabaseFunctionWrite {
  const args = form.args
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const m = /^("(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_$]*)\s+(.+)$/.exec(line);
      if (!m || /^(double|character|timestamp|time|bit|interval)$/i.test(m[1]!)) return { type: line };
      return { name: m[1]!.startsWith('"') ? m[1]!.slice(1, -1).replace(/""/g, '"') : m[1]!, type: m[2]! };
    });
  return { schema: form.schema, name: form.name.trim(), args, returns: form.returns.trim(), language: form.language, definition: form.definition, securityDefiner: form.securityDefiner };
}
