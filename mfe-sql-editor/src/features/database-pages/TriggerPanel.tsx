import { useState } from 'react';
import { TRIGGER_EVENTS, TRIGGER_ORIENTATIONS, TRIGGER_TIMINGS, type DatabaseTriggerCreate } from '@plinth/contracts-database';
import { Checkbox, Field, Select, TextInput } from '@plinth/shared-ui/form';
import { SidePanel } from '@plinth/shared-ui/side-panel';
import { tokens } from '@plinth/shared-ui/theme';
import { useObjects, useObjectWrite } from './queries';

/** Create a trigger: a table, when it fires, and a function returning trigger (written on the functions page). */
export default function TriggerPanel({ schema, onClose }: { schema: string; onClose: () => void }) {
  const [form, setForm] = useState<DatabaseTriggerCreate>({ name: '', schema, table: '', functionSchema: schema, functionName: '', timing: 'BEFORE', events: ['INSERT'], orientation: 'ROW' });
  const tables = useObjects('tables', (api, ref) => api.databaseObjects.listTableSummaries(ref, { schema }), schema);
  const functions = useObjects('functions', (api, ref) => api.databaseObjects.listFunctions(ref, { schema }), schema);
  const triggerFunctions = (functions.data ?? []).filter((f) => f.returns === 'trigger');
  const save = useObjectWrite((api, ref, t: DatabaseTriggerCreate) => api.databaseObjects.createTrigger(ref, t), { refresh: ['triggers'], success: (t) => `Created trigger ${t.name}` });
  const set = <K extends keyof DatabaseTriggerCreate>(key: K, value: DatabaseTriggerCreate[K]) => setForm((f) => ({ ...f, [key]: value }));
  const ready = form.name.trim() && form.table && form.functionName && form.events.length > 0;
  return (
    <SidePanel
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Create a new trigger"
      description={`On a table of the schema ${schema}, calling a function of that schema that returns trigger.`}
      confirmText="Create trigger"
      confirmLoading={save.isPending}
      confirmDisabled={!ready}
      formId="trigger-form"
    >
      <form id="trigger-form" css={{ display: 'flex', flexDirection: 'column', gap: tokens.space.md }} onSubmit={(e) => { e.preventDefault(); save.mutate(form, { onSuccess: onClose }); }}>
        <Field label="Name of trigger" required>
          <TextInput value={form.name} onChange={(e) => set('name', e.target.value)} autoFocus />
        </Field>
        <Field label="Table" required>
          <Select value={form.table} placeholder="Choose a table" onChange={(e) => set('table', e.target.value)} options={(tables.data ?? []).map((t) => ({ value: t.name, label: t.name }))} />
        </Field>
        <Field label="Function" required hint={triggerFunctions.length ? undefined : 'No function of this schema returns trigger yet: create one on the functions page.'}>
          <Select value={form.functionName} placeholder="Choose a function" onChange={(e) => set('functionName', e.target.value)} options={triggerFunctions.map((f) => ({ value: f.name, label: f.name }))} />
        </Field>
        <Field label="Fires">
          <Select value={form.timing} onChange={(e) => set('timing', e.target.value as DatabaseTriggerCreate['timing'])} options={TRIGGER_TIMINGS.map((t) => ({ value: t, label: t }))} />
        </Field>
        <fieldset css={{ border: 'none', margin: 0, padding: 0, display: 'flex', gap: tokens.space.md, flexWrap: 'wrap' }}>
          <legend css={{ marginBottom: tokens.space.xs }}>Events</legend>
          {TRIGGER_EVENTS.map((ev) => (
            <Checkbox key={ev} label={ev} checked={form.events.includes(ev)} onChange={(e) => set('events', e.target.checked ? [...form.events, ev] : form.events.filter((x) => x !== ev))} />
          ))}
        </fieldset>
        <Field label="For each">
          <Select value={form.orientation} onChange={(e) => set('orientation', e.target.value as DatabaseTriggerCreate['orientation'])} options={TRIGGER_ORIENTATIONS.map((o) => ({ value: o, label: o }))} />
        </Field>
      </form>
    </SidePanel>
  );
}
