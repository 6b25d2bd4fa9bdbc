import * as z from '@plinth/shared-contracts/zod';
import { encodePath, type Http } from '@plinth/shared-contracts';
import { SqlHistoryPageSchema, SqlRowsPageSchema, SqlStatementResultSchema, type SqlHistoryParams, type SqlRowsRequest } from './sql-runs';

// Database metadata: RLS policies, tables, roles, schemas, table-editor entities and SQL runs
// (spec 000 §3, §5.1, §7.1, §9; 001 §3, §9). Served under /api/platform/pg-meta/{ref}/...

/** Policy name limit (000 §5.1, §9). */
export const POLICY_NAME_MAX_LENGTH = 63;
/** Roles shown per policy row before '+ n more roles' (000 §2.4, §9). */
export const POLICY_ROLES_SHOWN_PER_ROW = 3;
/** Table-editor list row height in px (000 §2.9, §9). */
export const TABLE_LIST_ROW_HEIGHT = 28;
/** Table names longer than this get a tooltip (000 §2.9). */
export const TABLE_NAME_TOOLTIP_AFTER = 20;
/** Default page size of the entity list (001 §9). */
export const ENTITY_LIST_DEFAULT_LIMIT = 100;
/** How long policy notices stay, in ms (000 §5.1). */
export const POLICY_NOTICE_DURATION_MS = 4000;

/** Schemas the console hides from pickers (001 §9). */
export const HIDDEN_SCHEMAS = [
  'auth',
  'extensions',
  'information_schema',
  'net',
  'pgsodium',
  'pgsodium_masks',
  'pgbouncer',
  'pgtle',
  'realtime',
  'storage',
  'supabase_functions',
  'supabase_migrations',
  'vault',
  'graphql',
  'graphql_public',
] as const;

/** Postgres-internal schemas never listed at all. */
export const INTERNAL_SCHEMA_PATTERNS = ['pg_catalog', 'pg_toast', 'pg_temp_%', 'pg_toast_temp_%'] as const;

/** Roles that are not offered as policy targets (000 §3 Role). */
export const SYSTEM_ROLES = [
  'postgres',
  'pg_database_owner',
  'pg_read_all_data',
  'pg_write_all_data',
  'pg_monitor',
  'pg_read_all_settings',
  'pg_read_all_stats',
  'pg_stat_scan_tables',
  'pg_read_server_files',
  'pg_write_server_files',
  'pg_execute_server_program',
  'pg_signal_backend',
  'pg_checkpoint',
  'pg_maintain',
  'pg_use_reserved_connections',
  'pg_create_subscription',
  'pg_signal_autovacuum_worker',
  'supabase_admin',
  'supabase_auth_admin',
  'supabase_storage_admin',
  'authenticator',
  'dashboard_user',
  'pgbouncer',
] as const;

export function isSystemRole(name: string): boolean {
  return (SYSTEM_ROLES as readonly string[]).includes(name) || name.startsWith('pg_');
}

/** Validation texts of the policy editor (000 §5.1), word for word. */
export const POLICY_VALIDATION_MESSAGES = {
  nameRequired: 'Do give your policy a name',
  operationRequired: 'You will need to allow at one operation in your policy.',
  usingRequired: 'Did you forget to provide a USING expression for your policy?',
  checkRequired: 'Did you forget to provide a WITH CHECK expression for your policy?',
  usingOrCheckRequired: 'You will need to provide either a USING, or WITH CHECK expression, or both for your policy.',
  projectRequiredForRestore: 'Unable to restore: project is required.',
} as const;

/** Notices of the policies page (000 §8), word for word. */
export const POLICY_MESSAGES = {
  toggleRlsFailed: (message: string) => `Failed to toggle RLS: ${message}`,
  createFailed: (message: string) => `Error adding policy: ${message}`,
  updateFailed: (message: string) => `Error updating policy: ${message}`,
  deleteFailed: (message: string) => `Error deleting policy: ${message}`,
  saved: 'Policy successfully saved!',
  deleted: 'Successfully deleted policy!',
  rlsDisabledWarning: 'Your table is publicly readable and writable; anyone with the anon key can modify or delete data.',
} as const;

