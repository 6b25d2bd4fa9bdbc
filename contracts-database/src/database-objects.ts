import * as z from '@plinth/shared-contracts/zod';
import { encodePath, type Http } from '@plinth/shared-contracts';

// The database pages (spec 000 §2.1 /database/..., issue 12): schemas, functions, triggers,
// extensions, indexes, roles and migrations of one project database, with create, edit and drop
// where Postgres and the platform allow. Served under /api/platform/pg-meta/{ref}/...

/** A Postgres name as the user types it (quoted by the API, so any character but NUL). */
export const PgNameSchema = z.string().check(z.trim(), z.minLength(1, 'Name is required'), z.maxLength(63, 'Name must be at most 63 characters'), z.regex(/^[^\0]*$/, 'Name has an invalid character'));
/** A type as Postgres reads it (`integer`, `text[]`, `public.mood`); the API resolves it with the catalog. */
export const PgTypeNameSchema = z.string().check(z.trim(), z.minLength(1, 'Type is required'), z.maxLength(200));

export const DatabaseFunctionArgSchema = z.object({ name: z.optional(z.string().check(z.maxLength(63))), type: PgTypeNameSchema });
export const FUNCTION_LANGUAGES = ['sql', 'plpgsql'] as const;

export const DatabaseFunctionSchema = z.object({
  id: z.number(),
  schema: z.string(),
  name: z.string(),
  /** As Postgres prints them: `a integer, b integer DEFAULT 1`. */
  arguments: z.string(),
  returns: z.string(),
  language: z.string(),
  definition: z.string(),
  securityDefiner: z.boolean(),
  /** In a hidden system schema (001 §9): shown, never changed. */
  protected: z.boolean(),
});
export type DatabaseFunction = z.infer<typeof DatabaseFunctionSchema>;

export const DatabaseFunctionWriteSchema = z.object({
  schema: PgNameSchema,
  name: PgNameSchema,
  args: z.array(DatabaseFunctionArgSchema).check(z.maxLength(100)),
  /** A type, `setof <type>`, `void` or `trigger`. */
  returns: PgTypeNameSchema,
  language: z.enum(FUNCTION_LANGUAGES),
  definition: z.string().check(z.minLength(1, 'Definition is required'), z.maxLength(100_000)),
  securityDefiner: z.optional(z.boolean()),
});
export type DatabaseFunctionWrite = z.infer<typeof DatabaseFunctionWriteSchema>;

export const TRIGGER_TIMINGS = ['BEFORE', 'AFTER', 'INSTEAD OF'] as const;
export const TRIGGER_EVENTS = ['INSERT', 'UPDATE', 'DELETE', 'TRUNCATE'] as const;
export const TRIGGER_ORIENTATIONS = ['ROW', 'STATEMENT'] as const;

export const DatabaseTriggerSchema = z.object({
  id: z.number(),
  name: z.string(),
  schema: z.string(),
  table: z.string(),
  functionSchema: z.string(),
  functionName: z.string(),
  timing: z.enum(TRIGGER_TIMINGS),
  events: z.array(z.enum(TRIGGER_EVENTS)),
  orientation: z.enum(TRIGGER_ORIENTATIONS),
  enabled: z.boolean(),
  definition: z.string(),
  protected: z.boolean(),
});
export type DatabaseTrigger = z.infer<typeof DatabaseTriggerSchema>;

export const DatabaseTriggerCreateSchema = z.object({
  name: PgNameSchema,
  schema: PgNameSchema,
  table: PgNameSchema,
  functionSchema: PgNameSchema,
  functionName: PgNameSchema,
  timing: z.enum(TRIGGER_TIMINGS),
  events: z.array(z.enum(TRIGGER_EVENTS)).check(z.minLength(1, 'Choose at least one event')),
  orientation: z.enum(TRIGGER_ORIENTATIONS),
});
export type DatabaseTriggerCreate = z.infer<typeof DatabaseTriggerCreateSchema>;
export const DatabaseTriggerUpdateSchema = z.object({ enabled: z.boolean() });

