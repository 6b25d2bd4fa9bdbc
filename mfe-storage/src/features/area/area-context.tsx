import { createDatabaseClient, createHttp, createStorageClient } from '@plinth/shared-contracts';
import { createAreaContext, type AreaContextValue } from '@plinth/shared-ui/area';

/** The calls the storage area makes: buckets and objects, and the policies on storage.objects. */
function createStorageApi(apiBase: string) {
  const http = createHttp({ baseUrl: apiBase });
  return { http, storage: createStorageClient(http), database: createDatabaseClient(http) };
}

export type StorageApi = ReturnType<typeof createStorageApi>;
export type StorageAreaValue = AreaContextValue<StorageApi>;

/** Gives every storage screen its mount props and its calls. */
export const { AreaProvider: StorageAreaProvider, useArea: useStorageArea } = createAreaContext('Storage', createStorageApi);
