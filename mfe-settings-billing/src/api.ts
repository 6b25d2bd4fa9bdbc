import { createAuthClient, createClients, createDatabaseUpgradeClient, createOrganizationRolesClient, createOrganizationsClient, createProjectDeletionClient, createProjectsClient } from '@plinth/shared-contracts';
import { createAccountClient, createAddonsClient, createInvoiceDocumentsClient, createInvoicesClient, createOrganizationInvitationsClient, createPlansClient, createSubscriptionClient, createTeamClient, createUsageClient, createUsageDailyClient } from '@plinth/contracts-billing';
import { createBranchingClient, createDataApiSettingsClient, createDatabaseSettingsClient, createDatabaseSslClient, createFeatureFlagAdminClient, createIntegrationsClient, createProjectRestartClient, createSettingsClient, createVaultClient } from '@plinth/contracts-settings';

/** The calls the settings area makes: organizations, project settings, usage, plans, subscriptions and invoices (and their PDFs), the project list and its deletion, the organization's integrations, the project database's connection settings, its SSL, and the project's restart, the data API's settings, the account's MFA factors, access tokens, e-mail and password changes, the project's vault secrets, the database's version and its upgrade, the project's add-ons, the organization's roles (Billing admin too) with its members and invitations read by role. Platform admins' feature flags (featureFlagAdmin). Only these are bundled. */
export const createApi = (apiBase: string) =>
  createClients({ baseUrl: apiBase }, { organizations: createOrganizationsClient, settings: createSettingsClient, usage: createUsageClient, usageDaily: createUsageDailyClient, plans: createPlansClient, subscription: createSubscriptionClient, invoices: createInvoicesClient, invoiceDocuments: createInvoiceDocumentsClient, account: createAccountClient, projects: createProjectsClient, projectDeletion: createProjectDeletionClient, auth: createAuthClient, integrations: createIntegrationsClient, branching: createBranchingClient, databaseSettings: createDatabaseSettingsClient, databaseSsl: createDatabaseSslClient, projectRestart: createProjectRestartClient, dataApiSettings: createDataApiSettingsClient, featureFlagAdmin: createFeatureFlagAdminClient, team: createTeamClient, organizationRoles: createOrganizationRolesClient, organizationInvitations: createOrganizationInvitationsClient, vault: createVaultClient, databaseUpgrade: createDatabaseUpgradeClient, addons: createAddonsClient });

export type SettingsApi = ReturnType<typeof createApi>;

declare module '@plinth/area-kit' {
  // useArea().api is this area's clients.
  interface AreaApi extends SettingsApi {}
}
