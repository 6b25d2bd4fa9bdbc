import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap, type CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { keywordCompletionSource, PostgreSQL, schemaCompletionSource } from '@codemirror/lang-sql';
import { LanguageSupport } from '@codemirror/language';
import { Prec, type Extension } from '@codemirror/state';
import { keymap } from '@codemirror/view';
import { functionCompletions, toNamespace, type SqlEditorSchema } from './schema';

// Completion and bracket closing, in their own chunk: the editor paints and takes keys without
// them, and fetches them when first focused (see setup.ts).

/** Whole-name completions of functions at the start of a word; lang-sql completes after a dot. */
function functionSource(schema: SqlEditorSchema) {
  const options = functionCompletions(schema);
  return (context: CompletionContext): CompletionResult | null => {
    const word = context.matchBefore(/[\w]+$/);
    if (!word && !context.explicit) return null;
    const from = word?.from ?? context.pos;
    if (from > 0 && context.state.sliceDoc(from - 1, from) === '.') return null;
    return { from, options, validFor: /^\w*$/ };
  };
}

/** PostgreSQL with its completion sources for the given schema: keywords, schemas, tables, columns, functions. */
export function sqlLanguage(schema: SqlEditorSchema = {}): Extension {
  const data = PostgreSQL.language.data;
  return [
    new LanguageSupport(PostgreSQL.language),
    data.of({
      autocomplete: schemaCompletionSource({
        dialect: PostgreSQL,
        schema: toNamespace(schema),
        defaultSchema: schema.defaultSchema ?? 'public',
        defaultTable: schema.defaultTable ? schema.defaultTable.name : undefined,
      }),
    }),
    data.of({ autocomplete: keywordCompletionSource(PostgreSQL) }),
    data.of({ autocomplete: functionSource(schema) }),
  ];
}

/** Completion with its keys, and closing of brackets and quotes. */
export function sqlCompletion(schema: SqlEditorSchema = {}): Extension {
  return [sqlLanguage(schema), autocompletion({ icons: false }), closeBrackets(), Prec.high(keymap.of([...closeBracketsKeymap, ...completionKeymap]))];
}
