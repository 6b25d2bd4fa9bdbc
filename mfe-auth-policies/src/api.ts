import { createAuthUsersClient, createClients, createDatabaseClient, createPolicyTestClient, createSettingsClient } from '@plinth/shared-contracts';

/** The calls the authentication area makes (the project auth service's users and settings; policies, tables and roles; the policy tester; the project's API address for the OAuth callback URL). Only what is listed here is bundled. */
export const createApi = (apiBase: string) => createClients({ baseUrl: apiBase }, { authUsers: createAuthUsersClient, database: createDatabaseClient, policyTest: createPolicyTestClient, settings: createSettingsClient });

export type AuthPoliciesApi = ReturnType<typeof createApi>;

declare module '@plinth/area-kit' {
  // useArea().api is this area's clients.
  interface AreaApi extends AuthPoliciesApi {}
}
