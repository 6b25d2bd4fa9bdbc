import { PostgreSQL } from '@codemirror/lang-sql';
import { bracketMatching, indentOnInput, LanguageSupport } from '@codemirror/language';
import { Compartment, EditorState, Prec, type Extension } from '@codemirror/state';
import { EditorView, highlightSpecialChars, keymap, lineNumbers, placeholder as placeholderText } from '@codemirror/view';
import type { SqlEditorSchema } from './schema';
import { earlyKeys } from './early-keys';
import { errorMarkExtension, setErrorMarkEffect, type EditorErrorMark } from './error-mark';
import { editorHighlighting, editorTheme } from './theme';

export interface SqlEditorOptions {
  /** The text to start with. */
  doc?: string;
  schema?: SqlEditorSchema;
  readOnly?: boolean;
  /** Line numbers in a gutter (a full SQL editor); off for a one-expression field. */
  lineNumbers?: boolean;
  placeholder?: string;
  /** The accessible name of the editing surface. */
  label?: string;
  /** Every change of the text. */
  onChange?: (value: string) => void;
  /** Every change of the text, with a reader that builds it only when called (long texts). */
  onTextChange?: (read: () => string, length: number) => void;
  /** Mod+Enter (Ctrl+Enter, ⌘ Enter on Apple platforms). */
  onRun?: () => void;
  /** More extensions from the caller (key bindings, linting). */
  extensions?: Extension[];
}

/**
 * PostgreSQL highlighting and indentation: with the view, the state and the grammar, all the first
 * paint needs. The editing keys and undo history (./editing-keys) and completion (./completion)
 * come when the pointer first comes over an editor, it is first focused or a key is pressed in it;
 * until the editing keys are here, Enter, Tab, Backspace and Delete edit plainly (./early-keys).
 */
const postgres = new LanguageSupport(PostgreSQL.language);

/** Completion (./completion), fetched once, when first needed. */
let completionModule: Promise<typeof import('./completion')> | null = null;
export const loadCompletion = () => (completionModule ??= import(/* webpackChunkName: "sql-completion" */ './completion'));

/** The editing keys and undo history, fetched once, when first needed. */
let keysModule: Promise<typeof import('./editing-keys')> | null = null;
export const loadEditingKeys = () => (keysModule ??= import(/* webpackChunkName: "sql-editing-keys" */ './editing-keys'));

export interface SqlEditorParts {
  /** Completion and bracket closing, empty until loaded. */
  completion: Compartment;
  /** The editing keys and undo history; until loaded, the plain editing keys of ./early-keys. */
  keys: Compartment;
  readOnly: Compartment;
}

const newParts = (): SqlEditorParts => ({ completion: new Compartment(), keys: new Compartment(), readOnly: new Compartment() });

/** Everything a Plinth SQL editor is made of, for a caller building its own EditorState. */
export function sqlEditorExtensions(options: SqlEditorOptions, parts: SqlEditorParts = newParts()): Extension[] {
  const { onChange, onTextChange, onRun } = options;
  return [
    options.lineNumbers ? lineNumbers() : [],
    highlightSpecialChars(),
    indentOnInput(),
    bracketMatching(),
    Prec.highest(keymap.of([{ key: 'Mod-Enter', run: () => { onRun?.(); return Boolean(onRun); } }])),
    parts.keys.of(earlyKeys),
    postgres,
    parts.completion.of([]),
    parts.readOnly.of(readOnlyExtension(Boolean(options.readOnly))),
    editorTheme,
    editorHighlighting,
    errorMarkExtension,
    EditorView.lineWrapping,
    options.placeholder ? placeholderText(options.placeholder) : [],
    EditorView.contentAttributes.of({ 'aria-label': options.label ?? 'SQL', 'aria-multiline': 'true' }),
    onChange ? EditorView.updateListener.of((update) => { if (update.docChanged) onChange(update.state.doc.toString()); }) : [],
    onTextChange ? EditorView.updateListener.of((update) => { if (update.docChanged) onTextChange(lazyText(update.state.doc), update.state.doc.length); }) : [],
    options.extensions ?? [],
  ];
}

