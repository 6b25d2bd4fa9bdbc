import * as z from '@plinth/shared-contracts/zod';
import { GB, MB, KB, PlanIdSchema, type Http, type PlanId } from '@plinth/shared-contracts';

/** Plan tiers, plan limits and the plan comparison table (001 §3, §6, §9); subscriptions per organization. */

export const PLAN_NAMES: Record<PlanId, string> = { free: 'Free', pro: 'Pro', team: 'Team', enterprise: 'Enterprise' };

export const PlanTierSchema = z.object({
  id: PlanIdSchema,
  name: z.string(),
  priceMonthly: z.string(),
  features: z.array(z.string()),
  cta: z.string(),
});
export type PlanTier = z.infer<typeof PlanTierSchema>;

export const PLAN_TIERS: readonly PlanTier[] = [
  { id: 'free', name: 'Free', priceMonthly: '$0', cta: 'Get started', features: ['500 MB database size', '1 GB storage', '5 GB bandwidth', '50 MB max upload', '50,000 monthly active users', '2 free organizations', 'Paused after 1 inactive week'] },
  { id: 'pro', name: 'Pro', priceMonthly: 'from $25', cta: 'Upgrade to Pro', features: ['8 GB database size', '100 GB storage', '250 GB bandwidth', '5 GB max upload', '100,000 monthly active users', '7 days of backups', 'Email support', 'Never paused'] },
  { id: 'team', name: 'Team', priceMonthly: 'from $599', cta: 'Upgrade to Team', features: ['Everything in Pro', 'SOC2', 'Additional owners, admin, read-only and billing admin roles', '14 days of backups', '28 days log retention', 'Email support SLA'] },
  { id: 'enterprise', name: 'Enterprise', priceMonthly: 'contact', cta: 'Contact us', features: ['Everything in Team', '99.9% SLA', 'On-premises or bring your own cloud', 'Designated support', '90 days log retention'] },
];

/** Measurable limits used for usage and resource warnings; null where the plan shows none ("not shown"). */
export interface PlanLimits {
  databaseSizeBytes: number | null;
  storageBytes: number | null;
  egressBytes: number | null;
  maxUploadBytes: number | null;
  monthlyActiveUsers: number | null;
  logRetentionDays: number;
  /** Free projects each member may keep running (001 §9 "2 free organizations"; see platform-api README). */
  freeProjectLimit: number | null;
}
export const PLAN_LIMITS: Record<PlanId, PlanLimits> = {
  free: { databaseSizeBytes: 500 * MB, storageBytes: 1 * GB, egressBytes: 5 * GB, maxUploadBytes: 50 * MB, monthlyActiveUsers: 50_000, logRetentionDays: 1, freeProjectLimit: 2 },
  pro: { databaseSizeBytes: 8 * GB, storageBytes: 100 * GB, egressBytes: 250 * GB, maxUploadBytes: 5 * GB, monthlyActiveUsers: 100_000, logRetentionDays: 7, freeProjectLimit: null },
  team: { databaseSizeBytes: 8 * GB, storageBytes: 100 * GB, egressBytes: 250 * GB, maxUploadBytes: 5 * GB, monthlyActiveUsers: 100_000, logRetentionDays: 28, freeProjectLimit: null },
  enterprise: { databaseSizeBytes: null, storageBytes: null, egressBytes: null, maxUploadBytes: null, monthlyActiveUsers: null, logRetentionDays: 90, freeProjectLimit: null },
};
/**
 * Ceiling of the statement time-out a SQL editor run may ask for (`timeoutMs`), per plan: a run
 * holds its project database (embedded, one statement at a time), so the free plan gets less.
 */
export const SQL_STATEMENT_TIMEOUT_CEILING_MS: Record<PlanId, number> = { free: 60_000, pro: 120_000, team: 120_000, enterprise: 120_000 };
/** Pro and Team bill usage above the included amounts; these are the figures quoted in 001 §9. */
export const OVERAGE_PRICES = { databasePerGb: 0.125, storagePerGb: 0.021, egressPerGb: 0.09, mauEach: 0.00325 } as const;
export const MAX_MESSAGE_SIZE_BYTES: Record<Exclude<PlanId, 'enterprise'>, number> = { free: 250 * KB, pro: 3 * MB, team: 3 * MB };

const PlanValueSchema = z.union([z.boolean(), z.string()]);
export const PlanFeatureSchema = z.object({
  title: z.string(),
  plans: z.object({ free: PlanValueSchema, pro: PlanValueSchema, team: PlanValueSchema, enterprise: PlanValueSchema }),
  tooltips: z.optional(
    z.object({ main: z.optional(z.string()), pro: z.optional(z.string()), team: z.optional(z.string()), enterprise: z.optional(z.string()) }),
  ),
  usage_based: z.boolean(),
});
export type PlanFeature = z.infer<typeof PlanFeatureSchema>;
export const PLAN_SECTION_KEYS = ['database', 'auth', 'storage', 'edge_functions', 'realtime', 'dashboard', 'security', 'support'] as const;
export const PlanSectionSchema = z.object({ key: z.enum(PLAN_SECTION_KEYS), title: z.string(), icon: z.string(), features: z.array(PlanFeatureSchema) });
export type PlanSection = z.infer<typeof PlanSectionSchema>;

type V = boolean | string;
const f = (title: string, free: V, pro: V, team: V, enterprise: V, usage_based = false, tooltips?: PlanFeature['tooltips']): PlanFeature => ({
  title,
  plans: { free, pro, team, enterprise },
  usage_based,
  ...(tooltips ? { tooltips } : {}),
});
const NS = 'Not shown';

