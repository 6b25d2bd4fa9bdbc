import { createAuthClient, createClients, createOrganizationsClient, createProjectDeletionClient, createProjectsClient } from '@plinth/shared-contracts';
import { createUsageClient } from '@plinth/contracts-billing';
import { createIntegrationsClient, createSettingsClient } from '@plinth/contracts-settings';

/** The calls the settings area makes: organizations, project settings, usage, the project list and its deletion, the organization's integrations and the account's MFA factors. Only these are bundled. */
export const createApi = (apiBase: string) =>
  createClients({ baseUrl: apiBase }, { organizations: createOrganizationsClient, settings: createSettingsClient, usage: createUsageClient, projects: createProjectsClient, projectDeletion: createProjectDeletionClient, auth: createAuthClient, integrations: createIntegrationsClient });

export type SettingsApi = ReturnType<typeof createApi>;

declare module '@plinth/area-kit' {
  // useArea().api is this area's clients.
  interface AreaApi extends SettingsApi {}
}
