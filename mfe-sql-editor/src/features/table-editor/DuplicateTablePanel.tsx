import { useState } from 'react';
import { Checkbox, Field, TextInput } from '@plinth/shared-ui/form';
import type { Entity } from '@plinth/contracts-database';
import { useArea } from '@plinth/area-kit';
import { DdlPanel } from './DdlPanel';
import { tableNameError } from './table-name';

/** Duplicate Table (000 §2.9): the same structure under a new name, with the rows if asked. */
export default function DuplicateTablePanel({ entity, onClose }: { entity: Entity; onClose: () => void }) {
  const { api, projectRef, notify } = useArea();
  const [name, setName] = useState(`${entity.name}_duplicate`);
  const [withData, setWithData] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <DdlPanel
      size="medium"
      title={`Duplicate table "${entity.name}"`}
      formState={JSON.stringify({ name: name.trim(), withData })}
      validate={() => {
        const problem = tableNameError(name);
        setError(problem);
        return !problem;
      }}
      request={(dryRun) => api.tableDdl.duplicateTable(projectRef, entity.id, { name: name.trim(), withData, dryRun })}
      runText="Duplicate"
      onClose={onClose}
      onDone={() => notify({ kind: 'success', message: `Table ${entity.name} duplicated as ${name.trim()}` })}
    >
      <Field label="Name of the copy" required error={error ?? undefined}>
        <TextInput autoFocus value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Checkbox label="Copy the rows too" checked={withData} onChange={(e) => setWithData(e.target.checked)} />
    </DdlPanel>
  );
}
