import { useState } from 'react';
import { genericPermissionNotice, PERMISSION_MESSAGES, PERMISSIONS } from '@plinth/shared-contracts';
import { Button } from '@plinth/shared-ui/button';
import { PlusIcon } from '@plinth/shared-ui/icons';
import { PermissionTooltip } from '@plinth/shared-ui/tooltip';
import { AreaSideMenu, useArea, type SectionMenuProps } from '@plinth/area-kit';
import { BucketPanels, loadBucketPanels, type BucketPanel } from '../../area/bucket-panels';
import { BucketList } from './BucketList';

/**
 * The storage side menu of 000 §2.11 on the areas' side menu: the links of the area's definition
 * (All buckets, Configuration: Policies, Settings), then New bucket and the bucket list.
 */
export function StorageMenu({ title, groups }: SectionMenuProps) {
  const { can } = useArea();
  const [panel, setPanel] = useState<BucketPanel>({ kind: 'closed' });
  const mayWrite = can(PERMISSIONS.STORAGE_ADMIN_WRITE);
  const close = () => setPanel({ kind: 'closed' });

  return (
    <AreaSideMenu title={title} groups={groups}>
      <div css={{ display: 'flex', flexDirection: 'column', gap: 8 }} onPointerEnter={loadBucketPanels} onFocus={loadBucketPanels}>
        <PermissionTooltip allowed={mayWrite} message={PERMISSION_MESSAGES.createBuckets}>
          <Button icon={<PlusIcon size={14} />} onClick={() => setPanel({ kind: 'create' })}>
            New bucket
          </Button>
        </PermissionTooltip>
        <section aria-label="Bucket list">
          <BucketList
            actionsDisabledReason={mayWrite ? null : genericPermissionNotice('edit or delete buckets')}
            onEdit={(bucket) => setPanel({ kind: 'edit', bucket })}
            onDelete={(bucket) => setPanel({ kind: 'delete', bucket })}
          />
        </section>
      </div>
      <BucketPanels panel={panel} onClose={close} />
    </AreaSideMenu>
  );
}
