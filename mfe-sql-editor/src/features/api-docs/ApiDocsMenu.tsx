import { LoadingState } from '@plinth/shared-ui/layout';
import { menuStyles, AreaSideMenu } from '@plinth/area-kit';
import { useApiDocs } from './use-api-docs';

/** The introduction pages of the API docs (000 §2.1: query page = auth, users, tables-intro, rpc-intro). */
export const API_DOC_PAGES = [
  { label: 'Introduction', search: '' },
  { label: 'Authentication', search: '?page=auth' },
  { label: 'User Management', search: '?page=users' },
  { label: 'Tables and Views', search: '?page=tables-intro' },
  { label: 'Stored Procedures', search: '?page=rpc-intro' },
] as const;

/** Side menu of the API docs: introduction pages, one entry per exposed table and function, GraphiQL. */
export function ApiDocsMenu() {
  const docs = useApiDocs();
  const groups = [
    { title: 'Getting started', items: API_DOC_PAGES.map((p) => ({ label: p.label, to: `/api${p.search}` })) },
    { title: 'GraphQL', items: [{ label: 'GraphiQL', to: '/api/graphiql' }] },
    { title: 'Tables and Views', items: (docs.data?.tables ?? []).map((t) => ({ label: t.name, to: `/api?resource=${encodeURIComponent(t.name)}` })) },
    { title: 'Stored Procedures', items: (docs.data?.functions ?? []).map((f) => ({ label: `${f.name}()`, to: `/api?rpc=${encodeURIComponent(f.name)}` })) },
  ];
  return (
    <AreaSideMenu title="API Docs" groups={groups}>
      {docs.isPending ? <LoadingState label="Loading tables…" /> : null}
      {docs.isError ? <p css={menuStyles.error} role="alert">Failed to load tables: {docs.error.message}</p> : null}
      {docs.data?.tables.length === 0 ? <p css={menuStyles.muted}>No tables in the exposed schemas</p> : null}
    </AreaSideMenu>
  );
}
