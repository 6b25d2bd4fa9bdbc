// The billing domain's React Query keys, beside its calls. Plain tuples: an area takes them through
// `areaQueryKeys(areaId, billingQueryKeys)` (@plinth/area-kit), the shell through `shellQueryKeys`,
// which put them under their own prefix in the cache the host shares with every area.
export const billingQueryKeys = {
  plans: () => ['plans'] as const,
  orgUsage: (slug: string) => ['organizations', slug, 'usage'] as const,
  subscription: (slug: string) => ['organizations', slug, 'subscription'] as const,
  projectUsage: (ref: string) => ['projects', ref, 'usage'] as const,
};

/** Keys of plan changes, roles per plan and invoices (1.1.0); every one under its organization's subscription, so changing the plan invalidates them at once. */
export const subscriptionQueryKeys = {
  billingStatus: () => ['billing', 'status'] as const,
  planChangePreview: (slug: string, plan: string) => ['organizations', slug, 'subscription', 'preview', plan] as const,
  planRoles: (slug: string) => ['organizations', slug, 'subscription', 'roles'] as const,
  invoices: (slug: string) => ['organizations', slug, 'subscription', 'invoices'] as const,
  invoice: (slug: string, id: string) => ['organizations', slug, 'subscription', 'invoices', id] as const,
};

/** Keys of a project's add-ons (1.2.0): under the project, so the project's pages that read the compute size refresh with them. */
export const addonsQueryKeys = {
  projectAddons: (ref: string) => ['projects', ref, 'billing', 'addons'] as const,
};
