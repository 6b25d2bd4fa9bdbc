import { highlightTree, tagHighlighter } from '@lezer/highlight';
import { postgresLanguage } from './language';
import { SQL_TAG_STYLES, type SqlPaintKind } from './tag-styles';

/** A run of SQL text and what it is (null: a name or space, in the text's own colour). */
export interface SqlPaintRun {
  text: string;
  kind: SqlPaintKind | null;
}

const byKind = tagHighlighter(SQL_TAG_STYLES.map(({ kind, tag }) => ({ tag, class: kind })));

/**
 * SQL split into runs by PostgreSQL's grammar, the one the code editor highlights with (lang-sql's
 * parser), for SQL shown without an editor. The runs' texts, joined, give the text back unchanged.
 * In the grammar's chunk (./language): load it with `import('@plinth/domain-ui/code-editor/highlight')`.
 */
export function paintSql(text: string): SqlPaintRun[] {
  const runs: SqlPaintRun[] = [];
  let at = 0;
  highlightTree(postgresLanguage.language.parser.parse(text), byKind, (from, to, classes) => {
    if (from > at) runs.push({ text: text.slice(at, from), kind: null });
    runs.push({ text: text.slice(from, to), kind: classes.split(' ')[0] as SqlPaintKind });
    at = to;
  });
  if (at < text.length) runs.push({ text: text.slice(at), kind: null });
  return runs;
}
