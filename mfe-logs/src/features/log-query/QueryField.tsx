import { useEffect, useRef, useState, type RefObject } from 'react';
import { preloadSqlCodeEditor, SqlCodeEditor, type EditorErrorMark, type SqlCodeEditorHandle, type SqlEditorSchema } from '@plinth/domain-ui/code-editor';
import { tokens } from '@plinth/shared-ui/theme';

export interface QueryFieldProps {
  text: string;
  onTextChange: (text: string) => void;
  onRun: () => void;
  schema: SqlEditorSchema | undefined;
  editorRef: RefObject<SqlCodeEditorHandle | null>;
  errorMark: EditorErrorMark | null;
}

const LABEL = 'Log query';

/**
 * The query's text. The page opens with a plain field holding it (CodeMirror is about 100 KB gzip,
 * and the page's whole first load has a budget); the pointer coming over it, focus or a key fetch
 * the shared SQL editor, which takes the field's place, its text, caret and focus, once it has
 * arrived. Mod+Enter runs in either.
 */
export function QueryField({ text, onTextChange, onRun, schema, editorRef, errorMark }: QueryFieldProps) {
  // The text the editor starts from: the plain field's at the hand-over.
  const [rich, setRich] = useState<string | null>(null);
  const plain = useRef<HTMLTextAreaElement>(null);
  const handOver = useRef<{ from: number; to: number; focused: boolean } | null>(null);
  const asked = useRef(false);
  const wantRich = () => {
    if (asked.current) return;
    asked.current = true;
    void preloadSqlCodeEditor().then(
      () => {
        const field = plain.current;
        handOver.current = field ? { from: field.selectionStart, to: field.selectionEnd, focused: document.activeElement === field } : null;
        setRich(field?.value ?? text);
      },
      () => {
        asked.current = false;
      },
    );
  };
  useEffect(() => {
    const carried = handOver.current;
    if (rich === null || !carried) return;
    handOver.current = null;
    if (carried.focused) {
      editorRef.current?.focus();
      editorRef.current?.setSelection(carried.from, carried.to);
    }
  }, [rich, editorRef]);

  if (rich !== null) {
    return (
      <SqlCodeEditor
        label={LABEL}
        defaultValue={rich}
        onTextChange={(read) => onTextChange(read())}
        onRun={onRun}
        schema={schema}
        editorRef={editorRef}
        lineNumbers
        minHeight={120}
        height="min(30vh, 260px)"
        errorMark={errorMark}
      />
    );
  }
  return (
    <textarea
      ref={(element) => {
        plain.current = element;
        // Until the editor arrives, the page reads and replaces the text through the same handle.
        const handle: SqlCodeEditorHandle | null = element
          ? {
              focus: () => element.focus(),
              getValue: () => element.value,
              getSelection: () => ({ from: element.selectionStart, to: element.selectionEnd, text: element.value.slice(element.selectionStart, element.selectionEnd) }),
              setSelection: (from, to = from) => element.setSelectionRange(from, to),
              replaceSelection: (t) => element.setRangeText(t, element.selectionStart, element.selectionEnd, 'end'),
              setValue: (t) => {
                element.value = t;
              },
            }
          : null;
        (editorRef as { current: SqlCodeEditorHandle | null }).current = handle;
      }}
      aria-label={LABEL}
      data-testid="log-query-plain"
      defaultValue={text}
      spellCheck={false}
      onPointerEnter={wantRich}
      onFocus={wantRich}
      onChange={(event) => onTextChange(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
          event.preventDefault();
          onRun();
        }
      }}
      css={{
        display: 'block',
        width: '100%',
        boxSizing: 'border-box',
        height: 'min(30vh, 260px)',
        minHeight: 120,
        resize: 'vertical',
        padding: `${tokens.space.xs} ${tokens.space.sm} ${tokens.space.xs} 40px`,
        fontFamily: tokens.font.mono,
        fontSize: tokens.fontSize.sm,
        lineHeight: tokens.lineHeight.normal,
        color: tokens.color.text,
        background: tokens.color.background,
        border: `1px solid ${tokens.color.borderControl}`,
        borderRadius: tokens.radius.md,
        '&:focus-visible': tokens.focusRing,
      }}
    />
  );
}
