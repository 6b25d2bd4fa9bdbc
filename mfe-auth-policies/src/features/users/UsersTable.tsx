import type { AuthUser } from '@plinth/contracts-auth';
import { RowActions } from '@plinth/area-kit';
import { DataTable, type DataTableColumn } from '@plinth/shared-ui/data-table';
import { KeyIcon, LockIcon, TrashIcon } from '@plinth/shared-ui/icons';
import { Badge, EmptyState } from '@plinth/shared-ui/layout';
import { useUserActions } from './queries';
import { preloadUserPanels } from './user-panels';
import { formatWhen, isBanned, MANAGE_USERS_DENIED as DENIED, userName, userStatus } from './user-status';

interface UsersTableProps {
  users: readonly AuthUser[];
  search: string;
  allowed: boolean;
  onOpen: (user: AuthUser) => void;
  onDelete: (user: AuthUser) => void;
}

/** One page of users: Enter or a click opens a user, the row menu acts on them. */
export function UsersTable({ users, search, allowed, onOpen, onDelete }: UsersTableProps) {
  const { recover, setBanned } = useUserActions();
  const columns: DataTableColumn<AuthUser>[] = [
    { key: 'email', header: 'Email', width: 'minmax(180px, 2fr)', cell: (u) => u.email ?? '—', sortValue: (u) => u.email ?? '' },
    { key: 'phone', header: 'Phone', width: 'minmax(130px, 1fr)', cell: (u) => u.phone ?? '—', sortValue: (u) => u.phone ?? '' },
    { key: 'provider', header: 'Provider', width: 'minmax(80px, 0.7fr)', cell: (u) => u.provider },
    { key: 'created', header: 'Created', width: 'minmax(140px, 1fr)', cell: (u) => formatWhen(u.created_at), sortValue: (u) => u.created_at },
    { key: 'last-sign-in', header: 'Last signed in', width: 'minmax(140px, 1fr)', cell: (u) => formatWhen(u.last_sign_in_at), sortValue: (u) => u.last_sign_in_at ?? '' },
    {
      key: 'status',
      header: 'Status',
      width: 'minmax(90px, 0.8fr)',
      cell: (u) => {
        const s = userStatus(u);
        return <Badge kind={s.tone === 'success' ? 'success' : s.tone}>{s.label}</Badge>;
      },
    },
    {
      key: 'actions',
      header: 'Actions',
      width: '64px',
      align: 'end',
      cell: (u) => (
        <span onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
          <RowActions
            label={`Actions for ${userName(u)}`}
            disabledReason={allowed ? null : DENIED}
            onOpen={preloadUserPanels}
            actions={[
              { label: 'Send password recovery', icon: <KeyIcon />, onSelect: () => recover.mutate(u), disabledReason: !u.email || isBanned(u) ? 'Unban the user first' : null },
              { label: isBanned(u) ? 'Unban user' : 'Ban user', icon: <LockIcon />, onSelect: () => setBanned.mutate({ user: u, banned: !isBanned(u) }) },
              { label: 'Delete user', icon: <TrashIcon />, danger: true, onSelect: () => onDelete(u) },
            ]}
          />
        </span>
      ),
    },
  ];

  return (
    // Narrower than its columns (768 px wide windows), the table scrolls sideways rather than cut them off.
    <div css={{ overflowX: 'auto' }}>
      <div css={{ minWidth: 850 }}>
        <DataTable
          aria-label="Users"
          columns={columns}
          rows={users}
          getRowId={(u) => u.id}
          height="min(60vh, 560px)"
          onRowActivate={onOpen}
          empty={<EmptyState title="No users found" description={`No user's email or phone matches "${search}".`} />}
        />
      </div>
    </div>
  );
}
