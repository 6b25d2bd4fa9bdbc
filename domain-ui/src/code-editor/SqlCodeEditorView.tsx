import { EditorView } from '@codemirror/view';
import { useEffect, useImperativeHandle, useRef, type MutableRefObject } from 'react';
import { createSqlEditor, type SqlEditor } from './setup';
import type { SqlCodeEditorProps } from './types';

export interface SqlCodeEditorViewProps extends SqlCodeEditorProps {
  /** Uncontrolled: the text typed in the plain field while CodeMirror loaded, which it starts from. */
  carried?: MutableRefObject<string | undefined>;
}

const size = (value: number | string | undefined) => (typeof value === 'number' ? `${value}px` : value);

/**
 * The CodeMirror editor (loaded lazily through `SqlCodeEditor`): a controlled field when given a
 * value, else the owner of its text, which React never sees per key.
 */
export function SqlCodeEditorView(props: SqlCodeEditorViewProps) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<SqlEditor | null>(null);
  const latest = useRef(props);
  latest.current = props;

  useEffect(() => {
    const created = createSqlEditor(host.current!, {
      doc: latest.current.value ?? latest.current.carried?.current ?? latest.current.defaultValue ?? '',
      schema: latest.current.schema,
      readOnly: latest.current.readOnly,
      lineNumbers: latest.current.lineNumbers,
      placeholder: latest.current.placeholder,
      label: latest.current.label,
      onChange: latest.current.onChange ? (value) => latest.current.onChange?.(value) : undefined,
      onTextChange: (read, length) => latest.current.onTextChange?.(read, length),
      onRun: () => latest.current.onRun?.(),
      extensions: [
        EditorView.contentAttributes.of(() => {
          const attributes: Record<string, string> = {};
          if (latest.current.id) attributes.id = latest.current.id;
          if (latest.current['aria-describedby']) attributes['aria-describedby'] = latest.current['aria-describedby'];
          const invalid = latest.current['aria-invalid'];
          if (invalid === true || invalid === 'true') attributes['aria-invalid'] = 'true';
          return attributes;
        }),
      ],
    });
    editor.current = created;
    // Named for tests and benches only once CodeMirror's editing surface is in it.
    host.current!.dataset.testid = 'sql-code-editor';
    return () => {
      created.destroy();
      editor.current = null;
    };
  }, []);

  useEffect(() => { if (props.value !== undefined) editor.current?.setValue(props.value); }, [props.value]);
  useEffect(() => editor.current?.setReadOnly(Boolean(props.readOnly)), [props.readOnly]);
  useEffect(() => editor.current?.setErrorMark(props.errorMark ?? null), [props.errorMark]);
  useEffect(() => { if (props.schema) editor.current?.setSchema(props.schema); }, [props.schema]);
  useEffect(() => { editor.current?.view.dispatch({}); }, [props.id, props['aria-describedby'], props['aria-invalid']]);

  useImperativeHandle(props.editorRef, () => ({
    focus: () => editor.current?.focus(),
    getValue: () => editor.current?.getValue() ?? latest.current.value ?? '',
    getSelection: () => editor.current?.getSelection() ?? { from: 0, to: 0, text: '' },
    setSelection: (from, to) => editor.current?.setSelection(from, to),
    replaceSelection: (text) => editor.current?.replaceSelection(text),
    setValue: (text) => editor.current?.setValue(text),
  }), []);

  return (
    <div
      ref={host}
      css={{ height: size(props.height), minHeight: size(props.minHeight), '& .cm-editor': { height: props.height ? '100%' : undefined, minHeight: size(props.minHeight) } }}
    />
  );
}
