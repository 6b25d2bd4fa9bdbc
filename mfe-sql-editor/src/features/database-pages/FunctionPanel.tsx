import { useState } from 'react';
import type { DatabaseFunction } from '@plinth/contracts-database';
import { SqlCodeEditor } from '@plinth/domain-ui/code-editor';
import { Checkbox, Field, Select, TextArea, TextInput } from '@plinth/shared-ui/form';
import { SidePanel } from '@plinth/shared-ui/side-panel';
import { tokens } from '@plinth/shared-ui/theme';
import { formOf, NEW_FUNCTION, writeOf, type FunctionForm } from './function-form';
import { useObjectWrite } from './queries';

/** Create or edit a function: name, arguments, return type, language and its body in the code editor. */
export default function FunctionPanel({ editing, schema, onClose }: { editing: DatabaseFunction | null; schema: string; onClose: () => void }) {
  const [form, setForm] = useState<FunctionForm>(() => (editing ? formOf(editing) : { ...NEW_FUNCTION, schema }));
  const set = <K extends keyof FunctionForm>(key: K) => (value: FunctionForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const save = useObjectWrite(
    (api, ref, f: FunctionForm) => (editing ? api.databaseObjects.updateFunction(ref, editing.id, writeOf(f)) : api.databaseObjects.createFunction(ref, writeOf(f))),
    { refresh: ['functions'], success: (f) => `${editing ? 'Saved' : 'Created'} function ${f.name}` },
  );
  const field = (name: string) => (save.error && 'details' in save.error && (save.error.details as { field?: string } | undefined)?.field?.startsWith(name) ? save.error.message : undefined);
  return (
    <SidePanel
      open
      size="large"
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={editing ? `Edit function ${editing.name}` : 'Create a new function'}
      description="The function is created in the project database with CREATE FUNCTION (CREATE OR REPLACE when editing)."
      confirmText={editing ? 'Save function' : 'Create function'}
      confirmLoading={save.isPending}
      confirmDisabled={!form.name.trim() || !form.definition.trim()}
      formId="function-form"
    >
      <form
        id="function-form"
        css={{ display: 'flex', flexDirection: 'column', gap: tokens.space.md }}
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(form, { onSuccess: onClose });
        }}
      >
        <Field label="Name of function" required error={field('name')}>
          <TextInput value={form.name} onChange={(e) => set('name')(e.target.value)} autoFocus />
        </Field>
        <Field label="Schema" error={field('schema')}>
          <TextInput value={form.schema} onChange={(e) => set('schema')(e.target.value)} />
        </Field>
        <Field label="Arguments" hint="One per line: a name and a type (a integer), or a type alone." error={field('args')}>
          <TextArea rows={3} value={form.args} onChange={(e) => set('args')(e.target.value)} css={{ fontFamily: tokens.font.mono }} />
        </Field>
        <Field label="Return type" hint="A type, setof a type, void or trigger." error={field('returns')}>
          <TextInput value={form.returns} onChange={(e) => set('returns')(e.target.value)} />
        </Field>
        <Field label="Language">
          <Select value={form.language} onChange={(e) => set('language')(e.target.value as FunctionForm['language'])} options={[{ value: 'plpgsql', label: 'plpgsql' }, { value: 'sql', label: 'sql' }]} />
        </Field>
        <Checkbox label="Security definer (runs with the privileges of its owner)" checked={form.securityDefiner} onChange={(e) => set('securityDefiner')(e.target.checked)} />
        <Field label="Definition" error={field('definition')}>
          <SqlCodeEditor label="Definition" value={form.definition} onChange={set('definition')} lineNumbers minHeight={220} />
        </Field>
      </form>
    </SidePanel>
  );
}
