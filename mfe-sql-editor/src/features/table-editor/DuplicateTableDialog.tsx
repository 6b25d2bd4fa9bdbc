import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Dialog, DialogClose, dialogFooterStyle } from '@plinth/shared-ui/dialog';
import { Button } from '@plinth/shared-ui/button';
import { Field, TextInput } from '@plinth/shared-ui/form';
import type { Entity } from '@plinth/shared-contracts';
import { useArea, errorMessage } from '@plinth/area-kit';
import { duplicateTableSql, tableNameError } from './table-sql';
import { useRefreshTableEditor } from './use-table-editor-data';

/** Duplicate Table: a new table with the same structure and rows under a new name. */
export function DuplicateTableDialog({ entity, open, onOpenChange }: { entity: Entity; open: boolean; onOpenChange: (o: boolean) => void }) {
  const { api, projectRef, props } = useArea();
  const refresh = useRefreshTableEditor();
  const [name, setName] = useState(`${entity.name}_duplicate`);
  const [error, setError] = useState<string | null>(null);
  const duplicate = useMutation({
    mutationFn: (newName: string) => api.database.runQuery(projectRef, { query: duplicateTableSql(entity, newName) }),
  });

  const submit = async () => {
    const problem = tableNameError(name);
    setError(problem);
    if (problem) return;
    try {
      await duplicate.mutateAsync(name.trim());
      await refresh();
      props.notify({ kind: 'success', message: `Table ${entity.name} duplicated as ${name.trim()}` });
      onOpenChange(false);
    } catch (err) {
      props.notify({ kind: 'error', message: `Failed to duplicate table: ${errorMessage(err)}` });
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="small"
      title={`Duplicate table "${entity.name}"`}
      footer={
        <div css={dialogFooterStyle}>
          <DialogClose asChild>
            <Button>Cancel</Button>
          </DialogClose>
          <Button variant="primary" type="submit" form={`duplicate-${entity.id}`} loading={duplicate.isPending}>
            Duplicate
          </Button>
        </div>
      }
    >
      <form
        id={`duplicate-${entity.id}`}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field label="Name of the copy" required error={error ?? undefined}>
          <TextInput autoFocus value={name} onChange={(e) => setName(e.target.value)} />
        </Field>
      </form>
    </Dialog>
  );
}
