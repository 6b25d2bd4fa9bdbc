import { bracketMatching, indentOnInput } from '@codemirror/language';
import { Compartment, EditorState, Prec, type Extension } from '@codemirror/state';
import { EditorView, highlightSpecialChars, keymap, lineNumbers, placeholder as placeholderText } from '@codemirror/view';
import type { SqlEditorSchema } from './schema';
import * as editingKeysModule from './editing-keys';
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
 * The view, the state and CodeMirror's own keys (@codemirror/commands: the standard keymap, undo
 * history, Tab to indent) come with the editor, so every key works from the first one. PostgreSQL's
 * grammar (./language: highlighting, indentation) comes with the first text: at once when the editor
 * opens with text, else on the first sign of typing (pointer over it, focus, a key, a text set);
 * completion (./completion) when the pointer first comes over an editor, it is first focused or a
 * key is pressed in it.
 */
/** The editing keys (./editing-keys): with the editor now; kept for callers that awaited them. */
export const loadEditingKeys = (): Promise<typeof import('./editing-keys')> => Promise.resolve(editingKeysModule);

/** PostgreSQL's grammar (./language), fetched once, when first needed. */
let languageModule: Promise<typeof import('./language')> | null = null;
export const loadLanguage = () => (languageModule ??= import(/* webpackChunkName: "sql-language" */ './language'));

/** Completion (./completion), fetched once, when first needed. */
let completionModule: Promise<typeof import('./completion')> | null = null;
export const loadCompletion = () => (completionModule ??= import(/* webpackChunkName: "sql-completion" */ './completion'));

export interface SqlEditorParts {
  /** Completion and bracket closing, empty until loaded. */
  completion: Compartment;
  /** CodeMirror's own keys and undo history (./editing-keys). */
  keys: Compartment;
  /** PostgreSQL's grammar, empty until loaded (without it, sqlEditorExtensions has no grammar). */
  language?: Compartment;
  readOnly: Compartment;
}

const newParts = (): Required<SqlEditorParts> => ({ completion: new Compartment(), keys: new Compartment(), language: new Compartment(), readOnly: new Compartment() });

/** Everything a Plinth SQL editor is made of, for a caller building its own EditorState. */
export function sqlEditorExtensions(options: SqlEditorOptions, parts: SqlEditorParts = newParts()): Extension[] {
  const { onChange, onTextChange, onRun } = options;
  return [
    options.lineNumbers ? lineNumbers() : [],
    highlightSpecialChars(),
    indentOnInput(),
    bracketMatching(),
    Prec.highest(keymap.of([{ key: 'Mod-Enter', run: () => { onRun?.(); return Boolean(onRun); } }])),
    parts.keys.of(editingKeysModule.editingKeys),
    parts.language ? parts.language.of([]) : [],
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
  /** Loads PostgreSQL's grammar now (it loads by itself with the first text); resolves once the editor has it. */
  languageReady: () => Promise<void>;
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
  let languageLoaded = false;
  const withLanguage = () => {
    if (languageLoaded || destroyed) return;
    void loadLanguage().then((loaded) => {
      if (destroyed || languageLoaded) return;
      languageLoaded = true;
      view.dispatch({ effects: parts.language.reconfigure(loaded.postgresLanguage) });
    });
  };
  const intent = () => {
    withLanguage();
    withCompletion();
  };
  // Focus, a key, or the pointer coming over the editor (before the click that focuses it), loads the grammar and completion.
  const focusLoads = Prec.highest(EditorView.domEventHandlers({ focus: () => void intent(), keydown: () => void intent() }));
  const view = new EditorView({ parent, state: EditorState.create({ doc: options.doc ?? '', extensions: [sqlEditorExtensions(options, parts), focusLoads] }) });
  view.dom.addEventListener('pointerenter', intent);
  if (view.hasFocus) intent();
  else if (view.state.doc.length > 0) withLanguage();
  return {
    languageReady: () => {
      withLanguage();
      return loadLanguage().then(() => new Promise<void>((resolve) => setTimeout(resolve)));
    },
    completionReady: () => {
      withCompletion();
      return loadCompletion().then(() => new Promise<void>((resolve) => setTimeout(resolve)));
    },
    view,
    getValue: () => view.state.doc.toString(),
    setValue: (value) => {
      if (value === view.state.doc.toString()) return;
      if (value) withLanguage();
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
    replaceSelection: (text) => {
      withLanguage();
      view.dispatch(view.state.replaceSelection(text));
    },
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
