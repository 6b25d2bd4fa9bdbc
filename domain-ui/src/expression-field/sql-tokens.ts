// A small PostgreSQL tokenizer and the completions of a policy expression: enough to colour an
// expression and to offer the table's columns and auth.uid() / auth.jwt() / auth.role() without
// loading a full editor.

export type SqlTokenKind = 'keyword' | 'string' | 'number' | 'comment' | 'function' | 'identifier' | 'operator' | 'space';

export interface SqlToken {
  kind: SqlTokenKind;
  text: string;
}

/** Words an expression commonly uses, coloured as keywords and offered as completions. */
export const EXPRESSION_KEYWORDS = [
  'all', 'and', 'any', 'array', 'as', 'between', 'case', 'cast', 'current_date', 'current_timestamp', 'current_user', 'distinct',
  'else', 'end', 'exists', 'false', 'from', 'ilike', 'in', 'is', 'like', 'limit', 'not', 'now', 'null', 'or', 'select',
  'session_user', 'some', 'then', 'true', 'when', 'where',
] as const;

const KEYWORDS = new Set<string>(EXPRESSION_KEYWORDS);

/** Splits SQL text into tokens whose texts, joined, give the text back unchanged. */
export function tokenizeSql(text: string): SqlToken[] {
  const tokens: SqlToken[] = [];
  let i = 0;
  const push = (kind: SqlTokenKind, end: number) => {
    tokens.push({ kind, text: text.slice(i, end) });
    i = end;
  };
  while (i < text.length) {
    const ch = text[i]!;
    const rest = text.slice(i);
    if (/\s/.test(ch)) push('space', i + /^\s+/.exec(rest)![0].length);
    else if (rest.startsWith('--')) push('comment', text.indexOf('\n', i) === -1 ? text.length : text.indexOf('\n', i));
    else if (rest.startsWith('/*')) push('comment', text.indexOf('*/', i + 2) === -1 ? text.length : text.indexOf('*/', i + 2) + 2);
    else if (ch === "'") push('string', quotedEnd(text, i, "'"));
    else if (ch === '"') push('identifier', quotedEnd(text, i, '"'));
    else if (/[0-9]/.test(ch)) push('number', i + /^[0-9]+(\.[0-9]*)?(e[+-]?[0-9]+)?/i.exec(rest)![0].length);
    else if (/[A-Za-z_]/.test(ch)) {
      const word = /^[A-Za-z_][A-Za-z0-9_$]*/.exec(rest)![0];
      const after = text.slice(i + word.length);
      const kind: SqlTokenKind = KEYWORDS.has(word.toLowerCase()) ? 'keyword' : /^\s*\(/.test(after) ? 'function' : 'identifier';
      push(kind, i + word.length);
    } else push('operator', i + 1);
  }
  return tokens;
}

/** The end of a quoted text starting at `start` (a doubled quote stays inside); the text's end when unclosed. */
function quotedEnd(text: string, start: number, quote: string): number {
  let j = start + 1;
  while (j < text.length) {
    if (text[j] === quote) {
      if (text[j + 1] === quote) j += 2;
      else return j + 1;
    } else j += 1;
  }
  return text.length;
}

export interface ExpressionCompletion {
  label: string;
  /** What it is, shown beside it: column, function or keyword. */
  detail: 'column' | 'function' | 'keyword';
}

export const AUTH_FUNCTIONS = ['auth.uid()', 'auth.jwt()', 'auth.role()'] as const;

/** Every completion an expression on a table with these columns may take. */
export function expressionCompletions(columns: readonly string[]): ExpressionCompletion[] {
  return [
    ...columns.map((label) => ({ label, detail: 'column' as const })),
    ...AUTH_FUNCTIONS.map((label) => ({ label, detail: 'function' as const })),
    ...EXPRESSION_KEYWORDS.map((label) => ({ label, detail: 'keyword' as const })),
  ];
}

export interface CompletionMatch {
  /** Where the word being typed starts; a pick replaces the text from here to the caret. */
  from: number;
  options: ExpressionCompletion[];
}

/**
 * The completions for the word before the caret (`auth.` included): those starting with it, or whose
 * part after a dot does. With `explicit` (Ctrl+Space) an empty word offers everything.
 */
export function completeAt(text: string, caret: number, all: readonly ExpressionCompletion[], explicit = false): CompletionMatch | null {
  const word = /[A-Za-z_][A-Za-z0-9_.]*$/.exec(text.slice(0, caret))?.[0] ?? '';
  const from = caret - word.length;
  if (!word && !explicit) return null;
  if (from > 0 && /["'0-9]/.test(text[from - 1]!)) return null;
  const typed = word.toLowerCase();
  const options = all.filter((option) => {
    const label = option.label.toLowerCase();
    return label !== typed && (label.startsWith(typed) || label.split('.').pop()!.startsWith(typed));
  });
  return options.length > 0 ? { from, options } : null;
}
