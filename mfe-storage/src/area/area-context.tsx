import { createClients, createDatabaseClient, createStorageClient } from '@plinth/shared-contracts';
import { createAreaContext, type AreaContextValue } from '@plinth/shared-ui/area';

/** The calls the storage area makes: buckets and objects, and the policies on storage.objects. */
const createStorageApi = (apiBase: string) => createClients({ baseUrl: apiBase }, { storage: createStorageClient, database: createDatabaseClient });

export type StorageApi = ReturnType<typeof createStorageApi>;
export type StorageAreaValue = AreaContextValue<StorageApi>;

/** Gives every storage screen its mount props and its calls. */
export const { AreaProvider: StorageAreaProvider, useArea: useStorageArea } = createAreaContext('Storage', createStorageApi);
