import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap, type CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { PostgreSQL } from '@codemirror/lang-sql';
// lang-sql's completion sources, from the same file imported by its path with a query: the build
// makes that a module of its own, so the lang-sql module the editor paints with (PostgreSQL above,
// in the first chunk) carries neither them nor @codemirror/autocomplete, which they import. (A
// package name with a query does not resolve through lang-sql's "exports".)
// @ts-expect-error: a path with a query has no declaration; typed below as lang-sql's own.
import * as langSqlCompletion from '../../node_modules/@codemirror/lang-sql/dist/index.js?completion';
import { LanguageSupport } from '@codemirror/language';
import { Prec, type Extension } from '@codemirror/state';
import { keymap } from '@codemirror/view';
import { functionCompletions, toNamespace, type SqlEditorSchema } from './schema';

// Completion and bracket closing, in their own chunk: the editor paints and takes keys without
// them, and fetches them when the pointer first comes over it or it is first focused (see setup.ts).

type LangSql = typeof import('@codemirror/lang-sql');
const keywordCompletionSource: LangSql['keywordCompletionSource'] = langSqlCompletion.keywordCompletionSource;
const schemaCompletionSource: LangSql['schemaCompletionSource'] = langSqlCompletion.schemaCompletionSource;

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
