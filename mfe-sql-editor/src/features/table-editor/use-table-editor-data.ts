import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { ENTITY_LIST_DEFAULT_LIMIT, type DatabaseSchema, type TableSort } from '@plinth/contracts-database';
import { useArea } from '@plinth/area-kit';
import { keys } from '../../area/query-keys';

/** Every schema of the project, the hidden system ones flagged protected. */
export function useSchemas() {
  const { api, projectRef } = useArea();
  return useQuery({
    queryKey: keys.schemas(projectRef),
    queryFn: () => api.database.listSchemas(projectRef, true),
  });
}

export function groupSchemas(schemas: readonly DatabaseSchema[]) {
  const byName = (a: DatabaseSchema, b: DatabaseSchema) => a.name.localeCompare(b.name);
  return {
    schemas: schemas.filter((s) => !s.protected).sort(byName),
    protectedSchemas: schemas.filter((s) => s.protected).sort(byName),
  };
}

export interface EntityQuery {
  schema: string;
  /** Already trimmed; empty means no search. */
  search: string;
  sort: TableSort;
}

/** The paged entity list (tables, views, …) of one schema (000 §2.9, 001 §3). */
export function useEntities({ schema, search, sort }: EntityQuery) {
  const { api, projectRef } = useArea();
  return useInfiniteQuery({
    queryKey: keys.entities(projectRef, { schema, search, sort }),
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      api.database.listEntities(projectRef, { schema, search: search || undefined, sort, page: pageParam, limit: ENTITY_LIST_DEFAULT_LIMIT }),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.entities.length, 0);
      return loaded < last.count && last.entities.length > 0 ? pages.length : undefined;
    },
  });
}

/** Reloads schemas and every entity list of the project. */
export function useRefreshTableEditor() {
  const queryClient = useQueryClient();
  const { projectRef } = useArea();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: keys.schemas(projectRef) }),
      // Prefix of every entity list of the project, whatever its schema, search and sort.
      queryClient.invalidateQueries({ queryKey: keys.allEntities(projectRef) }),
    ]);
}

/** Quotes a Postgres identifier. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
