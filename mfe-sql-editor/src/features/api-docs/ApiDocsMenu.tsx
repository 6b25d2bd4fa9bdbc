import { useQuery } from '@tanstack/react-query';
import { LoadingState } from '@plinth/shared-ui/layout';
import { queryKeys } from '@plinth/shared-contracts';
import { useArea, menuStyles, AreaSideMenu } from '@plinth/area-kit';

/** The introduction pages of the API docs (000 §2.1: query page = auth, users, tables-intro, rpc-intro). */
export const API_DOC_PAGES = [
  { label: 'Introduction', search: '' },
  { label: 'Authentication', search: '?page=auth' },
  { label: 'User Management', search: '?page=users' },
  { label: 'Tables and Views', search: '?page=tables-intro' },
  { label: 'Stored Procedures', search: '?page=rpc-intro' },
] as const;

const PUBLIC_TABLES = { schema: 'public', sort: 'alphabetical', limit: 1000 } as const;

/** Side menu of the API docs: introduction pages, one entry per table of the public schema, GraphiQL. */
export function ApiDocsMenu() {
  const { api, projectRef, hosted } = useArea();
  const tables = useQuery({
    queryKey: queryKeys.entities(projectRef, PUBLIC_TABLES),
    queryFn: () => api.database.listEntities(projectRef, PUBLIC_TABLES),
  });
  const groups = [
    { title: 'Getting started', items: API_DOC_PAGES.map((p) => ({ label: p.label, to: `/api${p.search}` })) },
    { title: 'GraphQL', items: [{ label: 'GraphiQL', to: '/api/graphiql' }] },
    {
      title: 'Tables and Views',
      items: (tables.data?.entities ?? []).map((e) => ({ label: e.name, to: `/api?resource=${encodeURIComponent(e.name)}` })),
    },
  ];
  return (
    <AreaSideMenu title="API Docs" groups={groups}>
      {tables.isPending ? <LoadingState label="Loading tables…" /> : null}
      {tables.isError ? <p css={menuStyles.error} role="alert">Failed to load tables: {tables.error.message}</p> : null}
      {tables.data?.entities.length === 0 ? <p css={menuStyles.muted}>No tables in the public schema</p> : null}
    </AreaSideMenu>
  );
}