/** Dialog titles of the policy editor (000 §2.5). */
export const POLICY_EDITOR_TITLES = {
  adding: (schema: string, table: string) => `Adding new policy to ${schema}.${table}`,
  editing: (schema: string, table: string) => `Editing policy from ${schema}.${table}`,
  reviewing: (schema: string, table: string) => `Reviewing policy to be created or updated on ${schema}.${table}`,
  selectTemplate: 'Select a template to use for your new policy',
} as const;

export const POLICY_COMMANDS = ['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'ALL'] as const;
export const PolicyCommandSchema = z.enum(POLICY_COMMANDS);
export type PolicyCommand = z.infer<typeof PolicyCommandSchema>;
export const PolicyActionSchema = z.enum(['PERMISSIVE', 'RESTRICTIVE']);
export type PolicyAction = z.infer<typeof PolicyActionSchema>;

/** Which expressions an operation takes (000 §5.1). */
export const COMMANDS_WITH_USING: readonly PolicyCommand[] = ['SELECT', 'UPDATE', 'DELETE', 'ALL'];
export const COMMANDS_WITH_CHECK: readonly PolicyCommand[] = ['INSERT', 'UPDATE', 'ALL'];

/** Trims an expression and collapses runs of whitespace to one space (000 §5.1). */
export function normalizeExpression(expression: string | null | undefined): string | null {
  if (expression == null) return null;
  const out = expression.trim().replace(/\s+/g, ' ');
  return out === '' ? null : out;
}

const identifier = z.string().check(z.trim(), z.minLength(1), z.maxLength(63));

export const PolicySchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  schema: z.string(),
  table: z.string(),
  table_id: z.number().check(z.int()),
  command: PolicyCommandSchema,
  /** The USING expression. */
  definition: z.nullable(z.string()),
  /** The WITH CHECK expression. */
  check: z.nullable(z.string()),
  roles: z.array(z.string()),
  action: PolicyActionSchema,
  /** On storage.objects: the buckets its USING / WITH CHECK compare bucket_id with (read by Postgres' parser on the server). */
  bucketIds: z.optional(z.array(z.string())),
});
export type Policy = z.infer<typeof PolicySchema>;

export const PolicyCreateSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, POLICY_VALIDATION_MESSAGES.nameRequired), z.maxLength(POLICY_NAME_MAX_LENGTH)),
  schema: z._default(identifier, 'public'),
  table: identifier,
  action: z._default(PolicyActionSchema, 'PERMISSIVE'),
  command: z._default(PolicyCommandSchema, 'ALL'),
  definition: z.nullish(z.string().check(z.maxLength(10_000))),
  check: z.nullish(z.string().check(z.maxLength(10_000))),
  /** Empty means public (all roles). */
  roles: z._default(z.array(identifier).check(z.maxLength(100)), []),
});
export type PolicyCreate = z.input<typeof PolicyCreateSchema>;

export const PolicyUpdateSchema = z.object({
  name: z.optional(
    z.string().check(z.trim(), z.minLength(1, POLICY_VALIDATION_MESSAGES.nameRequired), z.maxLength(POLICY_NAME_MAX_LENGTH)),
  ),
  definition: z.nullish(z.string().check(z.maxLength(10_000))),
  check: z.nullish(z.string().check(z.maxLength(10_000))),
  roles: z.optional(z.array(identifier).check(z.maxLength(100))),
});
export type PolicyUpdate = z.infer<typeof PolicyUpdateSchema>;

export const TableSchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  schema: z.string(),
  rls_enabled: z.boolean(),
  /** Tables in protected schemas are shown locked: no policy actions (000 §2.4). */
  locked: z.optional(z.boolean()),
});
export type Table = z.infer<typeof TableSchema>;

