import { useState } from 'react';
import { tokens } from '@plinth/shared-ui/theme';
import type { TableColumn } from '@plinth/contracts-database';
import { editText, formatCell, parseCell } from './cell-value';

const cellText = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', display: 'block' } as const;
const nullText = { color: tokens.color.textMuted, fontStyle: 'italic' } as const;

/**
 * One cell of the grid. Double-click (when the row may be edited) turns it into a field: Enter
 * saves, Escape leaves it as it was. Booleans and enums edit with a list.
 */
export function EditableCell({
  column,
  value,
  editable,
  rowLabel,
  onSave,
}: {
  column: TableColumn;
  value: unknown;
  editable: boolean;
  rowLabel: string;
  onSave: (value: unknown) => Promise<void>;
}) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const start = () => {
    if (!editable) return;
    setText(editText(value));
    setError(null);
    setEditing(true);
  };
  const save = async (raw: string) => {
    const parsed = parseCell(raw, column);
    if (!parsed.ok) return setError(parsed.error);
    setSaving(true);
    try {
      await onSave(parsed.value);
      setEditing(false);
    } catch {
      /* the grid tells what failed; the field stays open */
    } finally {
      setSaving(false);
    }
  };

  if (!editing) {
    return (
      <span css={[cellText, value === null || value === undefined ? nullText : null]} title={editable ? 'Double-click to edit' : undefined} onDoubleClick={start}>
        {formatCell(value)}
      </span>
    );
  }
  const label = `${column.name} of ${rowLabel}`;
  const keys = (e: React.KeyboardEvent) => {
    e.stopPropagation();
    if (e.key === 'Escape') setEditing(false);
  };
  const fieldCss = {
    width: '100%',
    font: 'inherit',
    color: tokens.color.text,
    background: tokens.color.surface,
    border: `1px solid ${error ? tokens.color.danger : tokens.color.focus}`,
    borderRadius: tokens.radius.sm,
    padding: `0 ${tokens.space.xs}`,
  };
  if (column.kind === 'boolean' || column.kind === 'enum') {
    const options = column.kind === 'boolean' ? ['true', 'false'] : (column.enumValues ?? []);
    return (
      <select aria-label={label} autoFocus css={fieldCss} value={text} disabled={saving} onKeyDown={keys} onClick={(e) => e.stopPropagation()} onChange={(e) => void save(e.target.value)} onBlur={() => setEditing(false)}>
        {column.nullable || text === '' ? <option value="">NULL</option> : null}
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    );
  }
  return (
    <input
      aria-label={label}
      aria-invalid={error ? true : undefined}
      title={error ?? undefined}
      autoFocus
      css={fieldCss}
      value={text}
      disabled={saving}
      onClick={(e) => e.stopPropagation()}
      onChange={(e) => setText(e.target.value)}
      onKeyDown={(e) => {
        keys(e);
        if (e.key === 'Enter') void save(text);
      }}
      onBlur={() => setEditing(false)}
    />
  );
}
