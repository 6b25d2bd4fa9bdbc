import { createClients } from '@plinth/shared-contracts';

/** The calls the logs area makes: none yet (its pages are still to come). Only what is listed here is bundled. */
export const createApi = (apiBase: string) => createClients({ baseUrl: apiBase }, {});

export type LogsApi = ReturnType<typeof createApi>;

declare module '@plinth/area-kit' {
  // useArea().api is this area's clients.
  interface AreaApi extends LogsApi {}
}
