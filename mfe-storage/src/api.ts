import { createClients, type Http } from '@plinth/shared-contracts';
import type { createDatabaseClient } from '@plinth/contracts-database';
import { createSettingsClient } from '@plinth/contracts-settings';
import { createStorageClient } from '@plinth/contracts-storage';

type DatabaseClient = ReturnType<typeof createDatabaseClient>;

/**
 * The database calls (the policies on storage.objects) are made by the policies page alone: their
 * contract (schemas and checks) loads with their first call, not with every storage page.
 */
function databaseOnFirstCall(http: Http): DatabaseClient {
  let client: Promise<DatabaseClient> | null = null;
  const load = () =>
    (client ??= import(/* webpackChunkName: "storage-database-calls" */ '@plinth/contracts-database').then((m) => m.createDatabaseClient(http)));
  return new Proxy({} as DatabaseClient, {
    get: (_, name) =>
      (...args: unknown[]) =>
        load().then((c) => (c[name as keyof DatabaseClient] as (...a: unknown[]) => Promise<unknown>)(...args)),
  });
}

/** The calls the storage area makes: buckets and objects, the policies on storage.objects, and the project configuration (custom domain). Only these are bundled. */
export const createApi = (apiBase: string) => createClients({ baseUrl: apiBase }, { storage: createStorageClient, database: databaseOnFirstCall, settings: createSettingsClient });

export type StorageApi = ReturnType<typeof createApi>;

declare module '@plinth/area-kit' {
  // useArea().api is this area's clients.
  interface AreaApi extends StorageApi {}
}
