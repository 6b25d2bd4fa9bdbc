// The light entry: the lazily loaded editor field and its types. CodeMirror itself is in ./setup.
export { SqlCodeEditor, preloadSqlCodeEditor } from './SqlCodeEditor';
export type { EditorErrorMark, SqlCodeEditorHandle, SqlCodeEditorProps } from './types';
export type { SqlEditorSchema } from './schema';
export { AUTH_FUNCTIONS } from './schema';
export { errorPlace } from './error-place';
export type { ErrorPlace } from './error-place';
