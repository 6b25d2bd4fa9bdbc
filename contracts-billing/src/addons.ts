import * as z from '@plinth/shared-contracts/zod';
import { encodePath, PlanIdSchema, type Http, type PlanId } from '@plinth/shared-contracts';
import { PLAN_NAMES } from './plans';
import { COMPUTE_CENTS_PER_HOUR } from './subscription';

/**
 * Project add-ons (issue 24): what a project may buy on top of its organization's plan, one choice
 * per kind (compute size, point-in-time recovery, custom domain, IPv4), priced from the plans data
 * of 001 §9, with the plan rules. Amounts in US cents. The API enforces the rules; the console
 * mirrors them.
 */

export const ADDON_KINDS = ['compute_size', 'pitr', 'custom_domain', 'ipv4'] as const;
export const AddonKindSchema = z.enum(ADDON_KINDS);
export type AddonKind = z.infer<typeof AddonKindSchema>;

export const ADDON_KIND_NAMES: Record<AddonKind, string> = {
  compute_size: 'Compute size',
  pitr: 'Point in time recovery',
  custom_domain: 'Custom domain',
  ipv4: 'Dedicated IPv4 address',
};

export const ADDON_VARIANTS = ['ci_small', 'ci_medium', 'ci_large', 'pitr_7', 'cd_default', 'ipv4_default'] as const;
export const AddonVariantIdSchema = z.enum(ADDON_VARIANTS);
export type AddonVariantId = z.infer<typeof AddonVariantIdSchema>;

/** How a price is counted: per started hour selected, or per month (billed for the share of the period selected). */
export const ADDON_PRICE_UNITS = ['hour', 'month'] as const;
export type AddonPriceUnit = (typeof ADDON_PRICE_UNITS)[number];

export interface AddonVariantDefinition {
  kind: AddonKind;
  variant: AddonVariantId;
  name: string;
  description: string;
  price_cents: number;
  price_unit: AddonPriceUnit;
}

/**
 * Compute sizes above the smallest instance. Every project on a paid plan runs the smallest instance
 * (Micro) and pays COMPUTE_CENTS_PER_HOUR for it (the invoice's compute line); a larger size adds
 * the difference per hour. The spec gives no figures for sizes: ours are 2, 4 and 8 times Micro's
 * hourly price, rounded to 0.001 cents.
 */
export const COMPUTE_SIZE_CENTS_PER_HOUR = {
  ci_micro: COMPUTE_CENTS_PER_HOUR,
  ci_small: Math.round(COMPUTE_CENTS_PER_HOUR * 2 * 1000) / 1000,
  ci_medium: Math.round(COMPUTE_CENTS_PER_HOUR * 4 * 1000) / 1000,
  ci_large: Math.round(COMPUTE_CENTS_PER_HOUR * 8 * 1000) / 1000,
} as const;
const computeExtra = (size: keyof typeof COMPUTE_SIZE_CENTS_PER_HOUR) => Math.round((COMPUTE_SIZE_CENTS_PER_HOUR[size] - COMPUTE_CENTS_PER_HOUR) * 1000) / 1000;

/** The size every project runs without the compute-size add-on. */
export const DEFAULT_COMPUTE_SIZE = 'Micro';

export const ADDON_CATALOGUE: readonly AddonVariantDefinition[] = [
  { kind: 'compute_size', variant: 'ci_small', name: 'Small', description: '2-core ARM CPU, 2 GB memory', price_cents: computeExtra('ci_small'), price_unit: 'hour' },
  { kind: 'compute_size', variant: 'ci_medium', name: 'Medium', description: '2-core ARM CPU, 4 GB memory', price_cents: computeExtra('ci_medium'), price_unit: 'hour' },
  { kind: 'compute_size', variant: 'ci_large', name: 'Large', description: '2-core ARM CPU, 8 GB memory', price_cents: computeExtra('ci_large'), price_unit: 'hour' },
  // 001 §9: "$100 per 7 days on Pro and Team"; billed per hour selected (10,000 cents over 168 hours).
  { kind: 'pitr', variant: 'pitr_7', name: '7 days', description: 'Restore the database to any second of the last 7 days', price_cents: Math.round((10_000 / 168) * 1000) / 1000, price_unit: 'hour' },
  // 001 §9: "custom domains $10 per domain per month".
  { kind: 'custom_domain', variant: 'cd_default', name: 'Custom domain', description: 'Serve the project API on a domain of your own', price_cents: 1_000, price_unit: 'month' },
  // The spec gives no figure for a dedicated IPv4 address: ours is $4 per month.
  { kind: 'ipv4', variant: 'ipv4_default', name: 'Dedicated IPv4 address', description: 'Connect to the database directly over IPv4', price_cents: 400, price_unit: 'month' },
];

