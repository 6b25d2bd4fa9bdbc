import { createHttp, createOrganizationsClient, createSettingsClient } from '@plinth/shared-contracts';
import { createAreaContext, type AreaContextValue } from '@plinth/shared-ui/area';

/** The calls the settings area makes: organizations and project settings. */
function createSettingsApi(apiBase: string) {
  const http = createHttp({ baseUrl: apiBase });
  return { http, organizations: createOrganizationsClient(http), settings: createSettingsClient(http) };
}

export type SettingsApi = ReturnType<typeof createSettingsApi>;
export type SettingsAreaValue = AreaContextValue<SettingsApi>;

/** Gives every screen of the area its mount props and its calls; projectRef is empty on organization and account pages. */
export const { AreaProvider, useArea } = createAreaContext('Settings', createSettingsApi);