export const TableUpdateSchema = z.object({ rls_enabled: z.boolean() });
export type TableUpdate = z.infer<typeof TableUpdateSchema>;

export const DatabaseRoleSchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  /** Excluded from the target-role choice of the policy editor. */
  is_system: z.boolean(),
});
export type DatabaseRole = z.infer<typeof DatabaseRoleSchema>;

export const DatabaseSchemaSchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  owner: z.optional(z.string()),
  /** One of HIDDEN_SCHEMAS: shown in the 'Protected schemas' group. */
  protected: z.boolean(),
});
export type DatabaseSchema = z.infer<typeof DatabaseSchemaSchema>;

export const SchemaListQuerySchema = z.object({
  /** When true the hidden system schemas are included (flagged protected). */
  include_protected: z.optional(z.enum(['true', 'false'])),
});

export const ENTITY_TYPES = ['table', 'view', 'foreign table', 'materialized view', 'partitioned table'] as const;
export const EntityTypeSchema = z.enum(ENTITY_TYPES);
export type EntityType = z.infer<typeof EntityTypeSchema>;

export const EntitySchema = z.object({
  id: z.number().check(z.int()),
  schema: z.string(),
  name: z.string(),
  type: EntityTypeSchema,
  comment: z.nullable(z.string()),
  rls_enabled: z.optional(z.boolean()),
});
export type Entity = z.infer<typeof EntitySchema>;

/** Table sort preference (000 §9): alphabetical, or grouped by entity type then alphabetical. */
export const TABLE_SORTS = ['alphabetical', 'grouped-alphabetical'] as const;
export const TableSortSchema = z.enum(TABLE_SORTS);
export type TableSort = z.infer<typeof TableSortSchema>;

export const EntityListParamsSchema = z.object({
  schema: z._default(z.string().check(z.trim(), z.minLength(1), z.maxLength(63)), 'public'),
  search: z.pipe(
    z.optional(z.string().check(z.maxLength(200))),
    z.transform((s: string | undefined) => (s === undefined || s.trim() === '' ? undefined : s.trim())),
  ),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(1000)), ENTITY_LIST_DEFAULT_LIMIT),
  /** Zero-based page. */
  page: z._default(z.coerce.number().check(z.int(), z.gte(0)), 0),
  sort: z._default(TableSortSchema, 'alphabetical'),
});
export interface EntityListParams {
  schema?: string;
  search?: string;
  limit?: number;
  page?: number;
  sort?: TableSort;
}

export const EntityListSchema = z.object({ count: z.number().check(z.int()), entities: z.array(EntitySchema) });
export type EntityList = z.infer<typeof EntityListSchema>;

/** The SQL editor's row limits: what a run may ask for at most, and what it asks by default. */
export const SQL_ROW_LIMIT_MAX = 1_000_000;
export const SQL_ROW_LIMIT_DEFAULT = 1_000;

export const SqlRunRequestSchema = z.object({
  query: z.string().check(z.minLength(1, 'query is required'), z.maxLength(1_000_000)),
  /** Per-statement timeout in ms; the API caps it. */
  timeoutMs: z.optional(z.number().check(z.int(), z.gte(100), z.lte(300_000))),
  /** Names this run, so that POST query/cancel can stop it while it runs. */
  runId: z.optional(z.string().check(z.regex(/^[A-Za-z0-9-]{8,64}$/, 'runId must be 8 to 64 letters, digits or dashes'))),
  /** At most this many rows come back; the answer says when the result was cut. */
  rowLimit: z.optional(z.number().check(z.int(), z.gte(1), z.lte(SQL_ROW_LIMIT_MAX))),
  /** 'statements': one compact result per statement in `results` (the SQL editor); else the last statement's rows. */
  resultShape: z.optional(z.literal('statements')),
  /** Keep this run in the project's SQL history of the caller. */
  history: z.optional(z.boolean()),
});
export type SqlRunRequest = z.infer<typeof SqlRunRequestSchema>;

