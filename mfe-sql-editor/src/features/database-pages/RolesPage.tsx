import type { DatabaseRoleDetail } from '@plinth/contracts-database';
import type { DataTableColumn } from '@plinth/shared-ui/data-table';
import { InlineNotice } from '@plinth/shared-ui/layout';
import { Code, ObjectsPage } from './ObjectsPage';
import { useObjects } from './queries';
import { PLATFORM_SUPPORT } from './platform-support';

const yes = (v: boolean) => (v ? 'Yes' : 'No');

/** database/roles: the database roles and what each may do; read only (roles are shared by the server's databases). */
export function RolesPage() {
  const query = useObjects('roles', (api, ref) => api.databaseObjects.listRoleDetails(ref));
  const columns: DataTableColumn<DatabaseRoleDetail>[] = [
    { key: 'name', header: 'Name', width: 'minmax(140px, 1.5fr)', cell: (r) => <Code>{r.name}</Code>, sortValue: (r) => r.name },
    { key: 'login', header: 'Can log in', width: '100px', cell: (r) => yes(r.canLogin) },
    { key: 'bypass', header: 'Bypasses RLS', width: '110px', cell: (r) => yes(r.bypassRls) },
    { key: 'super', header: 'Superuser', width: '100px', cell: (r) => yes(r.superuser) },
    { key: 'member', header: 'Member of', width: 'minmax(140px, 2fr)', cell: (r) => r.memberOf.join(', ') || '–' },
  ];
  return (
    <ObjectsPage
      title="Database Roles"
      description="The roles of the project database: anon, authenticated and service_role are what the data API runs as."
      toolbar={<InlineNotice kind="info">{PLATFORM_SUPPORT.roles}</InlineNotice>}
      query={query}
      columns={columns}
      getRowId={(r) => String(r.id)}
      empty={{ title: 'No roles', description: 'The database reports no roles.' }}
    />
  );
}
