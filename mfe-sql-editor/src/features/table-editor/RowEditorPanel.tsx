import { useState } from 'react';
import { SidePanel } from '@plinth/shared-ui/side-panel';
import { Button } from '@plinth/shared-ui/button';
import { Checkbox, Field, Select, TextArea, TextInput } from '@plinth/shared-ui/form';
import { tokens } from '@plinth/shared-ui/theme';
import type { RowKey, TableColumn, TableRow, TableShape } from '@plinth/contracts-database';
import { useArea, errorMessage } from '@plinth/area-kit';
import { editText, insertableColumns, newRowValues, parseCell } from './cell-value';
import { ReferencedRowDialog } from './ReferencedRow';

/** Insert row, or edit one row (a keyboard path to what double-click does in the grid). */
export function RowEditorPanel({
  shape,
  row,
  rowKey,
  onClose,
  onSaved,
}: {
  shape: TableShape;
  row?: TableRow;
  rowKey?: RowKey;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { api, projectRef, notify } = useArea();
  const editing = Boolean(row && rowKey);
  const columns = editing ? shape.columns.filter((c) => !c.generated) : insertableColumns(shape.columns);
  const [texts, setTexts] = useState<Record<string, string>>(() => Object.fromEntries(columns.map((c) => [c.name, row ? editText(row[c.name]) : ''])));
  const [nulls, setNulls] = useState<Set<string>>(() => new Set(row ? columns.filter((c) => row[c.name] === null).map((c) => c.name) : []));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [lookup, setLookup] = useState<TableColumn | null>(null);

  const submit = async () => {
    let values: Record<string, unknown> = {};
    let problems: Record<string, string> = {};
    if (editing) {
      for (const c of columns) {
        const before = row![c.name];
        const wasNull = before === null;
        if (texts[c.name] === editText(before) && nulls.has(c.name) === wasNull) continue;
        const parsed = parseCell(texts[c.name] ?? '', c, nulls.has(c.name));
        if (parsed.ok) values[c.name] = parsed.value;
        else problems[c.name] = parsed.error;
      }
    } else {
      ({ values, errors: problems } = newRowValues(columns, texts, nulls));
    }
    setErrors(problems);
    if (Object.keys(problems).length) return;
    if (editing && !Object.keys(values).length) return onClose();
    setSaving(true);
    try {
      if (editing) await api.tableRows.updateRow(projectRef, shape.id, { key: rowKey!, values });
      else await api.tableRows.insertRow(projectRef, shape.id, values);
      notify({ kind: 'success', message: editing ? 'Row updated' : `Row added to ${shape.name}` });
      onSaved();
      onClose();
    } catch (err) {
      notify({ kind: 'error', message: `Failed to ${editing ? 'update' : 'insert'} row: ${errorMessage(err)}` });
    } finally {
      setSaving(false);
    }
  };

  const control = (c: TableColumn) => {
    const common = { value: texts[c.name] ?? '', disabled: nulls.has(c.name) };
    const set = (v: string) => setTexts((t) => ({ ...t, [c.name]: v }));
    if (c.kind === 'boolean' || c.kind === 'enum') {
      const options = c.kind === 'boolean' ? ['true', 'false'] : (c.enumValues ?? []);
      return <Select {...common} placeholder={c.default ? `Default: ${c.default}` : 'Choose…'} options={options.map((o) => ({ value: o, label: o }))} onChange={(e) => set(e.target.value)} />;
    }
    if (c.kind === 'json' || c.kind === 'array') return <TextArea {...common} rows={3} css={{ fontFamily: tokens.font.mono }} onChange={(e) => set(e.target.value)} />;
    return <TextInput {...common} placeholder={c.default ? `Default: ${c.default}` : c.kind === 'date' ? 'YYYY-MM-DD' : undefined} onChange={(e) => set(e.target.value)} />;
  };

  return (
    <SidePanel
      open
      onOpenChange={(o) => !o && onClose()}
      title={editing ? `Edit row of ${shape.name}` : `Add a new row to ${shape.name}`}
      confirmText="Save"
      confirmLoading={saving}
      formId="table-row-form"
    >
      <form
        id="table-row-form"
        noValidate
        css={{ display: 'grid', gap: tokens.space.md }}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {columns.map((c) => (
          <div key={c.name}>
            <Field label={c.name} hint={`${c.type}${c.nullable ? '' : ', required'}`} error={errors[c.name]}>
              {control(c)}
            </Field>
            <div css={{ display: 'flex', gap: tokens.space.md, marginTop: tokens.space.xs }}>
              {c.nullable ? (
                <Checkbox
                  label="NULL"
                  checked={nulls.has(c.name)}
                  onChange={(e) =>
                    setNulls((n) => {
                      const next = new Set(n);
                      if (e.target.checked) next.add(c.name);
                      else next.delete(c.name);
                      return next;
                    })
                  }
                />
              ) : null}
              {c.references ? (
                <Button size="small" variant="ghost" disabled={!texts[c.name]} onClick={() => setLookup(c)}>
                  Look up in {c.references.table}
                </Button>
              ) : null}
            </div>
          </div>
        ))}
      </form>
      {lookup ? <ReferencedRowDialog column={lookup} value={texts[lookup.name]} onClose={() => setLookup(null)} /> : null}
    </SidePanel>
  );
}
