import type { AuthUser } from '@plinth/contracts-auth';
import { PERMISSIONS } from '@plinth/shared-contracts';
import { useArea } from '@plinth/area-kit';
import { Button } from '@plinth/shared-ui/button';
import { SidePanel } from '@plinth/shared-ui/side-panel';
import { KeyValueList } from '@plinth/shared-ui/page';
import { Badge } from '@plinth/shared-ui/layout';
import { PermissionTooltip } from '@plinth/shared-ui/tooltip';
import { KeyIcon, LockIcon, TrashIcon } from '@plinth/shared-ui/icons';
import { useUserActions } from './queries';
import { formatWhen, isBanned, MANAGE_USERS_DENIED, userName, userStatus } from './user-status';

/** Side panel with one user's details and what can be done to them. */
export function UserPanel({ user, onClose, onDelete }: { user: AuthUser; onClose: () => void; onDelete: (user: AuthUser) => void }) {
  const { can } = useArea();
  const allowed = can(PERMISSIONS.TENANT_SQL_ADMIN_WRITE);
  const { recover, setBanned } = useUserActions();
  const status = userStatus(user);
  const banned = isBanned(user);
  return (
    <SidePanel open onOpenChange={(open) => (open ? undefined : onClose())} title={userName(user)} description="A user of this project's auth service." hideFooter>
      <div css={{ display: 'grid', gap: 24 }}>
        <KeyValueList
          items={[
            { key: 'id', label: 'User ID', value: <code>{user.id}</code> },
            { key: 'email', label: 'Email', value: user.email ?? '—' },
            { key: 'phone', label: 'Phone', value: user.phone ?? '—' },
            { key: 'status', label: 'Status', value: <Badge kind={status.tone === 'success' ? 'success' : status.tone}>{status.label}</Badge> },
            { key: 'provider', label: 'Provider', value: user.provider },
            { key: 'created', label: 'Created', value: formatWhen(user.created_at) },
            { key: 'signed-in', label: 'Last signed in', value: formatWhen(user.last_sign_in_at) },
            { key: 'confirmed', label: 'Email confirmed', value: formatWhen(user.email_confirmed_at) },
            ...(user.phone ? [{ key: 'phone-confirmed', label: 'Phone confirmed', value: formatWhen(user.phone_confirmed_at) }] : []),
            ...(user.invited_at ? [{ key: 'invited', label: 'Invited', value: formatWhen(user.invited_at) }] : []),
            ...(banned ? [{ key: 'banned', label: 'Banned until', value: formatWhen(user.banned_until) }] : []),
          ]}
        />
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
          <PermissionTooltip allowed={allowed} message={MANAGE_USERS_DENIED}>
            <Button icon={<KeyIcon />} loading={recover.isPending} disabled={!user.email || banned} onClick={() => recover.mutate(user)}>
              Send password recovery
            </Button>
          </PermissionTooltip>
          <PermissionTooltip allowed={allowed} message={MANAGE_USERS_DENIED}>
            <Button icon={<LockIcon />} loading={setBanned.isPending} onClick={() => setBanned.mutate({ user, banned: !banned }, { onSuccess: onClose })}>
              {banned ? 'Unban user' : 'Ban user'}
            </Button>
          </PermissionTooltip>
          <PermissionTooltip allowed={allowed} message={MANAGE_USERS_DENIED}>
            <Button variant="danger" icon={<TrashIcon />} onClick={() => onDelete(user)}>
              Delete user
            </Button>
          </PermissionTooltip>
        </div>
      </div>
    </SidePanel>
  );
}
