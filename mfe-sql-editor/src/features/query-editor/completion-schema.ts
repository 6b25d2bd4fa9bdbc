import { useQuery } from '@tanstack/react-query';
import { PERMISSIONS } from '@plinth/shared-contracts';
import type { SqlEditorSchema } from '@plinth/domain-ui/code-editor';
import { useArea } from '@plinth/area-kit';
import { keys } from '../../area/query-keys';

// What the editor completes: the project's schemas, tables with their columns, and functions, read
// once per project through pg-meta's query route (refreshed when the editor opens after 5 minutes).

export const COMPLETION_SQL = `select 's' as kind, nspname as schema, null as name, null as detail from pg_namespace
  where nspname not in ('information_schema') and nspname not like 'pg\\_%'
union all
select 't', table_schema, table_name, string_agg(column_name, ',' order by ordinal_position) from information_schema.columns
  where table_schema not in ('information_schema', 'pg_catalog') group by table_schema, table_name
union all
select 'f', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname not in ('information_schema', 'pg_catalog') and n.nspname not like 'pg\\_%'`;

interface CatalogRow {
  kind: 's' | 't' | 'f';
  schema: string;
  name: string | null;
  detail: string | null;
}

export function toEditorSchema(rows: readonly CatalogRow[]): SqlEditorSchema {
  const schema: Required<Pick<SqlEditorSchema, 'schemas' | 'tables' | 'functions'>> = { schemas: [], tables: [], functions: [] };
  for (const row of rows) {
    if (row.kind === 's') schema.schemas.push(row.schema);
    else if (row.kind === 't' && row.name) schema.tables.push({ schema: row.schema, name: row.name, columns: (row.detail ?? '').split(',').filter(Boolean) });
    else if (row.kind === 'f' && row.name) schema.functions.push({ schema: row.schema, name: row.name, args: row.detail ?? '' });
  }
  return schema;
}

export function useCompletionSchema(): SqlEditorSchema | undefined {
  const { api, projectRef, can } = useArea();
  const query = useQuery({
    queryKey: keys.completionSchema(projectRef),
    queryFn: async () => toEditorSchema((await api.database.runQuery(projectRef, { query: COMPLETION_SQL, rowLimit: 20_000 })).rows as unknown as CatalogRow[]),
    enabled: projectRef !== '' && can(PERMISSIONS.SQL_QUERY_RUN),
    staleTime: 5 * 60_000,
    retry: false,
  });
  return query.data;
}
