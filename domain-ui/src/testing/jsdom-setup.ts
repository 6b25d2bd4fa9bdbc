// What jsdom lacks for CodeMirror's measuring (ranges have no layout there). List this file in the
// vitest `setupFiles` of a package whose tests render the SQL code editor.
if (typeof Range !== 'undefined') {
  const empty = () => ({ length: 0, item: () => null, [Symbol.iterator]: function* () {} }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= empty;
  Range.prototype.getBoundingClientRect ??= () => ({ x: 0, y: 0, width: 0, height: 0, top: 0, left: 0, right: 0, bottom: 0, toJSON: () => ({}) }) as DOMRect;
}
