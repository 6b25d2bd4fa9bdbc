import type { AuthClient, FeatureFlagsClient, OrganizationsClient, ProjectDeletionClient, ProjectsClient } from '@plinth/shared-contracts';
import type { AuthUsersClient } from '@plinth/contracts-auth';
import type { UsageClient } from '@plinth/contracts-billing';
import type { createApiDocsClient, createDatabaseObjectsClient, createTableDdlClient, createTableRowsClient, SnippetNameSuggestionClient, createDatabaseClient, createSnippetsClient } from '@plinth/contracts-database';
import type { LogQueriesClient, LogsClient } from '@plinth/contracts-logs';
import type { createIntegrationsClient, createSettingsClient } from '@plinth/contracts-settings';
import type { createStorageClient } from '@plinth/contracts-storage';
import { authUserHandlers, DEFAULT_AUTH_STATE, type AuthUsersState } from './auth-users';
import { bucketHandlers, DEFAULT_STORAGE_CONFIG, type BucketsState } from './buckets';
import { objectHandlers, type ObjectsState } from './objects';
import { fakeClient, type CallLog, type FakeCall, type Failure } from './fake-client';
import { keyHandlers, type KeysState } from './keys';
import { logHandlers, type LogsState } from './logs';
import { logsReportHandlers, type LogsReportState } from './logs-report';
import { logQueryHandlers, type LogQueriesState } from './log-queries';
import { featureFlagHandlers, type FeatureFlagsState } from './feature-flags';
import { usageHandlers, type UsageState } from './usage';
import { DEFAULT_MEMBERS, organizationHandlers, type OrganizationState } from './organization';
import { policyHandlers, type PoliciesState } from './policies';
import { projectDeletionHandlers, projectHandlers, type ProjectState } from './project';
import { snippetHandlers, type SnippetsState } from './snippets';
import { integrationHandlers, type IntegrationsState } from './integrations';
import { tableDdlHandlers, tableRowsHandlers, type TableRowsState } from './table-rows';
import { apiDocsHandlers, databaseObjectHandlers, DEFAULT_API_DOCS, sqlHistoryHandlers, type DatabaseObjectsState } from './database-objects';
import { accountFactorHandlers, FAKE_TOTP_CODE, type AccountFactorsState } from './account-factors';
import { DEFAULT_SUGGEST_NAME, snippetNameHandlers, type SnippetNamesState } from './snippet-names';
import { DEFAULT_ROLES, DEFAULT_SCHEMAS, tableHandlers, type TablesState } from './tables';

export { authUser } from './auth-users';
export { bucket } from './buckets';
export { storedObject, type FakeObject } from './objects';
export { policy } from './policies';
export { snippet } from './snippets';
export { factor, FAKE_TOTP_CODE } from './account-factors';
export { organizationIntegration } from './integrations';
export { fakeTable, tableColumn, type FakeTable } from './table-rows';
export { extension, sqlRun, DEFAULT_API_DOCS } from './database-objects';
export { entity } from './tables';
export { logEntry } from './logs';
export { apiReport } from './logs-report';
export { invalidLogQuery, savedLogQuery, type FakeLogQueryAnswer } from './log-queries';
export { projectUsage } from './usage';
export { ANON_KEY, JWT_SECRET, SERVICE_KEY } from './keys';
export { answer, answerEach, refuse, type Failure, type FakeCall, type Handlers } from './fake-client';

/** Everything the fake platform API holds, resource by resource; tests read and change it freely. */
export type FakeApiState = ProjectState & BucketsState & ObjectsState & PoliciesState & SnippetsState & SnippetNamesState & AccountFactorsState & IntegrationsState & TableRowsState & DatabaseObjectsState & TablesState & KeysState & OrganizationState & AuthUsersState & LogsState & LogsReportState & LogQueriesState & FeatureFlagsState & UsageState;

/** The contracts' clients the fake answers (the union of what the areas call). */
export interface FakeClients {
  projects: ProjectsClient;
  /** Deleting the project (Project Settings → General). */
  projectDeletion: ProjectDeletionClient;
  storage: ReturnType<typeof createStorageClient>;
  database: ReturnType<typeof createDatabaseClient>;
  snippets: ReturnType<typeof createSnippetsClient>;
  snippetNames: SnippetNameSuggestionClient;
  /** The signed-in account's MFA factors (the account pages). */
  auth: AuthClient;
  integrations: ReturnType<typeof createIntegrationsClient>;
  /** The SQL area's table grid, table panels, database pages and API docs. */
  tableRows: ReturnType<typeof createTableRowsClient>;
  tableDdl: ReturnType<typeof createTableDdlClient>;
  databaseObjects: ReturnType<typeof createDatabaseObjectsClient>;
  apiDocs: ReturnType<typeof createApiDocsClient>;
  settings: ReturnType<typeof createSettingsClient>;
  organizations: OrganizationsClient;
  authUsers: AuthUsersClient;
  logs: LogsClient;
  /** The logs explorer: SQL over the logs, saved and recent queries, templates. */
  logQueries: LogQueriesClient;
  featureFlags: FeatureFlagsClient;
  usage: UsageClient;
}