export const SqlColumnSchema = z.object({ name: z.string(), dataTypeID: z.optional(z.number()) });
export const SqlRunResultSchema = z.object({
  rows: z.array(z.record(z.string(), z.unknown())),
  columns: z.array(SqlColumnSchema),
  affectedRows: z.optional(z.nullable(z.number())),
  /** The result had more rows than the run's rowLimit: only the first rowLimit are here. */
  truncated: z.optional(z.boolean()),
  /** How many rows the statement returned before the cut. */
  totalRows: z.optional(z.number()),
  /** With resultShape 'statements': each statement's result, in order (rows and columns above are then empty). */
  results: z.optional(z.array(SqlStatementResultSchema)),
});
export type SqlRunResult = z.infer<typeof SqlRunResultSchema>;

/** Body of a 400 answer when Postgres refused the SQL (code 'SQL_ERROR'). */
export const SqlErrorBodySchema = z.object({
  message: z.string(),
  code: z.literal('SQL_ERROR'),
  /** 1-based character position in the query, when Postgres gives one. */
  position: z.optional(z.nullable(z.number().check(z.int()))),
  sqlState: z.optional(z.nullable(z.string())),
  hint: z.optional(z.nullable(z.string())),
  detail: z.optional(z.nullable(z.string())),
});
export type SqlErrorBody = z.infer<typeof SqlErrorBodySchema>;

export const SqlCancelRequestSchema = z.object({ runId: z.string().check(z.regex(/^[A-Za-z0-9-]{8,64}$/, 'runId must be 8 to 64 letters, digits or dashes')) });
/** cancelled: the database was told to stop the run; otherwise message says why it could not. */
export const SqlCancelResultSchema = z.object({ cancelled: z.boolean(), message: z.optional(z.string()) });
export type SqlCancelResult = z.infer<typeof SqlCancelResultSchema>;

export const PolicyTemplateSchema = z.object({
  id: z.string(),
  templateName: z.string(),
  description: z.string(),
  statement: z.string(),
  name: z.string(),
  definition: z.string(),
  check: z.string(),
  command: PolicyCommandSchema,
  roles: z.array(z.string()),
});
export type PolicyTemplate = z.infer<typeof PolicyTemplateSchema>;

/** The five starting points of the policy editor (000 §9); `{schema}.{table}` are substituted. */
export function policyTemplates(schema: string, table: string): PolicyTemplate[] {
  const target = `"${schema}"."${table}"`;
  return [
    {
      id: 'read-for-everyone',
      templateName: 'Allow read access to everyone',
      description: 'Anyone, signed in or not, can read every row of this table.',
      name: 'Everyone can read',
      command: 'SELECT',
      definition: 'true',
      check: '',
      roles: [],
      statement: `create policy "Everyone can read"\non ${target}\nfor select using (true);`,
    },
    {
      id: 'insert-authenticated',
      templateName: 'Allow inserts by signed-in users only',
      description: 'Only requests that carry a signed-in user may add rows.',
      name: 'Signed-in users can insert',
      command: 'INSERT',
      definition: '',
      check: "auth.role() = 'authenticated'",
      roles: ['authenticated'],
      statement: `create policy "Signed-in users can insert"\non ${target}\nfor insert to authenticated with check (auth.role() = 'authenticated');`,
    },
    {
      id: 'update-by-email',
      templateName: 'Allow updates when the row email matches the user',
      description: "A user may change rows whose email column equals the email in the user's token.",
      name: 'Users update rows with their email',
      command: 'UPDATE',
      definition: "(auth.jwt() ->> 'email') = email",
      check: "(auth.jwt() ->> 'email') = email",
      roles: ['authenticated'],
      statement: `create policy "Users update rows with their email"\non ${target}\nfor update to authenticated using ((auth.jwt() ->> 'email') = email) with check ((auth.jwt() ->> 'email') = email);`,
    },
    {
      id: 'delete-by-user-id',
      templateName: 'Allow deletes of rows owned by the user',
      description: 'A user may delete rows whose user_id column holds their user id.',
      name: 'Users delete their own rows',
      command: 'DELETE',
      definition: 'auth.uid() = user_id',
      check: '',
      roles: ['authenticated'],
      statement: `create policy "Users delete their own rows"\non ${target}\nfor delete to authenticated using (auth.uid() = user_id);`,
    },
    {
      id: 'insert-by-user-id',
      templateName: 'Allow inserts of rows owned by the user',
      description: 'A user may add rows only when user_id is set to their own user id.',
      name: 'Users insert rows they own',
      command: 'INSERT',
      definition: '',
      check: 'auth.uid() = user_id',
      roles: ['authenticated'],
      statement: `create policy "Users insert rows they own"\non ${target}\nfor insert to authenticated with check (auth.uid() = user_id);`,
    },
  ];
}

