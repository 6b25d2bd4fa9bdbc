import type { AuthClient, FeatureFlagsClient, OrganizationRolesClient, OrganizationsClient, ProjectDeletionClient, ProjectsClient } from '@plinth/shared-contracts';
import type { AuthUsersClient } from '@plinth/contracts-auth';
import type { AccountClient, InvoiceDocumentsClient, InvoicesClient, OrganizationInvitationsClient, PlansClient, SubscriptionClient, TeamClient, UsageClient, UsageDailyClient } from '@plinth/contracts-billing';
import type { createApiDocsClient, createDatabaseObjectsClient, createTableDdlClient, createTableRowsClient, SnippetNameSuggestionClient, createDatabaseClient, createSnippetsClient } from '@plinth/contracts-database';
import type { createBranchingClient, createIntegrationsClient, createSettingsClient, FeatureFlagAdminClient } from '@plinth/contracts-settings';
import type { createDataApiSettingsClient, createDatabaseSettingsClient, createDatabaseSslClient, createProjectRestartClient } from '@plinth/contracts-settings';
import { authUserHandlers, DEFAULT_AUTH_STATE, type AuthUsersState } from './auth-users';
import { fakeClient, type CallLog, type FakeCall, type Failure } from './fake-client';
import { keyHandlers, type KeysState } from './keys';
import { featureFlagAdminHandlers, featureFlagHandlers, type FeatureFlagsState } from './feature-flags';
import { usageDailyHandlers, usageHandlers, type UsageState } from './usage';
import { DEFAULT_BILLING_STATE, invoiceDocumentsHandlers, invoicesHandlers, plansHandlers, subscriptionHandlers, type BillingState } from './billing';
import { accountHandlers, DEFAULT_ACCOUNT_STATE, DEFAULT_PROFILE, profileHandlers, type AccountState, type ProfileState } from './profile';
import { DEFAULT_MEMBERS, organizationHandlers, teamHandlers, type OrganizationState } from './organization';
import { organizationInvitationsHandlers, organizationRolesHandlers, type OrganizationRolesState } from './organization-roles';
import { policyHandlers, type PoliciesState } from './policies';
import { projectDeletionHandlers, projectHandlers, type ProjectState } from './project';
import { snippetHandlers, type SnippetsState } from './snippets';
import { branchingHandlers, integrationHandlers, type IntegrationsState } from './integrations';
import { tableDdlHandlers, tableRowsHandlers, type TableRowsState } from './table-rows';
import { apiDocsHandlers, databaseObjectHandlers, DEFAULT_API_DOCS, sqlHistoryHandlers, type DatabaseObjectsState } from './database-objects';
import { accountFactorHandlers, FAKE_TOTP_CODE, type AccountFactorsState } from './account-factors';
import { DEFAULT_SUGGEST_NAME, snippetNameHandlers, type SnippetNamesState } from './snippet-names';
import { DEFAULT_ROLES, DEFAULT_SCHEMAS, tableHandlers, type TablesState } from './tables';
import { dataApiSettingsHandlers, databaseSettingsHandlers, databaseSslHandlers, DEFAULT_DATA_API_SETTINGS, DEFAULT_DATABASE_SETTINGS, DEFAULT_DATABASE_SSL, projectRestartHandlers, type DatabaseSettingsState } from './database-settings';

export { authUser } from './auth-users';
export { policy } from './policies';
export { snippet } from './snippets';
export { factor, FAKE_TOTP_CODE } from './account-factors';
export { FAKE_EMAIL_CHANGE_TOKEN } from './profile';
export { organizationIntegration, projectBranch, repository } from './integrations';
export { fakeTable, tableColumn, type FakeTable } from './table-rows';
export { extension, sqlRun, DEFAULT_API_DOCS } from './database-objects';
export { entity } from './tables';
export { projectUsage } from './usage';
export { invoice } from './billing';
export { auditEntry, FAKE_INVITATION_TOKEN, FAKE_OAUTH_SECRET } from './organization';
export { ANON_KEY, JWT_SECRET, SERVICE_KEY } from './keys';
export { answer, answerEach, refuse, type Failure, type FakeCall, type Handlers } from './fake-client';

