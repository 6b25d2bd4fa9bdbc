import { createApiClientFor, type ApiClient, type Http } from '@plinth/shared-contracts';
import { useShellApi } from './api';

const clients = new WeakMap<Http, ApiClient>();

/** Every platform API call over a connection (one client per connection). */
export function apiClientFor(http: Http): ApiClient {
  let client = clients.get(http);
  if (!client) {
    client = createApiClientFor(http);
    clients.set(http, client);
  }
  return client;
}

/** Every platform API call, over the shell's connection. */
export function useApi(): ApiClient {
  return apiClientFor(useShellApi().http);
}