/** Reads a document's text once, when first asked. */
function lazyText(doc: { toString: () => string }): () => string {
  let text: string | undefined;
  return () => (text ??= doc.toString());
}

function readOnlyExtension(readOnly: boolean): Extension {
  return [EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)];
}

/** A Plinth SQL editor and the calls that change it after creation. */
export interface SqlEditor {
  view: EditorView;
  getValue: () => string;
  /** Replaces the whole text (a value from outside), keeping the cursor where it fits. */
  setValue: (value: string) => void;
  setSchema: (schema: SqlEditorSchema) => void;
  /** Loads completion now (it loads by itself on the first pointer over the editor or focus); resolves once the editor has it. */
  completionReady: () => Promise<void>;
  setReadOnly: (readOnly: boolean) => void;
  /** The selected range, and its text ('' when nothing is selected). */
  getSelection: () => { from: number; to: number; text: string };
  setSelection: (from: number, to?: number) => void;
  replaceSelection: (text: string) => void;
  /** Marks the range a database error points at (cleared by the next change of the text); null removes it. */
  setErrorMark: (mark: EditorErrorMark | null) => void;
  focus: () => void;
  destroy: () => void;
}

/** Creates an editor in `parent`: PostgreSQL, schema completion, Mod+Enter to run, both themes. */
export function createSqlEditor(parent: HTMLElement, options: SqlEditorOptions = {}): SqlEditor {
  const parts = newParts();
  let schema = options.schema ?? {};
  let completion: typeof import('./completion') | null = null;
  let destroyed = false;
  const withCompletion = () => {
    if (completion || destroyed) return;
    void loadCompletion().then((loaded) => {
      if (destroyed || completion) return;
      completion = loaded;
      view.dispatch({ effects: parts.completion.reconfigure(loaded.sqlCompletion(schema)) });
    });
  };
  let keysLoaded = false;
  const withKeys = () => {
    if (keysLoaded || destroyed) return;
    void loadEditingKeys().then((loaded) => {
      if (destroyed || keysLoaded) return;
      keysLoaded = true;
      view.dispatch({ effects: parts.keys.reconfigure(loaded.editingKeys) });
    });
  };
  const intent = () => {
    withCompletion();
    withKeys();
  };
  // Focus, a key, or the pointer coming over the editor (before the click that focuses it), loads the editing keys and completion.
  const focusLoads = Prec.highest(EditorView.domEventHandlers({ focus: () => void intent(), keydown: () => void intent() }));
  const view = new EditorView({ parent, state: EditorState.create({ doc: options.doc ?? '', extensions: [sqlEditorExtensions(options, parts), focusLoads] }) });
  view.dom.addEventListener('pointerenter', intent);
  if (view.hasFocus) intent();
  return {
    completionReady: () => {
      withCompletion();
      return loadCompletion().then(() => new Promise<void>((resolve) => setTimeout(resolve)));
    },
    view,
    getValue: () => view.state.doc.toString(),
    setValue: (value) => {
      if (value === view.state.doc.toString()) return;
      const head = Math.min(view.state.selection.main.head, value.length);
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: value }, selection: { anchor: head } });
    },
    setSchema: (next) => {
      schema = next;
      if (completion) view.dispatch({ effects: parts.completion.reconfigure(completion.sqlCompletion(schema)) });
    },
    setReadOnly: (readOnly) => view.dispatch({ effects: parts.readOnly.reconfigure(readOnlyExtension(readOnly)) }),
    getSelection: () => {
      const { from, to } = view.state.selection.main;
      return { from, to, text: view.state.sliceDoc(from, to) };
    },
    setSelection: (from, to = from) => view.dispatch({ selection: { anchor: from, head: to }, scrollIntoView: true }),
    replaceSelection: (text) => view.dispatch(view.state.replaceSelection(text)),
    setErrorMark: (mark) =>
      view.dispatch({ effects: mark ? [setErrorMarkEffect.of(mark), EditorView.scrollIntoView(Math.min(mark.from, view.state.doc.length), { y: 'center' })] : setErrorMarkEffect.of(null) }),
    focus: () => view.focus(),
    destroy: () => {
      destroyed = true;
      view.dom.removeEventListener('pointerenter', intent);
      view.destroy();
    },
  };
}
