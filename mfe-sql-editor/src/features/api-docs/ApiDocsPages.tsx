import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { ApiDocs } from '@plinth/contracts-database';
import { clientSetupExample, functionExample, tableExamples, userExamples, type ExampleKeys } from '@plinth/contracts-database/database-api-docs-examples';
import { CodeBlock } from '@plinth/shared-ui/code-block';
import { DataTable } from '@plinth/shared-ui/data-table';
import { EmptyState, InlineNotice, PageHeader } from '@plinth/shared-ui/layout';
import { InlineError, LoadingSkeleton, Section } from '@plinth/shared-ui/page';
import { tokens } from '@plinth/shared-ui/theme';
import { Example } from './Example';
import { KeyToggle, type DocsKey } from './KeyToggle';
import { useApiDocs } from './use-api-docs';
import { API_DOC_PAGES } from './ApiDocsMenu';

function Frame({ title, description, toolbar, children }: { title: string; description?: string; toolbar?: ReactNode; children: ReactNode }) {
  return (
    <div css={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
      <PageHeader title={title} description={description} />
      <div css={{ display: 'flex', flexDirection: 'column', gap: tokens.space.lg, padding: tokens.space.lg, minWidth: 0, maxWidth: 1100 }}>
        {toolbar}
        {children}
      </div>
    </div>
  );
}

const p = { margin: 0, lineHeight: 1.6 } as const;

/** api?page=…, api?resource=…, api?rpc=…: the docs page the address names, generated from the project's data API. */
export function ApiDocsPage() {
  const [params] = useSearchParams();
  const docs = useApiDocs();
  const [key, setKey] = useState<DocsKey>('anon');
  const resource = params.get('resource');
  const rpc = params.get('rpc');
  const page = params.get('page');
  const title = resource ?? (rpc ? `${rpc}()` : (API_DOC_PAGES.find((x) => x.search === (page ? `?page=${page}` : ''))?.label ?? 'Introduction'));
  if (docs.isPending) return <Frame title={title}><LoadingSkeleton label="Loading the API docs" rows={6} shape="text" /></Frame>;
  if (docs.isError) return <Frame title={title}><InlineError message="Failed to load the API docs" detail={docs.error.message} onRetry={() => void docs.refetch()} /></Frame>;
  const d = docs.data;
  const chosen = key === 'service_role' && d.serviceRoleKey ? d.serviceRoleKey : d.anonKey;
  const keys: ExampleKeys = { url: d.url, key: chosen, defaultSchema: d.schemas[0] ?? 'public' };
  const toolbar = (
    <div css={{ display: 'flex', flexDirection: 'column', gap: tokens.space.xs }}>
      <KeyToggle value={key} onChange={setKey} serviceRoleShown={d.serviceRoleKey !== null} />
      {key === 'service_role' ? <InlineNotice kind="warning">The service_role key bypasses row level security. Use it on a server only, never in a browser or an app.</InlineNotice> : null}
    </div>
  );
  let body: ReactNode;
  if (resource) body = <TableDoc docs={d} name={resource} keys={keys} />;
  else if (rpc) body = <FunctionDoc docs={d} name={rpc} keys={keys} />;
  else if (page === 'auth') body = <AuthDoc docs={d} keys={keys} />;
  else if (page === 'users') body = userExamples(keys).map((e) => <Example key={e.key} example={e} />);
  else if (page === 'tables-intro') body = <IntroList docs={d} kind="tables" />;
  else if (page === 'rpc-intro') body = <IntroList docs={d} kind="functions" />;
  else body = <Introduction docs={d} keys={keys} />;
  return <Frame title={title} toolbar={toolbar}>{body}</Frame>;
}

function Introduction({ docs, keys }: { docs: ApiDocs; keys: ExampleKeys }) {
  return (
    <>
      <p css={p}>
        Every table, view and function of the exposed schemas ({docs.schemas.join(', ') || 'none'}) is reachable over a REST API at <code css={{ overflowWrap: 'anywhere' }}>{docs.url}/rest/v1</code>, and through
        supabase-js. Row level security decides what each caller sees. These pages are generated from the database: they change as your schema does.
      </p>
      <Example example={clientSetupExample(keys)} description="Install @supabase/supabase-js and create a client with the project's URL and key." />
    </>
  );
}

function AuthDoc({ docs, keys }: { docs: ApiDocs; keys: ExampleKeys }) {
  return (
    <>
      <Section title="Client API keys" description="The anon key is public: it is safe in a browser when row level security is on for your tables.">
        <CodeBlock label="anon key" code={docs.anonKey} />
      </Section>
      <Section title="Service key" description="service_role bypasses row level security. Keep it on a server.">
        {docs.serviceRoleKey ? <CodeBlock label="service_role key" code={docs.serviceRoleKey} /> : <InlineNotice kind="info">You need additional permissions to view API keys</InlineNotice>}
      </Section>
      <Section title="User sessions" description="After a user signs in, supabase-js sends their access token instead of the key as the bearer token: requests run as the authenticated role, with auth.uid() set to the user.">
        <CodeBlock label="Bash" code={`curl '${keys.url}/rest/v1/' \\\n  -H 'apikey: ${keys.key}' \\\n  -H 'Authorization: Bearer USER_ACCESS_TOKEN'`} />
      </Section>
    </>
  );
}

function IntroList({ docs, kind }: { docs: ApiDocs; kind: 'tables' | 'functions' }) {
  const items = kind === 'tables' ? docs.tables.map((t) => ({ name: t.name, to: `/api?resource=${encodeURIComponent(t.name)}`, detail: t.comment ?? t.kind })) : docs.functions.map((f) => ({ name: `${f.name}()`, to: `/api?rpc=${encodeURIComponent(f.name)}`, detail: f.comment ?? `returns ${f.returnsSet ? 'setof ' : ''}${f.returns}` }));
  const intro =
    kind === 'tables'
      ? 'Each table and view of the exposed schemas has a page with its columns and examples to read, filter, insert, update and delete rows.'
      : 'Functions of the exposed schemas are called with rpc() or POST /rest/v1/rpc/{name}, their arguments given by name.';
  return (
    <>
      <p css={p}>{intro}</p>
      {items.length === 0 ? (
        <EmptyState framed title={kind === 'tables' ? 'No tables exposed' : 'No functions exposed'} description={`Create ${kind} in an exposed schema (${docs.schemas.join(', ') || 'none'}) to see them here.`} />
      ) : (
        <ul css={{ margin: 0, paddingLeft: tokens.space.lg, lineHeight: 1.8 }}>
          {items.map((i) => (
            <li key={i.to}>
              <Link to={i.to} css={{ color: tokens.color.brandText }}>{i.name}</Link> <span css={{ color: tokens.color.textMuted }}>{i.detail}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function TableDoc({ docs, name, keys }: { docs: ApiDocs; name: string; keys: ExampleKeys }) {
  const table = docs.tables.find((t) => t.name === name);
  if (!table) return <EmptyState framed title="Table not found" description={`No table or view named ${name} in the exposed schemas.`} />;
  return (
    <>
      {table.comment ? <p css={p}>{table.comment}</p> : null}
      <Section title="Columns">
        <DataTable
          aria-label={`Columns of ${table.name}`}
          rows={table.columns}
          getRowId={(c) => c.name}
          height={Math.min(400, 44 + table.columns.length * 40)}
          columns={[
            { key: 'name', header: 'Column', cell: (c) => <code>{c.name}</code> },
            { key: 'type', header: 'Type', cell: (c) => <code>{c.type}</code> },
            { key: 'required', header: 'Required', cell: (c) => (!c.nullable && c.default === null && !c.generated ? 'Yes' : 'No') },
            { key: 'notes', header: 'Notes', width: 'minmax(120px, 2fr)', cell: (c) => [c.primaryKey ? 'Primary key' : null, c.generated ? 'Generated' : null, c.default ? `Default ${c.default}` : null, c.comment].filter(Boolean).join(' · ') },
          ]}
        />
      </Section>
      {tableExamples(table, keys).map((e) => <Example key={e.key} example={e} />)}
    </>
  );
}

function FunctionDoc({ docs, name, keys }: { docs: ApiDocs; name: string; keys: ExampleKeys }) {
  const fn = docs.functions.find((f) => f.name === name);
  if (!fn) return <EmptyState framed title="Function not found" description={`No function named ${name} in the exposed schemas.`} />;
  return (
    <>
      <p css={p}>
        {fn.comment ?? `Returns ${fn.returnsSet ? 'a set of ' : ''}${fn.returns}.`} {fn.volatile ? 'It may change data, so it is called with POST only.' : ''}
      </p>
      {fn.args.length ? (
        <ul css={{ margin: 0, paddingLeft: tokens.space.lg }}>
          {fn.args.map((a) => <li key={a.name}><code>{a.name}</code> {a.type}{a.hasDefault ? ' (optional)' : ''}</li>)}
        </ul>
      ) : null}
      <Example example={functionExample(fn, keys)} />
    </>
  );
}

/** api/graphiql: GraphQL is not served on this platform, said plainly. */
export function GraphiqlPage() {
  return (
    <Frame title="GraphiQL">
      <InlineNotice kind="info" title="Not available on this platform">
        Project databases do not load pg_graphql, so there is no GraphQL endpoint to explore. Use the REST API and supabase-js documented on these pages.
      </InlineNotice>
    </Frame>
  );
}
