import { useEffect, useState } from 'react';
import { AUTH_USERS_PAGE_SIZE, PERMISSIONS, type AuthUser } from '@plinth/shared-contracts';
import { errorMessage, RowActions, useArea } from '@plinth/area-kit';
import { Button } from '@plinth/shared-ui/button';
import { DataTable, type DataTableColumn } from '@plinth/shared-ui/data-table';
import { TextInput } from '@plinth/shared-ui/form';
import { KeyIcon, LockIcon, PlusIcon, SearchIcon, TrashIcon, UserIcon } from '@plinth/shared-ui/icons';
import { Badge, EmptyState, PageHeader } from '@plinth/shared-ui/layout';
import { InlineError, LoadingSkeleton } from '@plinth/shared-ui/page';
import { PermissionTooltip } from '@plinth/shared-ui/tooltip';
import { useAuthUsers, useUserActions } from './queries';
import { preloadUserPanels, UserPanels, type UserPanelState } from './user-panels';
import { formatWhen, isBanned, lastPage, MANAGE_USERS_DENIED as DENIED, pageSummary, userStatus } from './user-status';

/** The words typed in the search box, once the user pauses. */
function useSettled(value: string, ms = 250): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** /auth/users: the project's users, paged and searchable by email, and what can be done to them. */
export function UsersPage() {
  const { can } = useArea();
  const allowed = can(PERMISSIONS.TENANT_SQL_ADMIN_WRITE);
  const [typed, setTyped] = useState('');
  const search = useSettled(typed.trim());
  const [page, setPage] = useState(1);
  const [panel, setPanel] = useState<UserPanelState>({ kind: 'closed' });
  const users = useAuthUsers(page, search);
  const { recover, setBanned } = useUserActions();
  useEffect(() => setPage(1), [search]);

  const columns: DataTableColumn<AuthUser>[] = [
    { key: 'email', header: 'Email', width: 'minmax(180px, 2fr)', cell: (u) => u.email ?? '—', sortValue: (u) => u.email ?? '' },
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
            label={`Actions for ${u.email ?? u.id}`}
            disabledReason={allowed ? null : DENIED}
            onOpen={preloadUserPanels}
            actions={[
              { label: 'Send password recovery', icon: <KeyIcon />, onSelect: () => recover.mutate(u), disabledReason: !u.email || isBanned(u) ? 'Unban the user first' : null },
              { label: isBanned(u) ? 'Unban user' : 'Ban user', icon: <LockIcon />, onSelect: () => setBanned.mutate({ user: u, banned: !isBanned(u) }) },
              { label: 'Delete user', icon: <TrashIcon />, danger: true, onSelect: () => setPanel({ kind: 'delete', user: u }) },
            ]}
          />
        </span>
      ),
    },
  ];

  const data = users.data;
  const total = data?.total ?? 0;
  return (
    <div css={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }} onPointerEnter={preloadUserPanels} onFocus={preloadUserPanels}>
      <PageHeader
        title="Users"
        description="People who signed up to your project, through its auth service."
        actions={
          <div css={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
            <PermissionTooltip allowed={allowed} message={DENIED}>
              <Button icon={<UserIcon />} onClick={() => setPanel({ kind: 'invite' })}>
                Invite user
              </Button>
            </PermissionTooltip>
            <PermissionTooltip allowed={allowed} message={DENIED}>
              <Button variant="primary" icon={<PlusIcon />} onClick={() => setPanel({ kind: 'create' })}>
                Create user
              </Button>
            </PermissionTooltip>
          </div>
        }
      />
      <div css={{ display: 'grid', gap: 12, padding: 24 }}>
        <div css={{ maxWidth: 360 }}>
          <TextInput aria-label="Search users by email" placeholder="Search by email" prefix={<SearchIcon />} value={typed} onChange={(event) => setTyped(event.target.value)} />
        </div>
        {users.isPending ? (
          <LoadingSkeleton label="Loading users" rows={5} />
        ) : users.isError && !data ? (
          <InlineError message={`Failed to retrieve users: ${errorMessage(users.error)}`} onRetry={() => void users.refetch()} retrying={users.isFetching} />
        ) : data && data.users.length === 0 && !search ? (
          <EmptyState
            framed
            icon={<UserIcon size={24} />}
            title="No users yet"
            description="Users appear here when they sign up to your app, or when you create or invite one."
          />
        ) : (
          <>
            <DataTable
              aria-label="Users"
              columns={columns}
              rows={data?.users ?? []}
              getRowId={(u) => u.id}
              height="min(60vh, 560px)"
              onRowActivate={(user) => setPanel({ kind: 'details', user })}
              empty={<EmptyState title="No users found" description={`No user's email matches "${search}".`} />}
            />
            <nav aria-label="Pages of users" css={{ display: 'flex', alignItems: 'center', gap: 8, justifyContent: 'space-between', flexWrap: 'wrap' }}>
              <span role="status">{pageSummary(page, AUTH_USERS_PAGE_SIZE, data?.users.length ?? 0, total)}</span>
              <span css={{ display: 'flex', gap: 8 }}>
                <Button size="small" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                  Previous
                </Button>
                <Button size="small" disabled={page >= lastPage(AUTH_USERS_PAGE_SIZE, total)} onClick={() => setPage((p) => p + 1)}>
                  Next
                </Button>
              </span>
            </nav>
          </>
        )}
      </div>
      <UserPanels panel={panel} onChange={setPanel} />
    </div>
  );
}
