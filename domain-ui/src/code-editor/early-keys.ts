import { EditorSelection, findClusterBreak, Prec, type Extension } from '@codemirror/state';
import { keymap, type EditorView } from '@codemirror/view';

// Until the editing keys (./editing-keys) arrive, a key is never made to wait: waiting keys would
// be missing from a text read meanwhile (a Run clicked right after typing). Enter, Tab, Backspace
// and Delete edit the text plainly here, and Ctrl/⌘+Home and End go to the start and end of the
// whole text (the browser's own would stop at the last line drawn: CodeMirror draws only what is
// in view); every other key goes to the browser, whose own typing, caret moves and selection
// CodeMirror reads back. Undo covers what is typed once the history is here.

function insert(text: string) {
  return (view: EditorView) => {
    view.dispatch(view.state.replaceSelection(text), { scrollIntoView: true, userEvent: 'input' });
    return true;
  };
}

function remove(forward: boolean) {
  return (view: EditorView) => {
    const { state } = view;
    const change = state.changeByRange((range) => {
      if (!range.empty) return { changes: { from: range.from, to: range.to }, range: EditorSelection.cursor(range.from) };
      const line = state.doc.lineAt(range.head);
      const at = range.head - line.from;
      let target: number;
      if (forward) target = range.head === line.to ? Math.min(range.head + 1, state.doc.length) : line.from + findClusterBreak(line.text, at, true);
      else target = range.head === line.from ? Math.max(range.head - 1, 0) : line.from + findClusterBreak(line.text, at, false);
      const from = Math.min(range.head, target);
      return { changes: { from, to: Math.max(range.head, target) }, range: EditorSelection.cursor(from) };
    });
    view.dispatch(state.update(change, { scrollIntoView: true, userEvent: forward ? 'delete.forward' : 'delete.backward' }));
    return true;
  };
}

function moveTo(end: boolean, extend: boolean) {
  return (view: EditorView) => {
    const head = end ? view.state.doc.length : 0;
    const selection = extend ? EditorSelection.range(view.state.selection.main.anchor, head) : EditorSelection.cursor(head);
    view.dispatch({ selection, scrollIntoView: true, userEvent: 'select' });
    return true;
  };
}

/** Lowest precedence: the run key and completion's keys, when loaded, come first. */
export const earlyKeys: Extension = Prec.lowest(
  keymap.of([
    { key: 'Enter', run: insert('\n') },
    { key: 'Tab', run: insert('  ') },
    { key: 'Backspace', run: remove(false) },
    { key: 'Delete', run: remove(true) },
    { key: 'Mod-Home', run: moveTo(false, false), shift: moveTo(false, true) },
    { key: 'Mod-End', run: moveTo(true, false), shift: moveTo(true, true) },
  ]),
);