export const DatabaseExtensionSchema = z.object({
  name: z.string(),
  comment: z.nullable(z.string()),
  defaultVersion: z.nullable(z.string()),
  /** Null while disabled. */
  installedVersion: z.nullable(z.string()),
  schema: z.nullable(z.string()),
  /** Built into the database (plpgsql): never disabled here. */
  builtIn: z.boolean(),
});
export type DatabaseExtension = z.infer<typeof DatabaseExtensionSchema>;
export const DatabaseExtensionEnableSchema = z.object({ name: PgNameSchema, schema: z.optional(PgNameSchema) });
export type DatabaseExtensionEnable = z.infer<typeof DatabaseExtensionEnableSchema>;

export const DatabaseIndexSchema = z.object({
  id: z.number(),
  schema: z.string(),
  table: z.string(),
  name: z.string(),
  definition: z.string(),
  unique: z.boolean(),
  primary: z.boolean(),
  protected: z.boolean(),
});
export type DatabaseIndex = z.infer<typeof DatabaseIndexSchema>;
export const INDEX_METHODS = ['btree', 'hash', 'gin', 'gist', 'brin'] as const;
export const DatabaseIndexCreateSchema = z.object({
  schema: PgNameSchema,
  table: PgNameSchema,
  columns: z.array(PgNameSchema).check(z.minLength(1, 'Choose at least one column'), z.maxLength(32)),
  name: z.optional(PgNameSchema),
  unique: z.optional(z.boolean()),
  method: z.optional(z.enum(INDEX_METHODS)),
});
export type DatabaseIndexCreate = z.infer<typeof DatabaseIndexCreateSchema>;

export const DatabaseTableSummarySchema = z.object({
  id: z.number(),
  schema: z.string(),
  name: z.string(),
  comment: z.nullable(z.string()),
  rowsEstimate: z.number(),
  sizeBytes: z.number(),
  columns: z.number(),
  rlsEnabled: z.boolean(),
  protected: z.boolean(),
});
export type DatabaseTableSummary = z.infer<typeof DatabaseTableSummarySchema>;

/** A column as the schema visualizer draws it: name, type as Postgres writes it, and its keys. */
export const SchemaGraphColumnSchema = z.object({
  name: z.string(),
  /** `bigint`, `character varying(20)`, `public.mood`, `text[]`. */
  type: z.string(),
  nullable: z.boolean(),
  /** Part of the table's primary key. */
  primaryKey: z.boolean(),
  /** Unique on its own (a one-column unique constraint or index, the primary key aside). */
  unique: z.boolean(),
});
export type SchemaGraphColumn = z.infer<typeof SchemaGraphColumnSchema>;

export const SchemaGraphTableSchema = z.object({
  /** The table's oid: the table editor opens it by this id. */
  id: z.number(),
  schema: z.string(),
  name: z.string(),
  type: z.enum(['table', 'partitioned table']),
  rlsEnabled: z.boolean(),
  /** In table order. */
  columns: z.array(SchemaGraphColumnSchema),
});
export type SchemaGraphTable = z.infer<typeof SchemaGraphTableSchema>;

/** A foreign key of a table of the schema, to a table of this schema or of another. */
export const SchemaGraphRelationSchema = z.object({
  /** The constraint's oid. */
  id: z.number(),
  name: z.string(),
  tableId: z.number(),
  /** The referencing columns, in the key's order. */
  columns: z.array(z.string()),
  target: z.object({ tableId: z.number(), schema: z.string(), table: z.string(), columns: z.array(z.string()) }),
});
export type SchemaGraphRelation = z.infer<typeof SchemaGraphRelationSchema>;

/** One schema's tables with their columns and foreign keys (issue 22: the schema visualizer). */
export const SchemaGraphSchema = z.object({
  schema: z.string(),
  tables: z.array(SchemaGraphTableSchema),
  relations: z.array(SchemaGraphRelationSchema),
});
export type SchemaGraph = z.infer<typeof SchemaGraphSchema>;

export const DatabaseRoleDetailSchema = z.object({
  id: z.number(),
  name: z.string(),
  canLogin: z.boolean(),
  superuser: z.boolean(),
  createRole: z.boolean(),
  createDb: z.boolean(),
  bypassRls: z.boolean(),
  connectionLimit: z.number(),
  memberOf: z.array(z.string()),
});
export type DatabaseRoleDetail = z.infer<typeof DatabaseRoleDetailSchema>;

export const DatabaseMigrationSchema = z.object({ version: z.string(), name: z.nullable(z.string()) });
export type DatabaseMigration = z.infer<typeof DatabaseMigrationSchema>;

