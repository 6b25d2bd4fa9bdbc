// The statement a run sends. Where a database error points in it is domain-ui's errorPlace.

/** The statement to run: the selection when there is one, the whole text otherwise. */
export function textToRun(text: string, selection: { from: number; to: number; text: string } | null): { query: string; offset: number } {
  if (selection && selection.text.trim() !== '') return { query: selection.text, offset: selection.from };
  return { query: text, offset: 0 };
}
