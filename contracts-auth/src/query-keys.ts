// The project auth service's React Query keys, beside its calls. Plain tuples: an area takes them
// through `areaQueryKeys(areaId, authQueryKeys)` (@plinth/area-kit), which puts them under its own
// prefix in the cache the host shares with every area.
export const authQueryKeys = {
  /** Every page and search of the users list (the prefix of `authUsersPage`). */
  authUsers: (ref: string) => ['auth-users', ref] as const,
  authUsersPage: (ref: string, page: number, search: string) => ['auth-users', ref, { page, search }] as const,
  authProviders: (ref: string) => ['auth-providers', ref] as const,
  authRateLimits: (ref: string) => ['auth-rate-limits', ref] as const,
  authSmsOutbox: (ref: string) => ['auth-sms-outbox', ref] as const,
  authTemplates: (ref: string) => ['auth-templates', ref] as const,
  urlConfig: (ref: string) => ['auth-url-config', ref] as const,
};

/** The keys of the auth service's MFA settings (an export of their own: the keys above are unchanged). */
export const authMfaQueryKeys = {
  authMfaSettings: (ref: string) => ['auth-mfa-settings', ref] as const,
};
