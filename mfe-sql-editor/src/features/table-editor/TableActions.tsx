import { Suspense, useState } from 'react';
import { genericPermissionNotice, PERMISSIONS } from '@plinth/shared-contracts';
import type { Entity } from '@plinth/contracts-database';
import { useArea, RowActions, type RowAction } from '@plinth/area-kit';
import { DeleteTablePanel, DuplicateTablePanel, EditTablePanel } from './table-panels';

/** Per-table menu (000 §2.9): Edit Table, Duplicate Table, View Policies, Delete Table. */
export function TableActions({ entity }: { entity: Entity }) {
  const { props, can, link } = useArea();
  const [dialog, setDialog] = useState<'edit' | 'duplicate' | 'delete' | null>(null);
  const mayWrite = can(PERMISSIONS.TENANT_SQL_ADMIN_WRITE);
  const close = () => setDialog(null);
  const isTable = entity.type === 'table' || entity.type === 'partitioned table';

  const items: RowAction[] = [
    {
      label: 'Edit Table',
      disabledReason: !mayWrite ? genericPermissionNotice('edit tables') : isTable ? null : `A ${entity.type} is changed with SQL, in the SQL editor`,
      onSelect: () => setDialog('edit'),
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
      <RowActions
        label={`Actions for ${entity.name}`}
        actions={items}
        onOpen={() => {
          EditTablePanel.preload();
          DuplicateTablePanel.preload();
          DeleteTablePanel.preload();
        }}
      />
      <Suspense fallback={null}>
        {dialog === 'edit' ? <EditTablePanel entity={entity} onClose={close} /> : null}
        {dialog === 'duplicate' ? <DuplicateTablePanel entity={entity} onClose={close} /> : null}
        {dialog === 'delete' ? <DeleteTablePanel entity={entity} onClose={close} /> : null}
      </Suspense>
    </>
  );
}
