import { useState } from 'react';
import { useMatch, useNavigate } from 'react-router-dom';
import { Checkbox } from '@plinth/shared-ui/form';
import type { Entity } from '@plinth/contracts-database';
import { useArea } from '@plinth/area-kit';
import { DdlPanel } from './DdlPanel';

/** Delete Table (000 §2.9): drops the relation, with what depends on it when asked. */
export default function DeleteTablePanel({ entity, onClose }: { entity: Entity; onClose: () => void }) {
  const { api, projectRef, notify } = useArea();
  const navigate = useNavigate();
  const current = useMatch('/editor/:tableId');
  const [cascade, setCascade] = useState(false);
  return (
    <DdlPanel
      size="medium"
      danger
      title={`Confirm deletion of table "${entity.name}"`}
      description={`This will delete the ${entity.type} ${entity.schema}.${entity.name} and all of its rows. This cannot be undone.`}
      formState={String(cascade)}
      request={(dryRun) => api.tableDdl.dropTable(projectRef, entity.id, { cascade, dryRun })}
      runText="Delete"
      onClose={onClose}
      onDone={() => {
        notify({ kind: 'success', message: `Successfully deleted table "${entity.name}"` });
        if (current?.params.tableId === String(entity.id)) navigate('/editor');
      }}
    >
      <Checkbox label="Drop with cascade: also delete what depends on it (views, foreign keys)" checked={cascade} onChange={(e) => setCascade(e.target.checked)} />
    </DdlPanel>
  );
}
