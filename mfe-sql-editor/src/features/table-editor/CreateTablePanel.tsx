import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Field, Switch, TextInput } from '@plinth/shared-ui/form';
import { useArea } from '@plinth/area-kit';
import { ColumnsEditor } from './ColumnsEditor';
import { DdlPanel } from './DdlPanel';
import { starterColumns, toColumnDefinitions } from './table-form';
import { tableNameError } from './table-name';

/** Create table (000 §2.9): name, columns with types, defaults, keys and foreign keys, RLS on by default. */
export default function CreateTablePanel({ schema, onClose }: { schema: string; onClose: () => void }) {
  const { api, projectRef, notify } = useArea();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [rls, setRls] = useState(true);
  const [drafts, setDrafts] = useState(starterColumns);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [nameError, setNameError] = useState<string | null>(null);
  const body = () => ({ schema, name: name.trim(), comment: description.trim() || null, rls, columns: toColumnDefinitions(drafts).columns });

  return (
    <DdlPanel
      title={`Create a new table under ${schema}`}
      formState={JSON.stringify(body())}
      validate={() => {
        const problem = tableNameError(name);
        const found = toColumnDefinitions(drafts).errors;
        setNameError(problem);
        setErrors(found);
        return !problem && !Object.keys(found).length && drafts.length > 0;
      }}
      request={(dryRun) => api.tableDdl.createTable(projectRef, { ...body(), dryRun })}
      runText="Create table"
      onClose={onClose}
      onDone={(result) => {
        notify({ kind: 'success', message: `Table ${name.trim()} created` });
        if (result.tableId) navigate(`/editor/${result.tableId}`);
      }}
    >
      <Field label="Name" required error={nameError ?? undefined}>
        <TextInput autoFocus value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Field label="Description">
        <TextInput value={description} onChange={(e) => setDescription(e.target.value)} />
      </Field>
      <Field label="Enable Row Level Security (RLS)" hint="Restrict access to the table's rows with policies. Recommended." inline>
        <Switch checked={rls} onCheckedChange={setRls} />
      </Field>
      <ColumnsEditor drafts={drafts} schema={schema} errors={errors} onChange={setDrafts} />
    </DdlPanel>
  );
}
