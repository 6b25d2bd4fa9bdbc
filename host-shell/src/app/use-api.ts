import { createAuthClient, createFeatureFlagsClient, createOrganizationsClient, createProjectsClient, type ClientsOf, type Http } from '@plinth/shared-contracts';
import { createUsageClient } from '@plinth/contracts-billing';
import { useShellApi } from './api';

// Only the calls the shell makes, so the project frame's first chunk carries only their schemas
// (the areas bring their own clients).
const shellClients = {
  auth: createAuthClient,
  organizations: createOrganizationsClient,
  projects: createProjectsClient,
  usage: createUsageClient,
  featureFlags: createFeatureFlagsClient,
};

/** The platform API calls of the shell. */
export type ShellApiClient = ClientsOf<typeof shellClients>;

const clients = new WeakMap<Http, ShellApiClient>();

/** The shell's platform API calls over a connection (one client per connection). */
export function apiClientFor(http: Http): ShellApiClient {
  let client = clients.get(http);
  if (!client) {
    const made = Object.fromEntries(Object.entries(shellClients).map(([name, create]) => [name, create(http)]));
    client = { ...made, http } as ShellApiClient;
    clients.set(http, client);
  }
  return client;
}

/** The shell's platform API calls, over its connection. */
export function useApi(): ShellApiClient {
  return apiClientFor(useShellApi().http);
}
