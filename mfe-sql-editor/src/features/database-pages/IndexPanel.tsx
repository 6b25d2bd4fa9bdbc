import { useState } from 'react';
import { INDEX_METHODS, type DatabaseIndexCreate } from '@plinth/contracts-database';
import { Checkbox, Field, Select, TextInput } from '@plinth/shared-ui/form';
import { SidePanel } from '@plinth/shared-ui/side-panel';
import { tokens } from '@plinth/shared-ui/theme';
import { useObjectWrite } from './queries';

/** Create an index on columns of a table (CREATE INDEX); the name defaults to table_columns_idx. */
export default function IndexPanel({ schema, tables, onClose }: { schema: string; tables: string[]; onClose: () => void }) {
  const [form, setForm] = useState({ table: '', columns: '', name: '', unique: false, method: 'btree' as DatabaseIndexCreate['method'] });
  const save = useObjectWrite((api, ref, x: DatabaseIndexCreate) => api.databaseObjects.createIndex(ref, x), { refresh: ['indexes'], success: (x) => `Created index ${x.name}` });
  const columns = form.columns.split(',').map((c) => c.trim()).filter(Boolean);
  return (
    <SidePanel
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Create an index"
      description="An index speeds up reads that filter or sort by its columns, at some cost to writes."
      confirmText="Create index"
      confirmLoading={save.isPending}
      confirmDisabled={!form.table || columns.length === 0}
      formId="index-form"
    >
      <form
        id="index-form"
        css={{ display: 'flex', flexDirection: 'column', gap: tokens.space.md }}
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ schema, table: form.table, columns, unique: form.unique, method: form.method, ...(form.name.trim() ? { name: form.name.trim() } : {}) }, { onSuccess: onClose });
        }}
      >
        <Field label="Table" required>
          <Select value={form.table} placeholder="Choose a table" onChange={(e) => setForm({ ...form, table: e.target.value })} options={tables.map((t) => ({ value: t, label: t }))} />
        </Field>
        <Field label="Columns" required hint="Column names, separated by commas, in the order the index sorts by.">
          <TextInput value={form.columns} onChange={(e) => setForm({ ...form, columns: e.target.value })} />
        </Field>
        <Field label="Name" hint="Leave empty for table_columns_idx.">
          <TextInput value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        </Field>
        <Field label="Method">
          <Select value={form.method} onChange={(e) => setForm({ ...form, method: e.target.value as DatabaseIndexCreate['method'] })} options={INDEX_METHODS.map((m) => ({ value: m, label: m }))} />
        </Field>
        <Checkbox label="Unique (refuses two rows with the same values)" checked={form.unique} onChange={(e) => setForm({ ...form, unique: e.target.checked })} />
      </form>
    </SidePanel>
  );
}
