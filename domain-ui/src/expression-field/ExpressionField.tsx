import { Button } from '@plinth/shared-ui/button';
import { useFieldControl } from '@plinth/shared-ui/form';
import { tokens } from '@plinth/shared-ui/theme';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { SqlCodeEditor } from '../code-editor';
import { SQL_PAINT_STYLES } from '../code-editor/tag-styles';
import { completeAt, expressionCompletions, type CompletionMatch } from './completions';

/** PostgreSQL's grammar and its painting (../code-editor/highlight), fetched once, when a field first shows. */
let paintModule: Promise<typeof import('../code-editor/highlight')> | null = null;
const loadPaint = () => (paintModule ??= import(/* webpackChunkName: "sql-language" */ '../code-editor/highlight'));

export interface ExpressionFieldProps {
  /** Accessible name of the field. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  schema: string;
  table: string;
  /** The table's columns, offered as completions. */
  columns?: readonly string[];
  placeholder?: string;
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  required?: boolean;
}

const c = tokens.color;
const textStyle = {
  margin: 0,
  padding: `${tokens.space.xs} ${tokens.space.sm}`,
  fontFamily: tokens.font.mono,
  fontSize: tokens.fontSize.sm,
  lineHeight: tokens.lineHeight.normal,
  whiteSpace: 'pre-wrap' as const,
  overflowWrap: 'anywhere' as const,
  boxSizing: 'border-box' as const,
  border: '1px solid transparent',
  letterSpacing: 'normal',
  tabSize: 2,
};

/**
 * A policy expression field (USING / WITH CHECK): coloured by PostgreSQL's grammar as the code
 * editor colours SQL (plain until the grammar has come, a moment after the field first shows), and
 * completion of the table's columns and of auth.uid(), auth.jwt() and auth.role() (as you type, or
 * Ctrl+Space; arrows, Enter or Tab, Escape). Light enough to ship with the policy editor;
 * "Open full editor" swaps in the SQL code editor (CodeMirror, loaded then).
 */
