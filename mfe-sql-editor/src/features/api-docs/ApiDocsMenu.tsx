import { Link, useLocation } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@plinth/shared-contracts';
import { useArea } from '../area/area-context';
import { menuStyles } from '../side-menu/menu-styles';

/** The introduction pages of the API docs (000 §2.1: query page = auth, users, tables-intro, rpc-intro). */
export const API_DOC_PAGES = [
  { label: 'Introduction', search: '' },
  { label: 'Authentication', search: '?page=auth' },
  { label: 'User Management', search: '?page=users' },
  { label: 'Tables and Views', search: '?page=tables-intro' },
  { label: 'Stored Procedures', search: '?page=rpc-intro' },
] as const;

function MenuEntry({ label, to, current }: { label: string; to: string; current: boolean }) {
  return (
    <li>
      <Link to={to} css={menuStyles.link} aria-current={current ? 'page' : undefined}>
        {label}
      </Link>
    </li>
  );
}

/** Side menu of the API docs: introduction pages, one entry per table of the public schema, GraphiQL. */
export function ApiDocsMenu() {
  const { api, projectRef } = useArea();
  const { pathname, search } = useLocation();
  const params = { schema: 'public', sort: 'alphabetical', limit: 1000 } as const;
  const tables = useQuery({
    queryKey: queryKeys.entities(projectRef, params),
    queryFn: () => api.database.listEntities(projectRef, params),
  });
  const onDocs = pathname.endsWith('/api');
  const resource = new URLSearchParams(search).get('resource');

  return (
    <nav aria-label="API Docs" css={menuStyles.nav}>
      <h2 css={menuStyles.heading}>API Docs</h2>
      <section aria-label="Getting started">
        <h3 css={menuStyles.groupTitle}>Getting started</h3>
        <ul css={menuStyles.list}>
          {API_DOC_PAGES.map((p) => (
            <MenuEntry key={p.label} label={p.label} to={`/api${p.search}`} current={onDocs && search === p.search} />
          ))}
        </ul>
      </section>
      <section aria-label="Tables and Views">
        <h3 css={menuStyles.groupTitle}>Tables and Views</h3>
        {tables.isPending ? <p css={menuStyles.muted}>Loading tables…</p> : null}
        {tables.isError ? <p css={menuStyles.error}>Failed to load tables: {tables.error.message}</p> : null}
        {tables.data?.entities.length === 0 ? <p css={menuStyles.muted}>No tables in the public schema</p> : null}
        <ul css={menuStyles.list}>
          {tables.data?.entities.map((e) => (
            <MenuEntry key={e.id} label={e.name} to={`/api?resource=${encodeURIComponent(e.name)}`} current={onDocs && resource === e.name} />
          ))}
        </ul>
      </section>
      <section aria-label="GraphQL">
        <h3 css={menuStyles.groupTitle}>GraphQL</h3>
        <ul css={menuStyles.list}>
          <MenuEntry label="GraphiQL" to="/api/graphiql" current={pathname.endsWith('/api/graphiql')} />
        </ul>
      </section>
    </nav>
  );
}
