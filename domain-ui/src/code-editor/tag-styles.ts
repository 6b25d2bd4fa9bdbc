import { tags, type Tag } from '@lezer/highlight';
import { tokens } from '@plinth/shared-ui/theme';

/** What a piece of SQL is, for its colour: the kinds PostgreSQL's grammar tells apart. */
export type SqlPaintKind = 'keyword' | 'string' | 'literal' | 'comment' | 'builtin' | 'punctuation';

export type SqlPaintStyle = {
  color: string;
  fontWeight?: number | string;
  fontStyle?: string;
};

/**
 * The console's SQL colours, one table for every place SQL is shown: the code editor's highlighting
 * (theme.ts) and painted SQL without an editor (highlight.ts, e.g. a policy expression). Colours
 * are tokens (CSS custom properties), so both themes follow without a rebuild.
 */
export const SQL_TAG_STYLES: readonly { kind: SqlPaintKind; tag: Tag[]; style: SqlPaintStyle }[] = [
  { kind: 'keyword', tag: [tags.keyword, tags.operatorKeyword], style: { color: tokens.color.brandText, fontWeight: tokens.fontWeight.medium } },
  { kind: 'string', tag: [tags.string, tags.special(tags.string)], style: { color: tokens.color.successText } },
  { kind: 'literal', tag: [tags.number, tags.bool, tags.null], style: { color: tokens.color.warningText } },
  { kind: 'comment', tag: [tags.comment, tags.lineComment, tags.blockComment], style: { color: tokens.color.textMuted, fontStyle: 'italic' } },
  { kind: 'builtin', tag: [tags.typeName, tags.standard(tags.name)], style: { color: tokens.color.dangerText } },
  { kind: 'punctuation', tag: [tags.punctuation, tags.operator], style: { color: tokens.color.textMuted } },
];

/** The style of each kind, for painted SQL. */
export const SQL_PAINT_STYLES = Object.fromEntries(SQL_TAG_STYLES.map(({ kind, style }) => [kind, style])) as Record<SqlPaintKind, SqlPaintStyle>;