const base = (ref: string) => encodePath`/platform/pg-meta/${ref}`;

export function createDatabaseClient(http: Http) {
  return {
    listPolicies: (ref: string, schema?: string) =>
      http('GET', `${base(ref)}/policies`, { query: { schema }, schema: z.array(PolicySchema) }),
    createPolicy: (ref: string, body: PolicyCreate) =>
      http('POST', `${base(ref)}/policies`, { body, schema: PolicySchema }),
    updatePolicy: (ref: string, id: number, body: PolicyUpdate) =>
      http('PATCH', `${base(ref)}${encodePath`/policies/${id}`}`, { body, schema: PolicySchema }),
    deletePolicy: (ref: string, id: number) =>
      http('DELETE', `${base(ref)}${encodePath`/policies/${id}`}`, { schema: PolicySchema }),
    listTables: (ref: string, schema?: string) =>
      http('GET', `${base(ref)}/tables`, { query: { schema }, schema: z.array(TableSchema) }),
    updateTable: (ref: string, id: number, body: TableUpdate) =>
      http('PATCH', `${base(ref)}${encodePath`/tables/${id}`}`, { body, schema: TableSchema }),
    listRoles: (ref: string) => http('GET', `${base(ref)}/roles`, { schema: z.array(DatabaseRoleSchema) }),
    listSchemas: (ref: string, includeProtected = true) =>
      http('GET', `${base(ref)}/schemas`, {
        query: { include_protected: String(includeProtected) },
        headers: { 'x-connection-encrypted': '1' },
        schema: z.array(DatabaseSchemaSchema),
      }),
    listEntities: (ref: string, params: EntityListParams = {}) =>
      http('GET', `${base(ref)}/entities`, {
        query: { schema: params.schema, search: params.search, limit: params.limit, page: params.page, sort: params.sort },
        schema: EntityListSchema,
      }),
    runQuery: (ref: string, body: SqlRunRequest, signal?: AbortSignal) =>
      http('POST', `${base(ref)}/query`, { body, schema: SqlRunResultSchema, signal }),
    /** The next rows of a large result (a statement result's `cursor`). */
    runQueryRows: (ref: string, body: SqlRowsRequest, signal?: AbortSignal) =>
      http('POST', `${base(ref)}/query/rows`, { body, schema: SqlRowsPageSchema, signal }),
    /** Stops the run named runId, if it still runs. */
    cancelQuery: (ref: string, runId: string) => http('POST', `${base(ref)}/query/cancel`, { body: { runId }, schema: SqlCancelResultSchema }),
    /** The caller's SQL runs in this project, newest first. */
    listSqlHistory: (ref: string, params: SqlHistoryParams = {}) =>
      http('GET', `${base(ref)}/query/history`, { query: { before: params.before, limit: params.limit }, schema: SqlHistoryPageSchema }),
  };
}
