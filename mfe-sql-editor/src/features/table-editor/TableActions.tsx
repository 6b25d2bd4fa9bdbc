import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { genericPermissionNotice, PERMISSIONS, type Entity } from '@plinth/shared-contracts';
import { useArea, RowActions, type RowAction } from '@plinth/area-kit';
import { DeleteTableDialog } from './DeleteTableDialog';
import { DuplicateTableDialog } from './DuplicateTableDialog';

/** Per-table menu (000 §2.9): Edit Table, Duplicate Table, View Policies, Delete Table. */
export function TableActions({ entity }: { entity: Entity }) {
  const { props, can, link } = useArea();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'duplicate' | 'delete' | null>(null);
  const mayWrite = can(PERMISSIONS.TENANT_SQL_ADMIN_WRITE);
  const isTable = entity.type === 'table' || entity.type === 'partitioned table';

  const items: RowAction[] = [
    {
      label: 'Edit Table',
      disabledReason: mayWrite ? null : genericPermissionNotice('edit tables'),
      onSelect: () => navigate(`/editor/${entity.id}`),
    },
  ];
  if (isTable) {
    items.push({
      label: 'Duplicate Table',
      disabledReason: mayWrite ? null : genericPermissionNotice('duplicate tables'),
      onSelect: () => setDialog('duplicate'),
    });
  }
  // The authentication area's policies page, narrowed to this table (000 §2.9); absent when that
  // area is not part of the environment.
  const policies = link('policiesForTable', { search: entity.id });
  if (policies) items.push({ label: 'View Policies', onSelect: () => props.navigate(policies) });
  items.push({
    label: 'Delete Table',
    danger: true,
    disabledReason: mayWrite ? null : genericPermissionNotice('delete tables'),
    onSelect: () => setDialog('delete'),
  });

  return (
    <>
      <RowActions label={`Actions for ${entity.name}`} actions={items} />
      {dialog === 'duplicate' ? <DuplicateTableDialog entity={entity} open onOpenChange={(o) => setDialog(o ? 'duplicate' : null)} /> : null}
      {dialog === 'delete' ? <DeleteTableDialog entity={entity} open onOpenChange={(o) => setDialog(o ? 'delete' : null)} /> : null}
    </>
  );
}
