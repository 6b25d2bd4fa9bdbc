import { createHttp, type Http, type HttpOptions } from './http';
import { createAuthClient } from './auth';
import { createOrganizationsClient } from './organizations';
import { createProjectsClient } from './projects';
import { createUsageClient } from './usage';
import { createLogsClient } from './logs-requests';
import { createFeatureFlagsClient } from './feature-flags';
import { createPlansClient } from './plans';
import { createDatabaseClient } from './database';
import { createSnippetsClient } from './snippets';
import { createStorageClient } from './storage';
import { createSettingsClient } from './settings';
import { createIntegrationsClient, createSqlTitleClient } from './integrations';

/** The one way screens talk to the platform API. */
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
    projects: createProjectsClient(http),
    usage: createUsageClient(http),
    logs: createLogsClient(http),
    featureFlags: createFeatureFlagsClient(http),
    plans: createPlansClient(http),
    database: createDatabaseClient(http),
    snippets: createSnippetsClient(http),
    storage: createStorageClient(http),
    settings: createSettingsClient(http),
    integrations: createIntegrationsClient(http),
    ai: createSqlTitleClient(http),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

type ClientFactories = Record<string, (http: Http) => unknown>;
export type ClientsOf<F extends ClientFactories> = { http: Http } & { [K in keyof F]: ReturnType<F[K]> };

/**
 * Only the named clients, over one new connection: a bundle that lists the calls it makes
 * (`createClients({ baseUrl }, { storage: createStorageClient })`) carries only those calls and
 * their schemas.
 */
export function createClients<F extends ClientFactories>(options: HttpOptions, factories: F): ClientsOf<F> {
  const http = createHttp(options);
  const clients = Object.fromEntries(Object.entries(factories).map(([name, create]) => [name, create(http)]));
  return { ...clients, http } as ClientsOf<F>;
}
