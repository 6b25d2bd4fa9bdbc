// Every call of the platform API over one connection: what the API's own tests, the browser tests'
// setup and the benches drive the API with. The console never builds this: each area lists the
// clients it calls (`createClients` in its src/api.ts), so its bundle carries only those. It lives
// here, not in @plinth/shared-contracts, because it brings every domain's contracts package along.
import { createAuthClient, createFeatureFlagsClient, createHttp, createOrganizationsClient, createProjectDeletionClient, createProjectsClient, type Http, type HttpOptions } from '@plinth/shared-contracts';
import { createAddonsClient, createPlansClient, createUsageClient } from '@plinth/contracts-billing';
import { createDatabaseClient, createSnippetsClient, createSqlTitleClient } from '@plinth/contracts-database';
import { createLogsClient } from '@plinth/contracts-logs';
import { createIntegrationsClient, createSettingsClient } from '@plinth/contracts-settings';
import { createStorageClient } from '@plinth/contracts-storage';

/** Every call of the platform API, over a new connection. */
export function createApiClient(options: HttpOptions) {
  return createApiClientFor(createHttp(options));
}

/**
 * Every call, over an existing connection. A page that needs only a few calls can build just
 * those clients over the same `http` (createAuthClient(http)...) and leave the rest out of its bundle.
 */
export function createApiClientFor(http: Http) {
  return {
    http,
    auth: createAuthClient(http),
    organizations: createOrganizationsClient(http),
    projects: { ...createProjectsClient(http), ...createProjectDeletionClient(http) },
    usage: createUsageClient(http),
    logs: createLogsClient(http),
    featureFlags: createFeatureFlagsClient(http),
    plans: createPlansClient(http),
    addons: createAddonsClient(http),
    database: createDatabaseClient(http),
    snippets: createSnippetsClient(http),
    storage: createStorageClient(http),
    settings: createSettingsClient(http),
    integrations: createIntegrationsClient(http),
    ai: createSqlTitleClient(http),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
