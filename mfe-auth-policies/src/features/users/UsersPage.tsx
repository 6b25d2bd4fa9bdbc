import { Suspense, useEffect, useState } from 'react';
import { PERMISSIONS } from '@plinth/shared-contracts';
import { AUTH_USERS_PAGE_SIZE } from '@plinth/contracts-auth';
import { errorMessage, lazyWithPreload, useArea } from '@plinth/area-kit';
import { Button } from '@plinth/shared-ui/button';
import { TextInput } from '@plinth/shared-ui/form';
import { PlusIcon, SearchIcon, UserIcon } from '@plinth/shared-ui/icons';
import { EmptyState, PageHeader } from '@plinth/shared-ui/layout';
import { InlineError, LoadingSkeleton } from '@plinth/shared-ui/page';
import { PermissionTooltip } from '@plinth/shared-ui/tooltip';
import { useAuthUsers } from './queries';
import { preloadUserPanels, UserPanels, type UserPanelState } from './user-panels';
import { lastPage, MANAGE_USERS_DENIED as DENIED, pageSummary } from './user-status';

// The table (a virtualized grid) is a chunk of its own, fetched with the first page of users.
const UsersTable = lazyWithPreload(() => import('./UsersTable').then((m) => m.UsersTable));

/** The words typed in the search box, once the user pauses. */
function useSettled(value: string, ms = 250): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** /auth/users: the project's users, paged and searchable by email or phone, and what can be done to them. */
export function UsersPage() {
  const { can } = useArea();
  const allowed = can(PERMISSIONS.TENANT_SQL_ADMIN_WRITE);
  const [typed, setTyped] = useState('');
  const search = useSettled(typed.trim());
  const [page, setPage] = useState(1);
  const [panel, setPanel] = useState<UserPanelState>({ kind: 'closed' });
  const users = useAuthUsers(page, search);
  useEffect(() => void UsersTable.preload(), []);
  useEffect(() => setPage(1), [search]);

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
          <TextInput aria-label="Search users by email or phone" placeholder="Search by email or phone" prefix={<SearchIcon />} value={typed} onChange={(event) => setTyped(event.target.value)} />
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
            <Suspense fallback={<LoadingSkeleton label="Loading users" rows={5} />}>
              <UsersTable users={data?.users ?? []} search={search} allowed={allowed} onOpen={(user) => setPanel({ kind: 'details', user })} onDelete={(user) => setPanel({ kind: 'delete', user })} />
            </Suspense>
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
