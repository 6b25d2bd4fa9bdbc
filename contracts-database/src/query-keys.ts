// The database domain's React Query keys, beside its calls. Plain tuples: an area takes them
// through `areaQueryKeys(areaId, databaseQueryKeys)` (@plinth/area-kit), the shell through
// `shellQueryKeys`, which put them under their own prefix in the cache the host shares with every
// area. Invalidate by a shorter key (`allPolicies`, `allEntities`, `table`, `objectsOf`) to reach
// every longer key that starts with it.
export const databaseQueryKeys = {
  schemas: (ref: string) => ['projects', ref, 'schemas'] as const,
  /** The schemas with the system ones (listSchemas(ref, true)). */
  schemasWithSystem: (ref: string) => ['projects', ref, 'schemas', 'all'] as const,
  tables: (ref: string, schema?: string) => ['projects', ref, 'tables', schema ?? '*'] as const,
  allPolicies: (ref: string) => ['projects', ref, 'policies'] as const,
  policies: (ref: string, schema?: string) => ['projects', ref, 'policies', schema ?? '*'] as const,
  roles: (ref: string) => ['projects', ref, 'roles'] as const,
  allEntities: (ref: string) => ['projects', ref, 'entities'] as const,
  entities: (ref: string, params: Record<string, unknown>) => ['projects', ref, 'entities', params] as const,
  /** The tables a foreign key may point to in a schema (the column editor's list). */
  foreignKeyTargets: (ref: string, schema: string) => ['projects', ref, 'entities', { schema, search: '', sort: 'alphabetical' }, 'for-foreign-keys'] as const,
  columns: (ref: string, schema: string, table: string | null) => ['projects', ref, 'columns', schema, table] as const,
  snippets: (ref: string) => ['projects', ref, 'content'] as const,
  runHistory: (ref: string) => ['sql-editor', ref, 'run-history'] as const,
  completionSchema: (ref: string) => ['sql-editor', ref, 'completion-schema'] as const,
  /** Everything of one table in the table editor (the prefix of `tableShape`, `tableRows`, `referencedRow`). */
  table: (ref: string, id: number) => ['projects', ref, 'table-editor', id] as const,
  tableShape: (ref: string, id: number) => ['projects', ref, 'table-editor', id, 'shape'] as const,
  tableRows: (ref: string, id: number, view: unknown) => ['projects', ref, 'table-editor', id, 'rows', view] as const,
  referencedRow: (ref: string, tableId: number, column: string, value: string) => ['projects', ref, 'table-editor', tableId, 'referenced', column, value] as const,
  apiDocs: (ref: string) => ['api-docs', ref] as const,
  /** Every list of one kind of database object (the prefix of `objects`). */
  objectsOf: (ref: string, kind: string) => ['database-pages', ref, kind] as const,
  objects: (ref: string, kind: string, schema?: string) => ['database-pages', ref, kind, ...(schema ? [schema] : [])] as const,
};

/**
 * Database → Backups (1.1.0): the project's backups and its plan's retention. Apart from
 * `databaseQueryKeys` so that adding them changes no existing export; an area spreads both.
 */
export const backupsQueryKeys = {
  backups: (ref: string) => ['database-pages', ref, 'backups'] as const,
};

/** Database → Webhooks (1.2.0): the project's webhooks and one webhook's delivery log. */
export const webhooksQueryKeys = {
  webhooks: (ref: string) => ['database-pages', ref, 'hooks'] as const,
  webhookDeliveries: (ref: string, id: number) => ['database-pages', ref, 'hooks', id, 'deliveries'] as const,
};
