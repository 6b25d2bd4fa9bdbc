// The completions of a policy expression: the table's columns, auth.uid() / auth.jwt() /
// auth.role() and the words an expression commonly uses, offered without loading a full editor.
// Colouring is PostgreSQL's grammar's, as in the code editor (../code-editor/highlight).

/** Words an expression commonly uses, offered as completions. */
export const EXPRESSION_KEYWORDS = [
  'all', 'and', 'any', 'array', 'as', 'between', 'case', 'cast', 'current_date', 'current_timestamp', 'current_user', 'distinct',
  'else', 'end', 'exists', 'false', 'from', 'ilike', 'in', 'is', 'like', 'limit', 'not', 'now', 'null', 'or', 'select',
  'session_user', 'some', 'then', 'true', 'when', 'where',
] as const;

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
