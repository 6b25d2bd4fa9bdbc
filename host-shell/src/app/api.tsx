import { createContext, useContext, type ReactNode } from 'react';
import { createAuthClient, createHttp, type AuthClient, type Http } from '@plinth/shared-contracts';

/** Where the platform API lives, relative to the console (see CONVENTIONS.md). */
export const API_BASE = '/api';

/**
 * The shell's connection to the platform API. It carries only the account calls the sign-in pages
 * and the session check need; `useApi()` (app/use-api.ts) builds every other call over the same
 * connection in the chunks that use them, so the sign-in page does not download them.
 */
export interface ShellApi {
  http: Http;
  auth: AuthClient;
}

const ApiContext = createContext<ShellApi | null>(null);

export function createShellApi(fetchImpl?: typeof fetch): ShellApi {
  const http = createHttp({ baseUrl: API_BASE, fetch: fetchImpl });
  return { http, auth: createAuthClient(http) };
}

export function ApiProvider({ client, children }: { client: ShellApi; children: ReactNode }) {
  return <ApiContext.Provider value={client}>{children}</ApiContext.Provider>;
}

/** The shell's connection (account calls and the raw http); every call goes through the contracts. */
export function useShellApi(): ShellApi {
  const client = useContext(ApiContext);
  if (!client) throw new Error('The shell needs an <ApiProvider> above this component');
  return client;
}

/** Sign-in, sign-up, factors and the session. */
export function useAuthApi(): AuthClient {
  return useShellApi().auth;
}