export function addonVariant(variant: AddonVariantId): AddonVariantDefinition {
  return ADDON_CATALOGUE.find((a) => a.variant === variant)!;
}

/** Whether a plan can buy an add-on, includes it, or cannot have it. */
export const ADDON_PLAN_RULES = ['available', 'included', 'unavailable'] as const;
export const AddonPlanRuleSchema = z.enum(ADDON_PLAN_RULES);
export type AddonPlanRule = z.infer<typeof AddonPlanRuleSchema>;

/**
 * Which plans allow which add-on (001 §9): point-in-time recovery on Pro and Team, included in
 * Enterprise; custom domains on paid plans, Enterprise includes one; compute sizes and IPv4 (no
 * figure in the spec) on every paid plan. The Free plan has none.
 */
export const ADDON_PLAN_RULE: Record<AddonKind, Record<PlanId, AddonPlanRule>> = {
  compute_size: { free: 'unavailable', pro: 'available', team: 'available', enterprise: 'available' },
  pitr: { free: 'unavailable', pro: 'available', team: 'available', enterprise: 'included' },
  custom_domain: { free: 'unavailable', pro: 'available', team: 'available', enterprise: 'included' },
  ipv4: { free: 'unavailable', pro: 'available', team: 'available', enterprise: 'available' },
};

/** "$10.00 / month", "$0.595 / hour". */
export function formatAddonPrice(a: Pick<AddonVariantDefinition, 'price_cents' | 'price_unit'>): string {
  const dollars = a.price_cents / 100;
  const text = Number.isInteger(a.price_cents) ? dollars.toFixed(2) : String(Math.round(dollars * 10_000) / 10_000);
  return `$${text} / ${a.price_unit}`;
}

export const ADDON_MESSAGES = {
  /** 001 §6: the permission the billing write on subscriptions gives. */
  noPermission: 'You need additional permissions to amend subscriptions',
  notOnPlan: (kind: AddonKind, plan: PlanId) => `${ADDON_KIND_NAMES[kind]} is not available on the ${PLAN_NAMES[plan]} plan. Upgrade the organization's plan to add it.`,
  includedInPlan: (kind: AddonKind, plan: PlanId) => `${ADDON_KIND_NAMES[kind]} is included in the ${PLAN_NAMES[plan]} plan.`,
  selected: (name: string) => `${name} selected`,
  removed: (kind: AddonKind) => `${ADDON_KIND_NAMES[kind]} removed`,
  changeConfirmation: 'The new price applies from now and is billed for the time the add-on stays selected.',
  empty: 'None selected',
} as const;

export const AddonOptionSchema = z.object({
  kind: AddonKindSchema,
  variant: AddonVariantIdSchema,
  name: z.string(),
  description: z.string(),
  price_cents: z.number(),
  price_unit: z.enum(ADDON_PRICE_UNITS),
});
export type AddonOption = z.infer<typeof AddonOptionSchema>;

export const SelectedAddonSchema = z.object({ ...AddonOptionSchema.shape, selected_at: z.string() });
export type SelectedAddon = z.infer<typeof SelectedAddonSchema>;

export const AddonKindOfferSchema = z.object({
  kind: AddonKindSchema,
  name: z.string(),
  /** What the organization's plan allows of this kind. */
  rule: AddonPlanRuleSchema,
  variants: z.array(AddonOptionSchema),
});
export type AddonKindOffer = z.infer<typeof AddonKindOfferSchema>;

/** GET /platform/projects/{ref}/billing/addons. */
export const ProjectAddonsSchema = z.object({
  ref: z.string(),
  plan: PlanIdSchema,
  /** The compute size the project runs: the selected size, or Micro. */
  compute_size: z.string(),
  selected: z.array(SelectedAddonSchema),
  available: z.array(AddonKindOfferSchema),
});
export type ProjectAddons = z.infer<typeof ProjectAddonsSchema>;

/** POST /platform/projects/{ref}/billing/addons: selects a variant, replacing the one of its kind. */
export const AddonChangeBodySchema = z.object({ addon_variant: AddonVariantIdSchema });
export type AddonChangeBody = z.infer<typeof AddonChangeBodySchema>;

export function createAddonsClient(http: Http) {
  const base = (ref: string) => encodePath`/platform/projects/${ref}/billing/addons`;
  return {
    listAddons: (ref: string) => http('GET', base(ref), { schema: ProjectAddonsSchema }),
    selectAddon: (ref: string, body: AddonChangeBody) => http('POST', base(ref), { body, schema: ProjectAddonsSchema }),
    removeAddon: (ref: string, variant: AddonVariantId) => http('DELETE', `${base(ref)}${encodePath`/${variant}`}`, { schema: ProjectAddonsSchema }),
  };
}
export type AddonsClient = ReturnType<typeof createAddonsClient>;
