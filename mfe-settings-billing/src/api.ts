import { createClients, createOrganizationsClient, createSettingsClient } from '@plinth/shared-contracts';

/** The calls the settings area makes: organizations and project settings. Only these are bundled. */
export const createApi = (apiBase: string) => createClients({ baseUrl: apiBase }, { organizations: createOrganizationsClient, settings: createSettingsClient });

export type SettingsApi = ReturnType<typeof createApi>;

declare module '@plinth/area-kit' {
  // useArea().api is this area's clients.
  interface AreaApi extends SettingsApi {}
}
