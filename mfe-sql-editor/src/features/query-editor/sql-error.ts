// Where a database error points in the text: the word at Postgres' position, and its line and column.

export interface ErrorMark {
  from: number;
  to: number;
  line: number;
  column: number;
}

/** The range to mark for an error at `offset` (0-based) of `text`: the word there, or one character. */
export function errorMark(text: string, offset: number | null): ErrorMark | null {
  if (offset === null || offset < 0 || text.length === 0) return null;
  const at = Math.min(offset, text.length - 1);
  let to = at;
  while (to < text.length && /[\w$."]/.test(text[to]!)) to += 1;
  if (to === at) to = at + 1;
  const before = text.slice(0, at);
  const line = before.split('\n').length;
  const column = at - before.lastIndexOf('\n');
  return { from: at, to, line, column };
}

/** The statement to run: the selection when there is one, the whole text otherwise. */
export function textToRun(text: string, selection: { from: number; to: number; text: string } | null): { query: string; offset: number } {
  if (selection && selection.text.trim() !== '') return { query: selection.text, offset: selection.from };
  return { query: text, offset: 0 };
}
