import { useState } from 'react';
import { useMatch, useNavigate } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { Dialog, DialogClose, dialogFooterStyle } from '@plinth/shared-ui/dialog';
import { Button } from '@plinth/shared-ui/button';
import { Checkbox } from '@plinth/shared-ui/form';
import type { Entity } from '@plinth/shared-contracts';
import { useArea, errorMessage } from '@plinth/area-kit';
import { dropEntitySql } from './table-sql';
import { useRefreshTableEditor } from './use-table-editor-data';

/** Delete Table: drops the relation (optionally with what depends on it) after a confirmation. */
export function DeleteTableDialog({ entity, open, onOpenChange }: { entity: Entity; open: boolean; onOpenChange: (o: boolean) => void }) {
  const { api, projectRef, props } = useArea();
  const refresh = useRefreshTableEditor();
  const navigate = useNavigate();
  const current = useMatch('/editor/:tableId');
  const [cascade, setCascade] = useState(false);
  const drop = useMutation({ mutationFn: () => api.database.runQuery(projectRef, { query: dropEntitySql(entity, cascade) }) });

  const confirm = async () => {
    try {
      await drop.mutateAsync();
      await refresh();
      props.notify({ kind: 'success', message: `Successfully deleted table "${entity.name}"` });
      onOpenChange(false);
      if (current?.params.tableId === String(entity.id)) navigate('/editor');
    } catch (err) {
      props.notify({ kind: 'error', message: `Failed to delete table: ${errorMessage(err)}` });
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="small"
      title={`Confirm deletion of table "${entity.name}"`}
      dismissible={!drop.isPending}
      footer={
        <div css={dialogFooterStyle}>
          <DialogClose asChild>
            <Button disabled={drop.isPending}>Cancel</Button>
          </DialogClose>
          <Button variant="danger" onClick={confirm} loading={drop.isPending}>
            Delete
          </Button>
        </div>
      }
    >
      <p>
        This will delete the {entity.type} <strong>{`${entity.schema}.${entity.name}`}</strong> and all of its rows. This cannot be undone.
      </p>
      <Checkbox
        label="Drop with cascade: also delete what depends on it (views, foreign keys)"
        checked={cascade}
        onChange={(e) => setCascade(e.target.checked)}
      />
    </Dialog>
  );
}
