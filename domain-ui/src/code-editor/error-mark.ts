import { StateEffect, StateField, type Extension } from '@codemirror/state';
import { Decoration, EditorView, type DecorationSet } from '@codemirror/view';
import { tokens } from '@plinth/shared-ui/theme';

/** A range of the text a database error points at, marked until the text changes. */
export interface EditorErrorMark {
  from: number;
  to: number;
  /** Read out as the mark's title. */
  message?: string;
}

export const setErrorMarkEffect = StateEffect.define<EditorErrorMark | null>();

const markField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(marks, tr) {
    for (const effect of tr.effects) {
      if (!effect.is(setErrorMarkEffect)) continue;
      const mark = effect.value;
      if (!mark) return Decoration.none;
      const length = tr.state.doc.length;
      const from = Math.max(0, Math.min(mark.from, length));
      const to = Math.max(from, Math.min(mark.to, length));
      if (to === from) return Decoration.none;
      const attributes: Record<string, string> = { 'data-error-mark': '' };
      if (mark.message) attributes.title = mark.message;
      return Decoration.set([Decoration.mark({ class: 'cm-errorMark', attributes }).range(from, to)]);
    }
    // The text changed: the error is about text that is no longer there.
    return tr.docChanged ? Decoration.none : marks;
  },
  provide: (field) => EditorView.decorations.from(field),
});

/** The error mark: a wavy underline in the danger colour on the range. */
const underline = `underline wavy ${tokens.color.danger}`;
export const errorMarkExtension: Extension = [
  markField,
  EditorView.baseTheme({
    '.cm-errorMark': { textDecoration: underline },
    // Selected, the underline keeps its colour (a selection's decorations take its text colour).
    '.cm-errorMark::selection, .cm-errorMark ::selection': { textDecoration: underline },
  }),
];
