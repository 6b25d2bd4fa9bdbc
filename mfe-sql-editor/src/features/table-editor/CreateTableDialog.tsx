import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { Dialog, DialogClose, dialogFooterStyle } from '@plinth/shared-ui/dialog';
import { Button } from '@plinth/shared-ui/button';
import { Field, TextInput } from '@plinth/shared-ui/form';
import { useArea, errorMessage } from '@plinth/area-kit';
import { createTableSql, tableNameError } from './table-sql';
import { useRefreshTableEditor } from './use-table-editor-data';

/** Creates a table in the chosen schema with an id and created_at column. */
export function CreateTableDialog({ schema, open, onOpenChange }: { schema: string; open: boolean; onOpenChange: (o: boolean) => void }) {
  const { api, projectRef, props } = useArea();
  const refresh = useRefreshTableEditor();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: async (tableName: string) => {
      await api.database.runQuery(projectRef, { query: createTableSql(schema, tableName) });
      const list = await api.database.listEntities(projectRef, { schema, search: tableName, limit: 10 });
      return list.entities.find((e) => e.name === tableName);
    },
  });

  const submit = async () => {
    const problem = tableNameError(name);
    setError(problem);
    if (problem) return;
    try {
      const entity = await create.mutateAsync(name.trim());
      await refresh();
      props.notify({ kind: 'success', message: `Table ${name.trim()} created` });
      onOpenChange(false);
      if (entity) navigate(`/editor/${entity.id}`);
    } catch (err) {
      props.notify({ kind: 'error', message: `Failed to create table: ${errorMessage(err)}` });
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="small"
      title={`Create a new table in ${schema}`}
      footer={
        <div css={dialogFooterStyle}>
          <DialogClose asChild>
            <Button>Cancel</Button>
          </DialogClose>
          <Button variant="primary" type="submit" form="create-table" loading={create.isPending}>
            Save
          </Button>
        </div>
      }
    >
      <form
        id="create-table"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field label="Name" required error={error ?? undefined} hint="The table starts with an id and a created_at column.">
          <TextInput autoFocus value={name} onChange={(e) => setName(e.target.value)} />
        </Field>
      </form>
    </Dialog>
  );
}