export interface FakeApi {
  /** The clients, for `useArea().api`. */
  clients: FakeClients;
  state: FakeApiState;
  /** Every call made, in order: `{ name: 'storage.deleteBucket', args: [ref, 'avatars'] }`. */
  calls: FakeCall[];
  /** A call that fails until the entry is removed: `failures['storage.listBuckets'] = { status: 503, message }`. */
  failures: Record<string, Failure | undefined>;
  /** The names of the calls made, optionally only those of one client method. */
  callNames: () => string[];
  /** The arguments of each call to one client method, in order. */
  argsOf: (name: string) => unknown[][];
  /** The names of the calls that change something (anything but list…, get…). */
  writes: () => string[];
}

/**
 * A platform API in memory, for an area's component tests: the contracts' clients answered by one
 * handler set per resource (project status, buckets, policies, snippets, tables, keys, organization), every answer
 * checked by the contracts' schema for it. Tests state what exists and what fails, never a URL.
 */
export function createFakeApi(seed: Partial<FakeApiState> = {}): FakeApi {
  const state: FakeApiState = {
    projectStatus: 'ACTIVE_HEALTHY',
    buckets: [],
    objects: {},
    files: {},
    storageConfig: DEFAULT_STORAGE_CONFIG,
    policies: [],
    snippets: [],
    suggestName: DEFAULT_SUGGEST_NAME,
    factors: [],
    totpCode: FAKE_TOTP_CODE,
    integrations: [],
    tableRows: {},
    tableSummaries: [],
    functions: [],
    triggers: [],
    extensions: [],
    indexes: [],
    roleDetails: [],
    migrations: [],
    apiDocs: DEFAULT_API_DOCS,
    sqlHistory: [],
    schemas: DEFAULT_SCHEMAS,
    entities: [],
    tables: [],
    roles: DEFAULT_ROLES,
    runQuery: () => ({ rows: [], columns: [], affectedRows: 0 }),
    keysReady: true,
    customHostname: { status: '0_no_hostname_configured', data: null },
    jwtStates: [],
    members: DEFAULT_MEMBERS,
    authUsers: [],
    logEntries: [],
    logRetentionDays: 1,
    apiReport: null,
    logQueryAnswers: {},
    logQueryRefusals: {},
    savedLogQueries: [],
    recentLogQueries: [],
    featureFlags: {},
    plan: 'free',
    projectUsage: [],
    ...DEFAULT_AUTH_STATE(),
    ...seed,
  };
  const log: CallLog = { calls: [], failures: {} };
  const clients: FakeClients = {
    projects: fakeClient<FakeClients['projects']>('projects', projectHandlers(state), log),
    projectDeletion: fakeClient<FakeClients['projectDeletion']>('projectDeletion', projectDeletionHandlers(state), log),
    storage: fakeClient<FakeClients['storage']>('storage', { ...bucketHandlers(state), ...objectHandlers(state) }, log),
    database: fakeClient<FakeClients['database']>('database', { ...policyHandlers(state), ...tableHandlers(state), ...sqlHistoryHandlers(state) }, log),
    snippets: fakeClient<FakeClients['snippets']>('snippets', snippetHandlers(state), log),
    snippetNames: fakeClient<FakeClients['snippetNames']>('snippetNames', snippetNameHandlers(state), log),
    auth: fakeClient<FakeClients['auth']>('auth', accountFactorHandlers(state), log),
    integrations: fakeClient<FakeClients['integrations']>('integrations', integrationHandlers(state), log),
    tableRows: fakeClient<FakeClients['tableRows']>('tableRows', tableRowsHandlers(state), log),
    tableDdl: fakeClient<FakeClients['tableDdl']>('tableDdl', tableDdlHandlers(state), log),
    databaseObjects: fakeClient<FakeClients['databaseObjects']>('databaseObjects', databaseObjectHandlers(state), log),
    apiDocs: fakeClient<FakeClients['apiDocs']>('apiDocs', apiDocsHandlers(state), log),
    settings: fakeClient<FakeClients['settings']>('settings', keyHandlers(state), log),
    organizations: fakeClient<FakeClients['organizations']>('organizations', organizationHandlers(state), log),
    authUsers: fakeClient<FakeClients['authUsers']>('authUsers', authUserHandlers(state), log),
    logs: fakeClient<FakeClients['logs']>('logs', { ...logHandlers(state), ...logsReportHandlers(state) }, log),
    logQueries: fakeClient<FakeClients['logQueries']>('logQueries', logQueryHandlers(state), log),
    featureFlags: fakeClient<FakeClients['featureFlags']>('featureFlags', featureFlagHandlers(state), log),
    usage: fakeClient<FakeClients['usage']>('usage', usageHandlers(state), log),
  };
  return {
    clients,
    state,
    calls: log.calls,
    failures: log.failures,
    callNames: () => log.calls.map((c) => c.name),
    argsOf: (name) => log.calls.filter((c) => c.name === name).map((c) => c.args),
    writes: () => log.calls.map((c) => c.name).filter((name) => !/\.(list|get)[A-Z]?/.test(name)),
  };
}
