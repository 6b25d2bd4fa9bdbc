import { createClients, createLogsClient } from '@plinth/shared-contracts';

/** The calls the logs area makes: the project's request log. Only what is listed here is bundled. */
export const createApi = (apiBase: string) => createClients({ baseUrl: apiBase }, { logs: createLogsClient });

export type LogsApi = ReturnType<typeof createApi>;

declare module '@plinth/area-kit' {
  // useArea().api is this area's clients.
  interface AreaApi extends LogsApi {}
}
