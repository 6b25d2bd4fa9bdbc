import { useArea } from '@plinth/area-kit';
import type { PolicyCreate, PolicyUpdate, Table } from '@plinth/contracts-database';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { keys } from '../../area/query-keys';

// The policies page's reads and writes, through the contracts' database client.

export function useSchemas() {
  const { api, projectRef } = useArea();
  return useQuery({ queryKey: keys.schemas(projectRef), queryFn: () => api.database.listSchemas(projectRef, true) });
}

export function useTables(schema: string) {
  const { api, projectRef } = useArea();
  return useQuery({ queryKey: keys.tables(projectRef, schema), queryFn: () => api.database.listTables(projectRef, schema) });
}

/** The schema of a table known by id only (`?search={tableId}` without `?schema`): all tables are read once. */
export function useSchemaOfTable(tableId: number | null) {
  const { api, projectRef } = useArea();
  return useQuery({
    queryKey: keys.tables(projectRef),
    queryFn: () => api.database.listTables(projectRef),
    enabled: tableId !== null,
    select: (tables) => tables.find((t) => t.id === tableId)?.schema ?? null,
  });
}

export function usePolicies(schema: string) {
  const { api, projectRef } = useArea();
  return useQuery({ queryKey: keys.policies(projectRef, schema), queryFn: () => api.database.listPolicies(projectRef, schema) });
}

export function useRoles(enabled: boolean) {
  const { api, projectRef } = useArea();
  return useQuery({ queryKey: keys.roles(projectRef), queryFn: () => api.database.listRoles(projectRef), enabled, staleTime: 60_000 });
}

/** Table columns for completion in the expression fields, read from information_schema. */
export function useColumns(schema: string, table: string | null) {
  const { api, projectRef } = useArea();
  return useQuery({
    queryKey: keys.columns(projectRef, schema, table),
    enabled: table !== null,
    staleTime: 60_000,
    queryFn: async () => {
      const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
      const result = await api.database.runQuery(projectRef, {
        query: `select column_name from information_schema.columns where table_schema = ${quote(schema)} and table_name = ${quote(table!)} order by ordinal_position`,
      });
      return result.rows.map((row) => String(row.column_name));
    },
  });
}

export function usePolicyWrites(schema: string) {
  const { api, projectRef } = useArea();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: keys.policies(projectRef, schema) });
  return {
    create: (payload: PolicyCreate) => api.database.createPolicy(projectRef, payload).then(refresh),
    update: (id: number, payload: PolicyUpdate) => api.database.updatePolicy(projectRef, id, payload).then(refresh),
    remove: useMutation({ mutationFn: (id: number) => api.database.deletePolicy(projectRef, id), onSettled: refresh }),
    toggleRls: useMutation({
      mutationFn: (table: Table) => api.database.updateTable(projectRef, table.id, { rls_enabled: !table.rls_enabled }),
      onSettled: () => client.invalidateQueries({ queryKey: keys.tables(projectRef, schema) }),
    }),
  };
}
