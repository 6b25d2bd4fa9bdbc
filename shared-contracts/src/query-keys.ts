/**
 * React Query keys of what the host and the areas deliberately share in the one cache: the
 * session, organizations and members, projects, the project status and liveness, resource
 * warnings, the upgrade status. Unprefixed, one entry per resource whoever asks. Invalidate by prefix.
 *
 * A domain's keys belong to its contracts package (`storageQueryKeys` in @plinth/contracts-storage,
 * ...), and an area takes them through `areaQueryKeys(areaId, ...)` of @plinth/area-kit so that two
 * areas' keys never meet. The domain entries still here are deprecated copies kept so that this
 * package's API stays the same within its major.
 */
export const queryKeys = {
  session: () => ['session'] as const,
  mfaFactors: () => ['session', 'mfa-factors'] as const,
  profile: () => ['profile'] as const,
  organizations: () => ['organizations'] as const,
  organization: (slug: string) => ['organizations', slug] as const,
  members: (slug: string) => ['organizations', slug, 'members'] as const,
  freeProjectLimit: (slug: string) => ['organizations', slug, 'free-project-limit'] as const,
  /** @deprecated Owned by @plinth/contracts-billing (`billingQueryKeys`), taken by an area through `areaQueryKeys`; removed at the next major. */
  orgUsage: (slug: string) => ['organizations', slug, 'usage'] as const,
  /** @deprecated Owned by @plinth/contracts-billing (`billingQueryKeys`), taken by an area through `areaQueryKeys`; removed at the next major. */
  subscription: (slug: string) => ['organizations', slug, 'subscription'] as const,
  /** @deprecated Owned by @plinth/contracts-settings (`settingsQueryKeys`), taken by an area through `areaQueryKeys`; removed at the next major. */
  integrations: (slug: string) => ['organizations', slug, 'integrations'] as const,
  /** @deprecated Owned by @plinth/contracts-settings (`settingsQueryKeys`), taken by an area through `areaQueryKeys`; removed at the next major. */
  repositories: (integrationId: string | number) => ['integrations', String(integrationId), 'repositories'] as const,
  /** @deprecated Owned by @plinth/contracts-settings (`settingsQueryKeys`), taken by an area through `areaQueryKeys`; removed at the next major. */
  gitBranches: (integrationId: string | number, owner: string, repo: string) =>
    ['integrations', String(integrationId), 'branches', owner, repo] as const,
  /** @deprecated Owned by @plinth/contracts-billing (`billingQueryKeys`), taken by an area through `areaQueryKeys`; removed at the next major. */
  plans: () => ['plans'] as const,
  projects: () => ['projects'] as const,
  project: (ref: string) => ['projects', ref] as const,
  projectStatus: (ref: string) => ['projects', ref, 'status'] as const,
  projectLive: (ref: string) => ['projects', ref, 'live'] as const,
  /** @deprecated Owned by @plinth/contracts-billing (`billingQueryKeys`), taken by an area through `areaQueryKeys`; removed at the next major. */
  projectUsage: (ref: string) => ['projects', ref, 'usage'] as const,
  resourceWarnings: () => ['projects-resource-warnings'] as const,
  upgradeStatus: (ref: string) => ['projects', ref, 'upgrade-status'] as const,
  /** @deprecated Owned by @plinth/contracts-settings (`settingsQueryKeys`), taken by an area through `areaQueryKeys`; removed at the next major. */
  customHostname: (ref: string) => ['projects', ref, 'custom-hostname'] as const,
  /** @deprecated Owned by @plinth/contracts-settings (`settingsQueryKeys`), taken by an area through `areaQueryKeys`; removed at the next major. */
  projectSettings: (ref: string) => ['projects', ref, 'settings'] as const,
  /** @deprecated Owned by @plinth/contracts-settings (`settingsQueryKeys`), taken by an area through `areaQueryKeys`; removed at the next major. */
  projectConfig: (ref: string) => ['projects', ref, 'config'] as const,
  /** @deprecated Owned by @plinth/contracts-settings (`settingsQueryKeys`), taken by an area through `areaQueryKeys`; removed at the next major. */
  jwtSecretUpdateStatus: (ref: string) => ['projects', ref, 'jwt-secret-update-status'] as const,
  /** @deprecated Owned by @plinth/contracts-settings (`settingsQueryKeys`), taken by an area through `areaQueryKeys`; removed at the next major. */
  branches: (ref: string) => ['projects', ref, 'branches'] as const,
  /** @deprecated Owned by @plinth/contracts-storage (`storageQueryKeys`), taken by an area through `areaQueryKeys`; removed at the next major. */
  storageConfig: (ref: string) => ['projects', ref, 'storage-config'] as const,
  /** @deprecated Owned by @plinth/contracts-storage (`storageQueryKeys`), taken by an area through `areaQueryKeys`; removed at the next major. */
  buckets: (ref: string) => ['projects', ref, 'buckets'] as const,
  /** @deprecated Owned by @plinth/contracts-storage (`storageQueryKeys`), taken by an area through `areaQueryKeys`; removed at the next major. */
  bucketObjects: (ref: string, bucketId: string, path: string, search?: string) =>
    ['projects', ref, 'buckets', bucketId, 'objects', path, search ?? ''] as const,
  /** @deprecated Owned by @plinth/contracts-database (`databaseQueryKeys`), taken by an area through `areaQueryKeys`; removed at the next major. */
  snippets: (ref: string) => ['projects', ref, 'content'] as const,
  /** @deprecated Owned by @plinth/contracts-database (`databaseQueryKeys`), taken by an area through `areaQueryKeys`; removed at the next major. */
  policies: (ref: string, schema?: string) => ['projects', ref, 'policies', schema ?? '*'] as const,
  /** @deprecated Owned by @plinth/contracts-database (`databaseQueryKeys`), taken by an area through `areaQueryKeys`; removed at the next major. */
  tables: (ref: string, schema?: string) => ['projects', ref, 'tables', schema ?? '*'] as const,
  /** @deprecated Owned by @plinth/contracts-database (`databaseQueryKeys`), taken by an area through `areaQueryKeys`; removed at the next major. */
  roles: (ref: string) => ['projects', ref, 'roles'] as const,
  /** @deprecated Owned by @plinth/contracts-database (`databaseQueryKeys`), taken by an area through `areaQueryKeys`; removed at the next major. */
  schemas: (ref: string) => ['projects', ref, 'schemas'] as const,
  /** @deprecated Owned by @plinth/contracts-database (`databaseQueryKeys`), taken by an area through `areaQueryKeys`; removed at the next major. */
  entities: (ref: string, params: Record<string, unknown>) => ['projects', ref, 'entities', params] as const,
} as const;
