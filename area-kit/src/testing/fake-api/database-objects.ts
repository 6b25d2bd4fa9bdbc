import { ApiDocsSchema, DatabaseExtensionSchema, DatabaseFunctionSchema, DatabaseIndexSchema, DatabaseMigrationSchema, DatabaseRoleDetailSchema, DatabaseTableSummarySchema, DatabaseTriggerSchema, SchemaGraphSchema, SqlHistoryEntrySchema, SqlHistoryPageSchema, type ApiDocs, type createApiDocsClient, type createDatabaseClient, type createDatabaseObjectsClient, type DatabaseExtension, type DatabaseFunction, type DatabaseIndex, type DatabaseMigration, type DatabaseRoleDetail, type DatabaseTableSummary, type DatabaseTrigger, type SqlHistoryEntry } from '@plinth/contracts-database';
import { PROJECT_REF } from '../fixtures';
import { answer, answerEach, refuse, type Handlers } from './fake-client';
import type { TableRowsState } from './table-rows';
import type { TablesState } from './tables';

export interface DatabaseObjectsState {
  /** What the database pages list (seed them; each answer is checked by its schema). */
  tableSummaries: DatabaseTableSummary[];
  functions: DatabaseFunction[];
  triggers: DatabaseTrigger[];
  extensions: DatabaseExtension[];
  indexes: DatabaseIndex[];
  roleDetails: DatabaseRoleDetail[];
  migrations: DatabaseMigration[];
  /** The API docs page's answer. */
  apiDocs: ApiDocs;
  /** The caller's SQL runs, newest first. */
  sqlHistory: SqlHistoryEntry[];
}

export const DEFAULT_API_DOCS: ApiDocs = {
  url: `http://localhost:3001/${PROJECT_REF}`,
  schemas: ['public'],
  anonKey: 'anon-key',
  serviceRoleKey: null,
  tables: [],
  functions: [],
};

/** An extension the database can load; disabled unless `installedVersion` is given. */
export function extension(over: Partial<DatabaseExtension> & { name: string }): DatabaseExtension {
  return answer(DatabaseExtensionSchema, { comment: null, defaultVersion: '1.0', installedVersion: null, schema: null, builtIn: false, ...over });
}

/** A run of the SQL history. */
export function sqlRun(over: Partial<SqlHistoryEntry> & { id: number; sql: string }): SqlHistoryEntry {
  return answer(SqlHistoryEntrySchema, { ranAt: '2026-01-01T00:00:00Z', durationMs: 3, rows: 1, status: 'success', error: null, ...over });
}

const inSchema = <T extends { schema: string }>(items: T[], query?: { schema?: string }) => (query?.schema ? items.filter((i) => i.schema === query.schema) : items);

/**
 * The database pages' lists; extensions enable and disable for real in the state. The schema
 * visualizer's graph is drawn from the tables of `tableRows` (their shapes' columns and
 * single-column references), in a schema of `schemas`.
 */
export function databaseObjectHandlers(state: DatabaseObjectsState & TableRowsState & Pick<TablesState, 'schemas'>): Handlers<ReturnType<typeof createDatabaseObjectsClient>> {
  const findExtension = (name: string) => state.extensions.find((e) => e.name === name) ?? refuse(404, `extension "${name}" is not available`);
  const setExtension = (name: string, installed: string | null, schema: string | null) => {
    const next = { ...findExtension(name), installedVersion: installed, schema };
    state.extensions = state.extensions.map((e) => (e.name === name ? next : e));
    return answer(DatabaseExtensionSchema, next);
  };
  return {
    listTableSummaries: (_ref, query) => answerEach(DatabaseTableSummarySchema, inSchema(state.tableSummaries, query)),
    getSchemaGraph: (_ref, schema) => {
      if (!state.schemas.some((s) => s.name === schema)) refuse(404, `Schema ${schema} not found`);
      const shapes = Object.values(state.tableRows)
        .map((t) => t.shape)
        .filter((t) => t.schema === schema && (t.type === 'table' || t.type === 'partitioned table'))
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      return answer(SchemaGraphSchema, {
        schema,
        tables: shapes.map((t) => ({
          id: t.id,
          schema: t.schema,
          name: t.name,
          type: t.type,
          rlsEnabled: false,
          columns: t.columns.map((c) => ({ name: c.name, type: c.type, nullable: c.nullable, primaryKey: c.primaryKey !== null, unique: false })),
        })),
        relations: shapes.flatMap((t) =>
          t.columns.flatMap((c, i) =>
            c.references
              ? [{ id: t.id * 1000 + i, name: `${t.name}_${c.name}_fkey`, tableId: t.id, columns: [c.name], target: { tableId: c.references.tableId, schema: c.references.schema, table: c.references.table, columns: [c.references.column] } }]
              : [],
          ),
        ),
      });
    },
    listFunctions: (_ref, query) => answerEach(DatabaseFunctionSchema, inSchema(state.functions, query)),
    listTriggers: (_ref, query) => answerEach(DatabaseTriggerSchema, inSchema(state.triggers, query)),
    listIndexes: (_ref, query) => answerEach(DatabaseIndexSchema, inSchema(state.indexes, query)),
    listExtensions: () => answerEach(DatabaseExtensionSchema, state.extensions),
    listRoleDetails: () => answerEach(DatabaseRoleDetailSchema, state.roleDetails),
    listMigrations: () => answerEach(DatabaseMigrationSchema, state.migrations),
    enableExtension: (_ref, body) => {
      const ext = findExtension(body.name);
      if (ext.installedVersion) refuse(409, `extension "${body.name}" already exists`);
      return setExtension(body.name, ext.defaultVersion ?? '1.0', body.schema ?? 'extensions');
    },
    disableExtension: (_ref, name) => {
      if (findExtension(name).builtIn) refuse(400, `extension "${name}" is built in`);
      return setExtension(name, null, null);
    },
  };
}

export function apiDocsHandlers(state: DatabaseObjectsState): Handlers<ReturnType<typeof createApiDocsClient>> {
  return { getApiDocs: () => answer(ApiDocsSchema, state.apiDocs) };
}

/** The SQL history: pages of `limit` runs older than `before` (an id), newest first. */
export function sqlHistoryHandlers(state: DatabaseObjectsState): Handlers<ReturnType<typeof createDatabaseClient>> {
  return {
    listSqlHistory: (_ref, params = {}) => {
      const older = params.before === undefined ? state.sqlHistory : state.sqlHistory.filter((e) => e.id < params.before!);
      const limit = params.limit ?? 50;
      const entries = older.slice(0, limit);
      return answer(SqlHistoryPageSchema, { entries, next: older.length > limit ? entries.at(-1)!.id : null });
    },
  };
}
