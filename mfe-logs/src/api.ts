import { createClients } from '@plinth/shared-contracts';
import { createApiReportsClient, createDatabaseReportsClient, createLogQueriesClient, createLogsClient } from '@plinth/contracts-logs';

/**
 * The calls the logs area makes: the project's request log and reports (`logs`), and the logs
 * explorer's SQL over the logs, saved and recent queries and templates (`logQueries`), the Database
 * and Query performance reports (`databaseReports`), the API report over a chosen range (`apiReports`). Only what is
 * listed here is bundled.
 */
export const createApi = (apiBase: string) => createClients({ baseUrl: apiBase }, { logs: createLogsClient, logQueries: createLogQueriesClient, databaseReports: createDatabaseReportsClient, apiReports: createApiReportsClient });

export type LogsApi = ReturnType<typeof createApi>;

declare module '@plinth/area-kit' {
  // useArea().api is this area's clients.
  interface AreaApi extends LogsApi {}
}
