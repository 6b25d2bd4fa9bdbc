import { createAuthUsersClient, createClients } from '@plinth/shared-contracts';

/** The calls the authentication area makes (the project auth service's users and settings). Only what is listed here is bundled. */
export const createApi = (apiBase: string) => createClients({ baseUrl: apiBase }, { authUsers: createAuthUsersClient });

export type AuthPoliciesApi = ReturnType<typeof createApi>;

declare module '@plinth/area-kit' {
  // useArea().api is this area's clients.
  interface AreaApi extends AuthPoliciesApi {}
}
