import { createClients } from '@plinth/shared-contracts';
import { createLogsClient } from '@plinth/contracts-logs';

/** The calls the logs area makes: the project's request log. Only what is listed here is bundled. */
export const createApi = (apiBase: string) => createClients({ baseUrl: apiBase }, { logs: createLogsClient });

export type LogsApi = ReturnType<typeof createApi>;

declare module '@plinth/area-kit' {
  // useArea().api is this area's clients.
  interface AreaApi extends LogsApi {}
}
