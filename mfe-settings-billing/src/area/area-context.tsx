import { createClients, createOrganizationsClient, createSettingsClient } from '@plinth/shared-contracts';
import { createAreaContext, type AreaContextValue } from '@plinth/shared-ui/area';

/** The calls the settings area makes: organizations and project settings. */
const createSettingsApi = (apiBase: string) => createClients({ baseUrl: apiBase }, { organizations: createOrganizationsClient, settings: createSettingsClient });

export type SettingsApi = ReturnType<typeof createSettingsApi>;
export type SettingsAreaValue = AreaContextValue<SettingsApi>;

/** Gives every screen of the area its mount props and its calls; projectRef is empty on organization and account pages. */
export const { AreaProvider, useArea } = createAreaContext('Settings', createSettingsApi);
