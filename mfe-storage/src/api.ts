import { createClients, createDatabaseClient, createSettingsClient, createStorageClient } from '@plinth/shared-contracts';

/** The calls the storage area makes: buckets and objects, the policies on storage.objects, and the project configuration (custom domain). Only these are bundled. */
export const createApi = (apiBase: string) => createClients({ baseUrl: apiBase }, { storage: createStorageClient, database: createDatabaseClient, settings: createSettingsClient });

export type StorageApi = ReturnType<typeof createApi>;

declare module '@plinth/area-kit' {
  // useArea().api is this area's clients.
  interface AreaApi extends StorageApi {}
}
