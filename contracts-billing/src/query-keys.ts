// The billing domain's React Query keys, beside its calls. Plain tuples: an area takes them through
// `areaQueryKeys(areaId, billingQueryKeys)` (@plinth/area-kit), the shell through `shellQueryKeys`,
// which put them under their own prefix in the cache the host shares with every area.
export const billingQueryKeys = {
  plans: () => ['plans'] as const,
  orgUsage: (slug: string) => ['organizations', slug, 'usage'] as const,
  subscription: (slug: string) => ['organizations', slug, 'subscription'] as const,
  projectUsage: (ref: string) => ['projects', ref, 'usage'] as const,
};