/** Everything the fake platform API holds, resource by resource; tests read and change it freely. */
export type FakeApiState = ProjectState & PoliciesState & SnippetsState & SnippetNamesState & AccountFactorsState & IntegrationsState & TableRowsState & DatabaseObjectsState & TablesState & KeysState & OrganizationState & OrganizationRolesState & AuthUsersState & FeatureFlagsState & UsageState & BillingState & ProfileState & AccountState & DatabaseSettingsState;

/** The contracts' clients the fake answers (the union of what the areas call). */
export interface FakeClients {
  projects: ProjectsClient;
  /** Deleting the project (Project Settings → General). */
  projectDeletion: ProjectDeletionClient;
  database: ReturnType<typeof createDatabaseClient>;
  snippets: ReturnType<typeof createSnippetsClient>;
  snippetNames: SnippetNameSuggestionClient;
  /** The signed-in account's MFA factors (the account pages). */
  auth: AuthClient;
  integrations: ReturnType<typeof createIntegrationsClient>;
  /** Branching of a project; reset and deletion of its branches. */
  branching: ReturnType<typeof createBranchingClient>;
  /** The SQL area's table grid, table panels, database pages and API docs. */
  tableRows: ReturnType<typeof createTableRowsClient>;
  tableDdl: ReturnType<typeof createTableDdlClient>;
  databaseObjects: ReturnType<typeof createDatabaseObjectsClient>;
  apiDocs: ReturnType<typeof createApiDocsClient>;
  settings: ReturnType<typeof createSettingsClient>;
  organizations: OrganizationsClient;
  /** Invitations, deleting the organization, audit logs and OAuth apps. */
  team: TeamClient;
  /** The organization's roles (Billing admin too) and its members read with `organization_role`. */
  organizationRoles: OrganizationRolesClient;
  /** Invitations read with `organization_role`, and sent with any role the plan offers. */
  organizationInvitations: OrganizationInvitationsClient;
  authUsers: AuthUsersClient;
  featureFlags: FeatureFlagsClient;
  /** Platform admins' feature flags: the environment's and any organization's (state.platformAdmin, else 403). */
  featureFlagAdmin: FeatureFlagAdminClient;
  usage: UsageClient;
  /** Plans and the organization's subscription; plan change previews, roles per plan, leaving; invoices. */
  plans: PlansClient;
  subscription: SubscriptionClient;
  invoices: InvoicesClient;
  /** Invoices as PDF; the account's access tokens, e-mail and password changes. */
  invoiceDocuments: InvoiceDocumentsClient;
  account: AccountClient;
  /** Usage per day (the usage pages' charts). */
  usageDaily: UsageDailyClient;
  /** Project Settings → Database; restarting the project (Settings → General). */
  databaseSettings: ReturnType<typeof createDatabaseSettingsClient>;
  databaseSsl: ReturnType<typeof createDatabaseSslClient>;
  projectRestart: ReturnType<typeof createProjectRestartClient>;
  /** Project Settings → API, the data API's settings. */
  dataApiSettings: ReturnType<typeof createDataApiSettingsClient>;
}

/**
 * What `renderArea` takes as the platform API: the clients for `useArea().api`, with every call
 * recorded and any call failed by its client method's name. The fake (`createFakeApi`) and the
 * real API (`@plinth/area-kit/testing/real-api`) both are one.
 */
