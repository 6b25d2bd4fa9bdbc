import { createClients } from '@plinth/shared-contracts';
import { createAuthMfaClient, createAuthUsersClient } from '@plinth/contracts-auth';
import { createDatabaseClient, createPolicyTestClient } from '@plinth/contracts-database';
import { createSettingsClient } from '@plinth/contracts-settings';

/** The calls the authentication area makes (the project auth service's users, settings and MFA settings; policies, tables and roles; the policy tester; the project's API address for the OAuth callback URL). Only what is listed here is bundled. */
export const createApi = (apiBase: string) => createClients({ baseUrl: apiBase }, { authUsers: createAuthUsersClient, authMfa: createAuthMfaClient, database: createDatabaseClient, policyTest: createPolicyTestClient, settings: createSettingsClient });

export type AuthPoliciesApi = ReturnType<typeof createApi>;

declare module '@plinth/area-kit' {
  // useArea().api is this area's clients.
  interface AreaApi extends AuthPoliciesApi {}
}
