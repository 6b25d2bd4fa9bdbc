// The project settings domain's React Query keys, beside its calls. Plain tuples: an area takes
// them through `areaQueryKeys(areaId, settingsQueryKeys)` (@plinth/area-kit), the shell through
// `shellQueryKeys`, which put them under their own prefix in the cache the host shares with every area.
export const settingsQueryKeys = {
  projectSettings: (ref: string) => ['projects', ref, 'settings'] as const,
  projectConfig: (ref: string) => ['projects', ref, 'config'] as const,
  jwtSecretUpdateStatus: (ref: string) => ['projects', ref, 'jwt-secret-update-status'] as const,
  customHostname: (ref: string) => ['projects', ref, 'custom-hostname'] as const,
  integrations: (slug: string) => ['organizations', slug, 'integrations'] as const,
  repositories: (integrationId: string | number) => ['integrations', String(integrationId), 'repositories'] as const,
  gitBranches: (integrationId: string | number, owner: string, repo: string) => ['integrations', String(integrationId), 'branches', owner, repo] as const,
  branches: (ref: string) => ['projects', ref, 'branches'] as const,
};
