import { useState } from 'react';
import { Field, Switch, TextInput } from '@plinth/shared-ui/form';
import { InlineError, LoadingSkeleton } from '@plinth/shared-ui/page';
import type { Entity, TableShape } from '@plinth/contracts-database';
import { useArea, errorMessage } from '@plinth/area-kit';
import { ColumnsEditor } from './ColumnsEditor';
import { DdlPanel } from './DdlPanel';
import { useRefreshTable, useTableShape } from './table-rows-queries';
import { columnChanges, draftsOf, toColumnDefinitions } from './table-form';
import { tableNameError } from './table-name';

/** Edit Table (000 §2.9): rename the table, turn RLS on or off, add, rename, retype and drop columns. */
export default function EditTablePanel({ entity, onClose }: { entity: Entity; onClose: () => void }) {
  const shape = useTableShape(entity.id);
  if (shape.isError) return <InlineError message="Failed to load the table" detail={errorMessage(shape.error)} onRetry={() => void shape.refetch()} />;
  if (!shape.data) return <LoadingSkeleton label="Loading the table" rows={4} />;
  return <EditForm entity={entity} shape={shape.data} onClose={onClose} />;
}

function EditForm({ entity, shape, onClose }: { entity: Entity; shape: TableShape; onClose: () => void }) {
  const { api, projectRef, notify } = useArea();
  const refreshRows = useRefreshTable(shape.id);
  const [name, setName] = useState(shape.name);
  const [rls, setRls] = useState(Boolean(entity.rls_enabled));
  const [drafts, setDrafts] = useState(() => draftsOf(shape));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [nameError, setNameError] = useState<string | null>(null);
  const body = () => ({
    name: name.trim() !== shape.name ? name.trim() : undefined,
    rls: rls !== Boolean(entity.rls_enabled) ? rls : undefined,
    changes: columnChanges(shape, drafts),
  });

  return (
    <DdlPanel
      title={`Update table ${shape.name}`}
      formState={JSON.stringify(body())}
      validate={() => {
        const problem = tableNameError(name);
        const found = toColumnDefinitions(drafts).errors;
        setNameError(problem);
        setErrors(found);
        return !problem && !Object.keys(found).length;
      }}
      request={(dryRun) => api.tableDdl.alterTable(projectRef, shape.id, { ...body(), dryRun })}
      runText="Save changes"
      onClose={onClose}
      onDone={() => {
        void refreshRows();
        notify({ kind: 'success', message: `Table ${name.trim()} updated` });
      }}
    >
      <Field label="Name" required error={nameError ?? undefined}>
        <TextInput value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Field label="Enable Row Level Security (RLS)" inline>
        <Switch checked={rls} onCheckedChange={setRls} />
      </Field>
      <ColumnsEditor drafts={drafts} schema={shape.schema} errors={errors} onChange={setDrafts} />
    </DdlPanel>
  );
}
