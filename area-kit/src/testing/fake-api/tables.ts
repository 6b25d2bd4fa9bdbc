import { DatabaseRoleSchema, DatabaseSchemaSchema, EntityListSchema, EntitySchema, SqlCancelResultSchema, SqlRunResultSchema, TableSchema, TableUpdateSchema, type createDatabaseClient, type DatabaseRole, type DatabaseSchema, type Entity, type SqlRunResult, type Table } from '@plinth/contracts-database';
import { ApiError } from '@plinth/shared-contracts';
import { answer, answerEach, refuse, type Failure, type Handlers } from './fake-client';

type DatabaseClient = ReturnType<typeof createDatabaseClient>;

export interface TablesState {
  schemas: DatabaseSchema[];
  /** Tables, views and the other entities the table editor lists. */
  entities: Entity[];
  tables: Table[];
  /** The database roles the role picker offers (system roles among them, marked). */
  roles: DatabaseRole[];
  /** What running a statement answers; a Failure is Postgres refusing it (400, code SQL_ERROR; `position` 1-based, `hint`, `detail`). */
  runQuery: (query: string) => RunAnswer | Promise<RunAnswer>;
}

/** A statement's rows, or Postgres refusing it (400, code SQL_ERROR; `position` 1-based, `hint`, `detail`); a promise to keep it running. */
type RunAnswer = SqlRunResult | (Failure & { position?: number; hint?: string; detail?: string });

export const DEFAULT_SCHEMAS: DatabaseSchema[] = [
  { id: 1, name: 'public', protected: false },
  { id: 2, name: 'auth', protected: true },
  { id: 3, name: 'storage', protected: true },
  { id: 4, name: 'sales', protected: false },
].map((s) => answer(DatabaseSchemaSchema, s));

export const DEFAULT_ROLES: DatabaseRole[] = [
  { id: 1, name: 'anon', is_system: false },
  { id: 2, name: 'authenticated', is_system: false },
  { id: 3, name: 'service_role', is_system: true },
  { id: 4, name: 'postgres', is_system: true },
].map((r) => answer(DatabaseRoleSchema, r));

let entityId = 100;

/** A table (or, with `type`, another entity) in the public schema. */
export function entity(name: string, over: Partial<Entity> = {}): Entity {
  entityId += 1;
  return answer(EntitySchema, { id: entityId, schema: 'public', name, type: 'table', comment: null, ...over });
}

/** Schemas, tables and entities of the project database and running SQL, as pg-meta answers them. */
export function tableHandlers(state: TablesState): Handlers<DatabaseClient> {
  return {
    listSchemas: (_ref, includeProtected = true) => answerEach(DatabaseSchemaSchema, state.schemas.filter((s) => includeProtected || !s.protected)),
    listEntities: (_ref, params = {}) => {
      const { schema = 'public', limit = 100, page = 0, sort = 'alphabetical' } = params;
      const search = params.search?.toLowerCase();
      const all = state.entities
        .filter((e) => e.schema === schema && (!search || e.name.toLowerCase().includes(search)))
        .sort((a, b) => (sort === 'grouped-alphabetical' ? a.type.localeCompare(b.type) : 0) || a.name.localeCompare(b.name));
      return answer(EntityListSchema, { count: all.length, entities: all.slice(page * limit, page * limit + limit) });
    },
    listTables: (_ref, schema) => answerEach(TableSchema, state.tables.filter((t) => !schema || t.schema === schema)),
    /** The RLS switch: as the API does, a locked table is refused and the table comes back changed. */
    updateTable: (_ref, id, body) => {
      const { rls_enabled } = TableUpdateSchema.parse(body);
      const found = state.tables.find((t) => t.id === id) ?? refuse(404, 'Table not found');
      if (found.locked) refuse(403, `${found.schema}.${found.name} is a locked system table: its row level security cannot be changed`, 'TABLE_LOCKED');
      const next = answer(TableSchema, { ...found, rls_enabled });
      state.tables = state.tables.map((t) => (t.id === id ? next : t));
      return next;
    },
    listRoles: () => answerEach(DatabaseRoleSchema, state.roles),
    runQuery: async (_ref, body) => {
      const result = await state.runQuery(body.query);
      if ('status' in result) throw new ApiError(result.status, result.message, result.code ?? 'SQL_ERROR', { ...result, code: result.code ?? 'SQL_ERROR' });
      // The row limit cuts the answer as the API does.
      const limit = body.rowLimit;
      const cut = limit !== undefined && result.rows.length > limit;
      return answer(SqlRunResultSchema, cut ? { ...result, rows: result.rows.slice(0, limit), truncated: true, totalRows: result.rows.length } : result);
    },
    cancelQuery: () => answer(SqlCancelResultSchema, { cancelled: true }),
  };
}