/**
 * The plan comparison table, grouped in sections (001 §3 "Plan comparison data", §9 "Plans"). Built
 * in a call marked pure, so a bundle that imports only the plan ids leaves the table out.
 */
export const PLAN_COMPARISON: readonly PlanSection[] = /* @__PURE__ */ (() => [
  { key: 'database', title: 'Database', icon: 'database', features: [
    f('Database size', '500 MB', '8 GB then $0.125 per GB', '8 GB then $0.125 per GB', NS, true, { main: 'Billed on average daily size' }),
    f('Backups', false, '7 days', '14 days', 'Over 1 TB contact for pricing'),
    f('Point in time recovery', false, '$100 per 7 days', '$100 per 7 days', true, false, { main: 'Rollback over 28 days needs Enterprise' }),
    f('Bandwidth', '5 GB', '250 GB then $0.09 per GB', '250 GB then $0.09 per GB', NS, true),
    f('Unlimited API requests', true, true, true, true),
    f('Paused after 1 inactive week', true, false, false, false, false, { main: 'Free projects can be reactivated from the dashboard; paid plans never pause' }),
  ] },
  { key: 'auth', title: 'Auth', icon: 'auth', features: [
    f('Monthly active users', '50,000', '100,000 then $0.00325 per MAU', '100,000 then $0.00325 per MAU', NS, true),
    f('Unlimited total users', true, true, true, true),
    f('Single sign-on (SAML 2.0)', false, '50 included then $0.015 per MAU', '50 included then $0.015 per MAU', 'Contact us', true),
    f('Auth audit trails', '1 hour', '7 days', '28 days', NS),
    f('Remove branding from auth emails', false, true, true, true),
  ] },
  { key: 'storage', title: 'Storage', icon: 'storage', features: [
    f('Storage', '1 GB', '100 GB then $0.021 per GB', '100 GB then $0.021 per GB', NS, true),
    f('Max upload size', '50 MB', '5 GB', '5 GB', NS),
    f('Image transformations', false, '100 origin images then $5 per 1000', '100 origin images then $5 per 1000', NS, true),
    f('Bring your own storage provider', false, false, false, true),
  ] },
  { key: 'edge_functions', title: 'Edge Functions', icon: 'functions', features: [
    f('Function invocations per month', '500K', '2 million then $2 per million', '2 million then $2 per million', NS, true),
    f('Script size', '2 MB', '10 MB', '10 MB', NS),
    f('Number of functions', '10', '100 then $10 per additional 100', '100 then $10 per additional 100', NS, true),
  ] },
  { key: 'realtime', title: 'Realtime', icon: 'realtime', features: [
    f('Peak connections', '200', '500 then $10 per 1000', '500 then $10 per 1000', NS, true),
    f('Messages', '2 million', '5 million then $2.50 per million', '5 million then $2.50 per million', NS, true),
    f('Max message size', '250 KB', '3 MB', '3 MB', NS),
  ] },
  { key: 'dashboard', title: 'Dashboard', icon: 'dashboard', features: [
    f('Team members', 'Unlimited', 'Unlimited', 'Unlimited', 'Unlimited'),
    f('Access roles', 'Owner, Developer', 'Owner, Developer', 'Additional owners, admin, read-only, billing admin, custom roles', 'Additional owners, admin, read-only, billing admin, custom roles'),
    f('Dashboard access controls', 'Coming soon', 'Coming soon', true, true),
    f('Dashboard audit trails', false, false, true, true),
    f('Log retention', '1 day', '7 days', '28 days', '90 days'),
    f('Log drain', false, false, 'Coming soon', 'Coming soon'),
    f('Metrics endpoint', false, true, true, true),
    f('Vanity URLs', false, true, true, true),
    f('Custom domains', false, '$10 per domain per month', '$10 per domain per month', '1 included', true),
  ] },
  { key: 'security', title: 'Security', icon: 'security', features: [
    f('SOC2', false, false, true, true),
    f('HIPAA', false, false, 'Paid add-on', 'Paid add-on'),
    f('Security questionnaire help', false, false, true, true),
    f('On-premises or bring your own cloud', false, false, false, true),
    f('99.9% SLA', false, false, false, true),
  ] },
  { key: 'support', title: 'Support', icon: 'support', features: [
    f('Email support', false, true, true, true),
    f('Email support SLA', false, false, true, true),
    f('Designated support', false, false, false, true),
    f('Onboarding support', false, false, false, true),
    f('Designated customer success engineer', false, false, false, true),
  ] },
])();

export const PlansAnswerSchema = z.object({ plans: z.array(PlanTierSchema), comparison: z.array(PlanSectionSchema) });
export type PlansAnswer = z.infer<typeof PlansAnswerSchema>;

/** An organization's subscription (000 §3: plan id and usage_billing_enabled). */
export const SubscriptionSchema = z.object({
  plan: z.object({ id: PlanIdSchema, name: z.string() }),
  usage_billing_enabled: z.boolean(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;
export const UpdateSubscriptionBodySchema = z.object({ plan: PlanIdSchema, usage_billing_enabled: z.optional(z.boolean()) });
export type UpdateSubscriptionBody = z.infer<typeof UpdateSubscriptionBodySchema>;

export function createPlansClient(http: Http) {
  const sub = (slug: string) => `/platform/organizations/${encodeURIComponent(slug)}/subscription`;
  return {
    list: () => http('GET', '/platform/plans', { schema: PlansAnswerSchema }),
    getSubscription: (slug: string) => http('GET', sub(slug), { schema: SubscriptionSchema }),
    updateSubscription: (slug: string, body: UpdateSubscriptionBody) => http('PATCH', sub(slug), { body, schema: SubscriptionSchema }),
  };
}
export type PlansClient = ReturnType<typeof createPlansClient>;
