import { lazyWithPreload } from '@plinth/area-kit';
import { useFieldControl } from '@plinth/shared-ui/form';
import { tokens } from '@plinth/shared-ui/theme';
import { Suspense, useImperativeHandle, useRef, type MutableRefObject } from 'react';
import type { SqlCodeEditorProps } from './types';

/** CodeMirror and the SQL language in their own chunk, fetched when an editor first shows. */
const LazySqlCodeEditorView = lazyWithPreload(() => import('./SqlCodeEditorView').then((m) => m.SqlCodeEditorView));

/** Starts loading the editor now (pointer or focus on what opens it). */
export const preloadSqlCodeEditor = () => LazySqlCodeEditorView.preload();

const size = (value: number | string | undefined) => (typeof value === 'number' ? `${value}px` : value);

/**
 * A plain text field with the same props, usable while CodeMirror loads. Uncontrolled, what is typed
 * is carried over to CodeMirror when it arrives.
 */
function PlainSqlField(props: SqlCodeEditorProps & { carried: MutableRefObject<string | undefined> }) {
  const field = useRef<HTMLTextAreaElement>(null);
  const { carried } = props;
  const changed = (value: string) => {
    if (props.value === undefined) carried.current = value;
    props.onChange?.(value);
    props.onTextChange?.(() => value, value.length);
  };
  useImperativeHandle(props.editorRef, () => ({
    focus: () => field.current?.focus(),
    getValue: () => field.current?.value ?? props.value ?? carried.current ?? props.defaultValue ?? '',
    getSelection: () => {
      const element = field.current;
      if (!element) return { from: 0, to: 0, text: '' };
      return { from: element.selectionStart, to: element.selectionEnd, text: element.value.slice(element.selectionStart, element.selectionEnd) };
    },
    setSelection: (from, to = from) => field.current?.setSelectionRange(from, to),
    replaceSelection: (text) => {
      const element = field.current;
      if (!element) return;
      element.setRangeText(text, element.selectionStart, element.selectionEnd, 'end');
      changed(element.value);
    },
    setValue: (text) => {
      if (field.current) field.current.value = text;
      changed(text);
    },
  }), [props.value, props.onChange, props.onTextChange]);
  return (
    <textarea
      ref={field}
      id={props.id}
      aria-label={props.label}
      aria-describedby={props['aria-describedby']}
      aria-invalid={props['aria-invalid'] === true || props['aria-invalid'] === 'true' || undefined}
      data-testid="sql-code-editor-fallback"
      value={props.value}
      defaultValue={props.value === undefined ? (carried.current ?? props.defaultValue) : undefined}
      readOnly={props.readOnly}
      placeholder={props.placeholder}
      spellCheck={false}
      onChange={(event) => changed(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && (event.metaKey || event.ctrlKey) && props.onRun) {
          event.preventDefault();
          props.onRun();
        }
      }}
      css={{
        display: 'block',
        width: '100%',
        boxSizing: 'border-box',
        height: size(props.height),
        minHeight: size(props.minHeight) ?? '4.5em',
        resize: 'vertical',
        padding: `${tokens.space.xs} ${tokens.space.sm}`,
        fontFamily: tokens.font.mono,
        fontSize: tokens.fontSize.sm,
        lineHeight: tokens.lineHeight.normal,
        color: tokens.color.text,
        background: tokens.color.background,
        border: `1px solid ${tokens.color.borderControl}`,
        borderRadius: tokens.radius.md,
      }}
    />
  );
}

/**
 * The SQL editor field: PostgreSQL highlighting, completion of the given schema and of
 * auth.uid() / auth.jwt() / auth.role(), Mod+Enter to run, in the console's theme. CodeMirror loads
 * lazily; until it has, the same value is edited in a plain text field.
 */
export function SqlCodeEditor(props: SqlCodeEditorProps) {
  // Inside a shared-ui Field: its id, error and hint reach the editing surface.
  const wired = useFieldControl(props);
  const carried = useRef<string | undefined>(undefined);
  return (
    <Suspense fallback={<PlainSqlField {...wired} carried={carried} />}>
      <LazySqlCodeEditorView {...wired} carried={carried} />
    </Suspense>
  );
}
