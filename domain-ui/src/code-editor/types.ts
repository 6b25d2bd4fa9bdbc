import type { Ref } from 'react';
import type { EditorErrorMark } from './error-mark';
import type { SqlEditorSchema } from './schema';

/** What a caller can do with a mounted editor (or with the plain text field shown while it loads). */
export interface SqlCodeEditorHandle {
  focus: () => void;
  getValue: () => string;
  /** The selected range and its text ('' when nothing is selected): run only the selection. */
  getSelection: () => { from: number; to: number; text: string };
  setSelection: (from: number, to?: number) => void;
  replaceSelection: (text: string) => void;
  /** Replaces the whole text (formatting, a text taken from elsewhere); an uncontrolled editor's only way in. */
  setValue: (text: string) => void;
}

export interface SqlCodeEditorProps {
  /**
   * Controlled: the text, given back on every change through onChange (short fields). Leave it out
   * for a long text: the editor then owns it, starting from defaultValue, and reports changes
   * through onTextChange without building the text on every key.
   */
  value?: string;
  /** Uncontrolled: the text to start with (later changes go through the handle's setValue). */
  defaultValue?: string;
  onChange?: (value: string) => void;
  /**
   * Every change of the text, cheaply: `read` builds the text when called (call it after a pause,
   * not per key); `length` is the new text's length.
   */
  onTextChange?: (read: () => string, length: number) => void;
  /** Mod+Enter. */
  onRun?: () => void;
  readOnly?: boolean;
  schema?: SqlEditorSchema;
  /** Accessible name of the field. */
  label: string;
  placeholder?: string;
  lineNumbers?: boolean;
  /** CSS height of the editor (a number is pixels); it grows with its text when not given. */
  height?: number | string;
  minHeight?: number | string;
  id?: string;
  /** aria-describedby / aria-invalid for use inside a shared-ui Field. */
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false' | 'grammar' | 'spelling';
  required?: boolean;
  editorRef?: Ref<SqlCodeEditorHandle>;
  /** The range a database error points at, underlined until the text changes. */
  errorMark?: EditorErrorMark | null;
}

export type { EditorErrorMark };

export type { SqlEditorSchema };
