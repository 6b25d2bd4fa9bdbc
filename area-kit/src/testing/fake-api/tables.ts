import {
  DatabaseSchemaSchema,
  EntityListSchema,
  EntitySchema,
  SqlRunResultSchema,
  TableSchema,
  type createDatabaseClient,
  type DatabaseSchema,
  type Entity,
  type SqlRunResult,
  type Table,
} from '@plinth/shared-contracts';
import { answer, answerEach, refuse, type Failure, type Handlers } from './fake-client';

type DatabaseClient = ReturnType<typeof createDatabaseClient>;

export interface TablesState {
  schemas: DatabaseSchema[];
  /** Tables, views and the other entities the table editor lists. */
  entities: Entity[];
  tables: Table[];
  /** What running a statement answers; a Failure is Postgres refusing it (400, code SQL_ERROR). */
  runQuery: (query: string) => SqlRunResult | Failure;
}

export const DEFAULT_SCHEMAS: DatabaseSchema[] = [
  { id: 1, name: 'public', protected: false },
  { id: 2, name: 'auth', protected: true },
  { id: 3, name: 'storage', protected: true },
  { id: 4, name: 'sales', protected: false },
].map((s) => answer(DatabaseSchemaSchema, s));

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
    runQuery: (_ref, body) => {
      const result = state.runQuery(body.query);
      return 'status' in result ? refuse(result.status, result.message, result.code ?? 'SQL_ERROR') : answer(SqlRunResultSchema, result);
    },
  };
}