export function ExpressionField(props: ExpressionFieldProps) {
  const wired = useFieldControl(props);
  const { value, onChange, label } = wired;
  const listId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const shown = useRef<HTMLPreElement>(null);
  const [match, setMatch] = useState<CompletionMatch | null>(null);
  const [active, setActive] = useState(0);
  const [full, setFull] = useState(false);
  const all = useMemo(() => expressionCompletions(props.columns ?? []), [props.columns]);
  const [paint, setPaint] = useState<typeof import('../code-editor/highlight') | null>(null);
  useEffect(() => {
    let live = true;
    void loadPaint().then((loaded) => live && setPaint(loaded));
    return () => {
      live = false;
    };
  }, []);
  const painted = useMemo(() => (paint ? paint.paintSql(value) : [{ text: value, kind: null }]), [paint, value]);
  const listOpen = match !== null;
  // Where a picked completion left the caret, kept through the render that follows it.
  const caretAfterRender = useRef<number | null>(null);
  useLayoutEffect(() => {
    const element = field.current;
    const at = caretAfterRender.current;
    caretAfterRender.current = null;
    if (element && at !== null && element.selectionStart !== at) element.setSelectionRange(at, at);
  }, [value]);
  // The field grows with its text (never a scrollbar of its own, which would wrap it unlike the coloured copy beneath).
  useLayoutEffect(() => {
    const element = field.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${element.scrollHeight + 2}px`;
  }, [value, full]);
  // Escape closes the list, not the dialog around the field: caught on the window before a
  // dialog's own listener on the document sees it.
  useEffect(() => {
    if (!listOpen) return;
    const closeList = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || document.activeElement !== field.current) return;
      event.stopPropagation();
      event.preventDefault();
      setMatch(null);
    };
    window.addEventListener('keydown', closeList, true);
    return () => window.removeEventListener('keydown', closeList, true);
  }, [listOpen]);

  if (full) {
    const schema = { tables: [{ schema: props.schema, name: props.table, columns: [...(props.columns ?? [])] }], defaultTable: { schema: props.schema, name: props.table }, defaultSchema: props.schema };
    return <SqlCodeEditor {...wired} label={label} value={value} onChange={onChange} schema={schema} minHeight={64} />;
  }

  const suggest = (text: string, caret: number, explicit = false) => {
    setMatch(completeAt(text, caret, all, explicit));
    setActive(0);
  };
  const pick = (index: number) => {
    const element = field.current;
    const option = match?.options[index];
    if (!element || !match || !option) return;
    const caret = element.selectionStart;
    const next = value.slice(0, match.from) + option.label + value.slice(caret);
    const at = match.from + option.label.length;
    // The text and the caret change now, in this key's handler: the next key (typed at once after
    // Enter) lands after the completion. A caret set later (after a frame) would pull it back.
    element.value = next;
    element.setSelectionRange(at, at);
    caretAfterRender.current = at;
    onChange(next);
    setMatch(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === ' ' && event.ctrlKey) {
      event.preventDefault();
      suggest(value, event.currentTarget.selectionStart, true);
      return;
    }
    if (!match) return;
    const count = match.options.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => (index + (event.key === 'ArrowDown' ? 1 : count - 1)) % count);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      pick(active);
    }
  };

  const open = listOpen;
  return (
    <div>
      <div css={{ position: 'relative', borderRadius: tokens.radius.md, background: c.background, border: `1px solid ${c.borderControl}`, '&:focus-within': tokens.focusRing }}>
        <pre ref={shown} aria-hidden css={{ ...textStyle, position: 'absolute', inset: 0, overflow: 'hidden', color: c.text, pointerEvents: 'none' }}>
          {painted.map((run, index) => (run.kind ? <span key={index} css={SQL_PAINT_STYLES[run.kind]}>{run.text}</span> : run.text))}
          {'\n'}
        </pre>
        <textarea
          ref={field}
          id={wired.id}
          aria-label={label}
          aria-describedby={wired['aria-describedby']}
          aria-invalid={wired['aria-invalid'] === true || wired['aria-invalid'] === 'true' || undefined}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open ? `${listId}-${active}` : undefined}
          value={value}
          placeholder={props.placeholder}
          spellCheck={false}
          rows={3}
          onChange={(event) => {
            onChange(event.target.value);
            suggest(event.target.value, event.target.selectionStart);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setMatch(null)}
          onScroll={(event) => {
            if (shown.current) shown.current.scrollTop = event.currentTarget.scrollTop;
          }}
          css={{
            ...textStyle,
            position: 'relative',
            display: 'block',
            width: '100%',
            resize: 'none',
            overflow: 'hidden',
            background: 'transparent',
            color: 'transparent',
            caretColor: c.text,
            outline: 'none',
            '::placeholder': { color: c.textMuted },
            '::selection': { background: c.surfaceHover, color: 'transparent' },
          }}
        />
        {open ? (
          <ul
            id={listId}
            role="listbox"
            aria-label={`Completions for ${label}`}
            css={{
              position: 'absolute', top: '100%', left: 0, zIndex: tokens.layer.menu, margin: `${tokens.space.xs} 0 0`, padding: tokens.space.xs, listStyle: 'none',
              minWidth: 220, maxHeight: 200, overflowY: 'auto', background: c.surfaceRaised, border: `1px solid ${c.border}`, borderRadius: tokens.radius.md,
              boxShadow: tokens.elevation.popover, fontFamily: tokens.font.mono, fontSize: tokens.fontSize.sm,
            }}
          >
            {match.options.map((option, index) => (
              <li
                key={option.label}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                onMouseDown={(event) => {
                  event.preventDefault();
                  pick(index);
                }}
                css={{
                  display: 'flex', justifyContent: 'space-between', gap: tokens.space.md, padding: `2px ${tokens.space.sm}`, borderRadius: tokens.radius.sm, cursor: 'pointer',
                  ...(index === active ? { background: c.brand, color: c.onBrand } : {}),
                }}
              >
                <span>{option.label}</span>
                <span css={{ opacity: 0.75, fontFamily: tokens.font.body }}>{option.detail}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div css={{ marginTop: tokens.space.xs }}>
        <Button size="small" variant="ghost" onClick={() => setFull(true)}>Open full editor</Button>
      </div>
    </div>
  );
}