export interface AreaTestApi {
  /** The clients, for `useArea().api`. */
  clients: object;
  /** The project the area opens on (default PROJECT_REF). */
  projectRef?: string;
  /** The signed-in user of the area's session (default ME). */
  user?: { id: string; email: string; username: string };
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

export interface FakeApi extends AreaTestApi {
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
 * handler set per resource (project status, policies, snippets, tables, keys, organization), every answer
 * checked by the contracts' schema for it. Tests state what exists and what fails, never a URL.
 */
export function createFakeApi(seed: Partial<FakeApiState> = {}): FakeApi {
  const state: FakeApiState = {
    projectStatus: 'ACTIVE_HEALTHY',
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
    featureFlags: {},
    plan: 'free',
    projectUsage: [],
    usageDays: {},
    ...DEFAULT_BILLING_STATE(),
    profile: DEFAULT_PROFILE(),
    ...DEFAULT_ACCOUNT_STATE(),
    ...DEFAULT_AUTH_STATE(),
    databaseSettings: DEFAULT_DATABASE_SETTINGS,
    databasePassword: 'db-password-1',
    databaseSsl: DEFAULT_DATABASE_SSL,
    dataApiSettings: DEFAULT_DATA_API_SETTINGS,
    ...seed,
  };
  const log: CallLog = { calls: [], failures: {} };
  const clients: FakeClients = {
    projects: fakeClient<FakeClients['projects']>('projects', projectHandlers(state), log),
    projectDeletion: fakeClient<FakeClients['projectDeletion']>('projectDeletion', projectDeletionHandlers(state), log),
    database: fakeClient<FakeClients['database']>('database', { ...policyHandlers(state), ...tableHandlers(state), ...sqlHistoryHandlers(state) }, log),
    snippets: fakeClient<FakeClients['snippets']>('snippets', snippetHandlers(state), log),
    snippetNames: fakeClient<FakeClients['snippetNames']>('snippetNames', snippetNameHandlers(state), log),
    auth: fakeClient<FakeClients['auth']>('auth', { ...accountFactorHandlers(state), ...profileHandlers(state) }, log),
    integrations: fakeClient<FakeClients['integrations']>('integrations', integrationHandlers(state), log),
    branching: fakeClient<FakeClients['branching']>('branching', branchingHandlers(state), log),
    databaseSettings: fakeClient<FakeClients['databaseSettings']>('databaseSettings', databaseSettingsHandlers(state), log),
    databaseSsl: fakeClient<FakeClients['databaseSsl']>('databaseSsl', databaseSslHandlers(state), log),
    projectRestart: fakeClient<FakeClients['projectRestart']>('projectRestart', projectRestartHandlers(state), log),
    dataApiSettings: fakeClient<FakeClients['dataApiSettings']>('dataApiSettings', dataApiSettingsHandlers(state), log),
    tableRows: fakeClient<FakeClients['tableRows']>('tableRows', tableRowsHandlers(state), log),
    tableDdl: fakeClient<FakeClients['tableDdl']>('tableDdl', tableDdlHandlers(state), log),
    databaseObjects: fakeClient<FakeClients['databaseObjects']>('databaseObjects', databaseObjectHandlers(state), log),
    apiDocs: fakeClient<FakeClients['apiDocs']>('apiDocs', apiDocsHandlers(state), log),
    settings: fakeClient<FakeClients['settings']>('settings', keyHandlers(state), log),
    organizations: fakeClient<FakeClients['organizations']>('organizations', organizationHandlers(state), log),
    team: fakeClient<FakeClients['team']>('team', teamHandlers(state), log),
    organizationRoles: fakeClient<FakeClients['organizationRoles']>('organizationRoles', organizationRolesHandlers(state), log),
    organizationInvitations: fakeClient<FakeClients['organizationInvitations']>('organizationInvitations', organizationInvitationsHandlers(state), log),
    authUsers: fakeClient<FakeClients['authUsers']>('authUsers', authUserHandlers(state), log),
    featureFlags: fakeClient<FakeClients['featureFlags']>('featureFlags', featureFlagHandlers(state), log),
    featureFlagAdmin: fakeClient<FakeClients['featureFlagAdmin']>('featureFlagAdmin', featureFlagAdminHandlers(state), log),
    usage: fakeClient<FakeClients['usage']>('usage', usageHandlers(state), log),
    plans: fakeClient<FakeClients['plans']>('plans', plansHandlers(state), log),
    subscription: fakeClient<FakeClients['subscription']>('subscription', subscriptionHandlers(state), log),
    invoices: fakeClient<FakeClients['invoices']>('invoices', invoicesHandlers(state), log),
    invoiceDocuments: fakeClient<FakeClients['invoiceDocuments']>('invoiceDocuments', invoiceDocumentsHandlers(state), log),
    account: fakeClient<FakeClients['account']>('account', accountHandlers(state), log),
    usageDaily: fakeClient<FakeClients['usageDaily']>('usageDaily', usageDailyHandlers(state), log),
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
