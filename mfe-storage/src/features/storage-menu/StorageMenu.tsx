import { useState } from 'react';
import { NavLink } from 'react-router-dom';
import { genericPermissionNotice, PERMISSION_MESSAGES, PERMISSIONS } from '@plinth/shared-contracts';
import { Button } from '@plinth/shared-ui/button';
import { PlusIcon } from '@plinth/shared-ui/icons';
import { PermissionTooltip } from '@plinth/shared-ui/tooltip';
import { useArea } from '@plinth/area-kit';
import { BucketPanels, loadBucketPanels, type BucketPanel } from '../../area/bucket-panels';
import { BucketList } from './BucketList';
import { menuStyles } from './menu-styles';

const CONFIGURATION_LINKS = [
  { label: 'Policies', to: '/storage/policies' },
  { label: 'Settings', to: '/storage/settings' },
] as const;

/** The storage side menu of 000 §2.11: New bucket, All buckets with the bucket list, Policies. */
export function StorageMenu() {
  const { can } = useArea();
  const [panel, setPanel] = useState<BucketPanel>({ kind: 'closed' });
  const mayWrite = can(PERMISSIONS.STORAGE_ADMIN_WRITE);
  const close = () => setPanel({ kind: 'closed' });

  return (
    <nav aria-label="Storage" css={menuStyles.nav} onPointerEnter={loadBucketPanels} onFocus={loadBucketPanels}>
      <h2 css={menuStyles.heading}>Storage</h2>
      <PermissionTooltip allowed={mayWrite} message={PERMISSION_MESSAGES.createBuckets}>
        <Button icon={<PlusIcon size={14} />} onClick={() => setPanel({ kind: 'create' })}>
          New bucket
        </Button>
      </PermissionTooltip>
      <section aria-label="All buckets">
        <h3 css={menuStyles.groupTitle}>
          <NavLink to="/storage/buckets" end css={[menuStyles.link, { padding: 0, color: 'inherit', fontWeight: 'inherit' }]}>
            All buckets
          </NavLink>
        </h3>
        <BucketList
          actionsDisabledReason={mayWrite ? null : genericPermissionNotice('edit or delete buckets')}
          onEdit={(bucket) => setPanel({ kind: 'edit', bucket })}
          onDelete={(bucket) => setPanel({ kind: 'delete', bucket })}
        />
      </section>
      <section aria-label="Configuration">
        <h3 css={menuStyles.groupTitle}>Configuration</h3>
        <ul css={menuStyles.list}>
          {CONFIGURATION_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} css={menuStyles.link}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </section>
      <BucketPanels panel={panel} onClose={close} />
    </nav>
  );
}
