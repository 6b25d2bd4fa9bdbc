import { genericPermissionNotice } from '@plinth/shared-contracts';
import { EmptyState } from '@plinth/shared-ui/layout';
import { LockIcon } from '@plinth/shared-ui/icons';

/** Full-page notice for a user without analytics read permission on logs (000 §6). */
export function NoLogsPermission() {
  return (
    <div role="region" aria-label="Logs" css={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <EmptyState icon={<LockIcon size={28} />} title="Access to logs is restricted" description={genericPermissionNotice('view logs')} />
    </div>
  );
}
