// Where a database error points in a query's text, without the editor: Postgres gives a position
// (a character of the text sent); the place is the word there (or that one character) with its
// line and column, for the message beside the editor and the mark inside it.

export interface ErrorPlace {
  /** Offsets in the text (0-based), the word the position falls on. */
  from: number;
  to: number;
  /** 1-based, as the message says them. */
  line: number;
  column: number;
}

/** The place of an error at `offset` (0-based) of `text`; null without a position or a text. */
export function errorPlace(text: string, offset: number | null): ErrorPlace | null {
  if (offset === null || offset < 0 || text.length === 0) return null;
  const at = Math.min(offset, text.length - 1);
  let to = at;
  while (to < text.length && /[\w$."]/.test(text[to]!)) to += 1;
  if (to === at) to = at + 1;
  const before = text.slice(0, at);
  return { from: at, to, line: before.split('\n').length, column: at - before.lastIndexOf('\n') };
}
