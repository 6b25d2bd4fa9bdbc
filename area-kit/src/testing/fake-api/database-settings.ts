import { ProjectStatusAnswerSchema, type ProjectStatus } from '@plinth/shared-contracts';
import {
  DatabasePasswordSchema,
  DatabaseSettingsSchema,
  DatabaseSettingsUpdateSchema,
  DataApiSettingsSchema,
  DataApiSettingsUpdateSchema,
  DatabaseSslSchema,
  DatabaseSslUpdateSchema,
  type createDatabaseSslClient,
  type DatabaseSsl,
  type createDataApiSettingsClient,
  type createDatabaseSettingsClient,
  type createProjectRestartClient,
  type DataApiSettings,
  type DatabaseSettings,
} from '@plinth/contracts-settings';
import { PROJECT_REF } from '../fixtures';
import { answer, refuse, type Handlers } from './fake-client';

export interface DatabaseSettingsState {
  /** The project database's connection settings as the API reads them. */
  databaseSettings: DatabaseSettings;
  /** The current database password (changed by a reset). */
  databasePassword: string;
  /** The data API's settings (Settings → API). */
  dataApiSettings: DataApiSettings;
  /** SSL of the database connections (Settings → Database → SSL configuration). */
  databaseSsl: DatabaseSsl;
}

/** An embedded platform without a certificate, as the API answers it. */
export const DEFAULT_DATABASE_SSL: DatabaseSsl = {
  embedded: true,
  offered: false,
  enforced: false,
  unavailable_reason: 'This platform has no certificate for database connections (PLINTH_DB_TLS_CERT and PLINTH_DB_TLS_KEY), so it cannot offer SSL',
};

/** Enforcing SSL: refused, naming the field, where it is not offered or a server decides, as the API refuses it. */
export function databaseSslHandlers(state: DatabaseSettingsState): Handlers<ReturnType<typeof createDatabaseSslClient>> {
  return {
    getDatabaseSsl: () => answer(DatabaseSslSchema, state.databaseSsl),
    updateDatabaseSsl: (_ref, body) => {
      const parsed = DatabaseSslUpdateSchema.safeParse(body);
      if (!parsed.success) refuse(400, parsed.error.issues[0]?.message ?? 'Invalid SSL configuration');
      const s = state.databaseSsl;
      if (parsed.data.enforced && (!s.embedded || !s.offered)) refuse(400, s.unavailable_reason ?? 'SSL cannot be enforced');
      if (s.embedded) state.databaseSsl = { ...s, enforced: parsed.data.enforced };
      return answer(DatabaseSslSchema, state.databaseSsl);
    },
  };
}

export const DEFAULT_DATA_API_SETTINGS: DataApiSettings = { db_schema: 'public', db_extra_search_path: 'public', max_rows: 1000, db_aggregates_enabled: false, db_tx_end: 'commit', db_plan_enabled: false };

/** The data API's settings, saved with the API's rules on them. */
export function dataApiSettingsHandlers(state: DatabaseSettingsState): Handlers<ReturnType<typeof createDataApiSettingsClient>> {
  return {
    getDataApiSettings: () => answer(DataApiSettingsSchema, state.dataApiSettings),
    updateDataApiSettings: (_ref, body) => {
      const parsed = DataApiSettingsUpdateSchema.safeParse(body);
      if (!parsed.success) refuse(400, parsed.error.issues[0]?.message ?? 'Invalid data API settings');
      state.dataApiSettings = answer(DataApiSettingsSchema, {
        ...parsed.data,
        db_aggregates_enabled: parsed.data.db_aggregates_enabled ?? state.dataApiSettings.db_aggregates_enabled,
        db_tx_end: parsed.data.db_tx_end ?? state.dataApiSettings.db_tx_end,
        db_plan_enabled: parsed.data.db_plan_enabled ?? state.dataApiSettings.db_plan_enabled,
      });
      return state.dataApiSettings;
    },
  };
}

export const DEFAULT_DATABASE_SETTINGS: DatabaseSettings = {
  connection: { embedded: true, host: 'localhost', port: 5433, database: 'postgres', user: `postgres.${PROJECT_REF}`, params: {} },
  connection_limit: 10,
  statement_timeout_ms: 15_000,
  custom_connection_limit: null,
  custom_statement_timeout_ms: null,
};

/** Project Settings → Database: the settings, revealing and resetting the password, saving the limits (with the API's bounds). */
export function databaseSettingsHandlers(state: DatabaseSettingsState): Handlers<ReturnType<typeof createDatabaseSettingsClient>> {
  return {
    getDatabaseSettings: () => answer(DatabaseSettingsSchema, state.databaseSettings),
    revealDatabasePassword: () => answer(DatabasePasswordSchema, { password: state.databasePassword }),
    resetDatabasePassword: () => {
      state.databasePassword = `${state.databasePassword}-new`;
      return answer(DatabasePasswordSchema, { password: state.databasePassword });
    },
    updateDatabaseSettings: (_ref, body) => {
      const parsed = DatabaseSettingsUpdateSchema.safeParse(body);
      if (!parsed.success) refuse(400, parsed.error.issues[0]?.message ?? 'Invalid database settings');
      const s = state.databaseSettings;
      state.databaseSettings = {
        ...s,
        custom_connection_limit: parsed.data.connection_limit,
        custom_statement_timeout_ms: parsed.data.statement_timeout_ms,
        connection_limit: parsed.data.connection_limit ?? DEFAULT_DATABASE_SETTINGS.connection_limit,
        statement_timeout_ms: parsed.data.statement_timeout_ms ?? DEFAULT_DATABASE_SETTINGS.statement_timeout_ms,
      };
      return answer(DatabaseSettingsSchema, state.databaseSettings);
    },
  };
}

/** Restarting the project: only a running one (GOING_DOWN), as the API answers. */
export function projectRestartHandlers(state: { projectStatus: ProjectStatus }): Handlers<ReturnType<typeof createProjectRestartClient>> {
  return {
    restartProject: () => {
      if (state.projectStatus !== 'ACTIVE_HEALTHY') refuse(409, `Only an active project can be restarted; this project is ${state.projectStatus}`, 'INVALID_STATUS');
      state.projectStatus = 'GOING_DOWN';
      return answer(ProjectStatusAnswerSchema, { status: state.projectStatus });
    },
  };
}