export const DatabaseSchemaCreateSchema = z.object({ name: PgNameSchema });

/** What the database pages may ask a list for: one schema, or every schema the user sees. */
export interface DatabaseObjectsQuery {
  schema?: string;
}

const base = (ref: string) => encodePath`/platform/pg-meta/${ref}`;
const q = (query?: DatabaseObjectsQuery) => ({ schema: query?.schema });

/** The database pages' calls. */
export function createDatabaseObjectsClient(http: Http) {
  return {
    listTableSummaries: (ref: string, query?: DatabaseObjectsQuery) =>
      http('GET', `${base(ref)}/table-summaries`, { query: q(query), schema: z.array(DatabaseTableSummarySchema) }),
    /** The schema's tables with columns, types and keys, and their foreign keys; 404 when there is no such schema. */
    getSchemaGraph: (ref: string, schema: string) => http('GET', `${base(ref)}/schema-graph`, { query: { schema }, schema: SchemaGraphSchema }),
    createSchema: (ref: string, name: string) => http('POST', `${base(ref)}/schemas`, { body: { name }, schema: z.object({ name: z.string() }) }),
    dropSchema: (ref: string, name: string) => http('DELETE', `${base(ref)}${encodePath`/schemas/${name}`}`, { schema: z.object({ name: z.string() }) }),
    listFunctions: (ref: string, query?: DatabaseObjectsQuery) =>
      http('GET', `${base(ref)}/functions`, { query: q(query), schema: z.array(DatabaseFunctionSchema) }),
    createFunction: (ref: string, body: DatabaseFunctionWrite) => http('POST', `${base(ref)}/functions`, { body, schema: DatabaseFunctionSchema }),
    /** Replaces the function's body, language and return type (CREATE OR REPLACE under its name and arguments). */
    updateFunction: (ref: string, id: number, body: DatabaseFunctionWrite) =>
      http('PUT', `${base(ref)}${encodePath`/functions/${id}`}`, { body, schema: DatabaseFunctionSchema }),
    dropFunction: (ref: string, id: number) => http('DELETE', `${base(ref)}${encodePath`/functions/${id}`}`, { schema: DatabaseFunctionSchema }),
    listTriggers: (ref: string, query?: DatabaseObjectsQuery) =>
      http('GET', `${base(ref)}/triggers`, { query: q(query), schema: z.array(DatabaseTriggerSchema) }),
    createTrigger: (ref: string, body: DatabaseTriggerCreate) => http('POST', `${base(ref)}/triggers`, { body, schema: DatabaseTriggerSchema }),
    setTriggerEnabled: (ref: string, id: number, enabled: boolean) =>
      http('PATCH', `${base(ref)}${encodePath`/triggers/${id}`}`, { body: { enabled }, schema: DatabaseTriggerSchema }),
    dropTrigger: (ref: string, id: number) => http('DELETE', `${base(ref)}${encodePath`/triggers/${id}`}`, { schema: DatabaseTriggerSchema }),
    listExtensions: (ref: string) => http('GET', `${base(ref)}/extensions`, { schema: z.array(DatabaseExtensionSchema) }),
    enableExtension: (ref: string, body: DatabaseExtensionEnable) => http('POST', `${base(ref)}/extensions`, { body, schema: DatabaseExtensionSchema }),
    disableExtension: (ref: string, name: string) => http('DELETE', `${base(ref)}${encodePath`/extensions/${name}`}`, { schema: DatabaseExtensionSchema }),
    listIndexes: (ref: string, query?: DatabaseObjectsQuery) =>
      http('GET', `${base(ref)}/indexes`, { query: q(query), schema: z.array(DatabaseIndexSchema) }),
    createIndex: (ref: string, body: DatabaseIndexCreate) => http('POST', `${base(ref)}/indexes`, { body, schema: DatabaseIndexSchema }),
    dropIndex: (ref: string, id: number) => http('DELETE', `${base(ref)}${encodePath`/indexes/${id}`}`, { schema: DatabaseIndexSchema }),
    listRoleDetails: (ref: string) => http('GET', `${base(ref)}/role-details`, { schema: z.array(DatabaseRoleDetailSchema) }),
    listMigrations: (ref: string) => http('GET', `${base(ref)}/migrations`, { schema: z.array(DatabaseMigrationSchema) }),
  };
}
