import { createContext, useContext, type ReactNode } from 'react';
import { createApiClient, type ApiClient } from '@plinth/shared-contracts';

/** Where the platform API lives, relative to the console (see CONVENTIONS.md). */
export const API_BASE = '/api';

const ApiContext = createContext<ApiClient | null>(null);

export function createShellApi(fetchImpl?: typeof fetch): ApiClient {
  return createApiClient({ baseUrl: API_BASE, fetch: fetchImpl });
}

export function ApiProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiContext.Provider value={client}>{children}</ApiContext.Provider>;
}

/** The platform API client of the shell; every call goes through the contracts. */
export function useApi(): ApiClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error('useApi needs an <ApiProvider> above it');
  return client;
}
