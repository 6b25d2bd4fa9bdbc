import * as z from './zod';
import type { Http } from './http';

// Feature flags (000 §6): parts of the console an environment turns on or off, each organization
// may have its own setting. Defaults come from the deploy environment (PLINTH_FEATURE_FLAGS);
// an organization's overrides are stored in the control database.

export const FEATURE_FLAGS = [
  'navigation_layout_v2',
  'resource_warnings',
  'mfa_setup',
  'audit_logs',
  'oauth_apps',
  'integrations_v2',
  'storage_report',
  'ongoing_incident_banner',
  'ai_rename',
  'shared_snippets',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];
export const FeatureFlagSchema = z.enum(FEATURE_FLAGS);

/** What each flag gates, as the API's README and the flags answer say it. */
export const FEATURE_FLAG_GATES: Record<FeatureFlag, string> = {
  navigation_layout_v2: 'The second navigation layout of the console',
  resource_warnings: "The usage and resource warning banner above a project's pages",
  mfa_setup: 'Setting up multi-factor authentication on the account',
  audit_logs: "The organization's audit logs page",
  oauth_apps: "The organization's OAuth apps page",
  integrations_v2: 'The second version of the integrations pages',
  storage_report: 'The Storage report in Reports',
  ongoing_incident_banner: 'A banner above every page saying an incident is being handled',
  ai_rename: 'Naming SQL snippets with the AI title helper',
  shared_snippets: 'Sharing SQL snippets with the project and personal copies',
};

/** Each flag on when the environment says nothing. */
export const FEATURE_FLAG_DEFAULTS: Record<FeatureFlag, boolean> = {
  navigation_layout_v2: false,
  resource_warnings: true,
  mfa_setup: true,
  audit_logs: true,
  oauth_apps: true,
  integrations_v2: false,
  storage_report: true,
  ongoing_incident_banner: false,
  ai_rename: true,
  shared_snippets: true,
};

export const FeatureFlagValuesSchema = z.object(
  Object.fromEntries(FEATURE_FLAGS.map((f) => [f, z.boolean()])) as Record<FeatureFlag, ReturnType<typeof z.boolean>>,
);
export type FeatureFlagValues = Record<FeatureFlag, boolean>;

/** GET /platform/feature-flags[?organization=slug | ?project=ref]: every flag's value for the environment, with the organization's overrides. */
export const FeatureFlagsAnswerSchema = z.object({
  flags: FeatureFlagValuesSchema,
  /** The organization whose overrides apply (null: the environment's values alone). */
  organization: z.nullable(z.string()),
  /** The flags the organization sets itself (the rest follow the environment). */
  overridden: z.array(FeatureFlagSchema),
});
export type FeatureFlagsAnswer = z.infer<typeof FeatureFlagsAnswerSchema>;

/** `organization` (a slug) or `project` (a ref: its organization's values). */
export const FeatureFlagsQuerySchema = z.object({
  organization: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  project: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
});
export interface FeatureFlagsScope {
  organization?: string;
  project?: string;
}

/** The React Query key of the flags of an organization, or of a project's organization. */
export const featureFlagsQueryKey = (scope: FeatureFlagsScope = {}) =>
  ['feature-flags', scope.project ? `project:${scope.project}` : scope.organization ? `organization:${scope.organization}` : 'environment'] as const;
/** Flags change rarely: a page asks again after five minutes at most. */
export const FEATURE_FLAGS_STALE_MS = 5 * 60_000;

/** PUT /platform/feature-flags/{flag}?organization=slug: `enabled` sets the organization's own value, null follows the environment again. */
export const FeatureFlagOverrideBodySchema = z.object({ enabled: z.nullable(z.boolean()) });
export type FeatureFlagOverrideBody = z.infer<typeof FeatureFlagOverrideBodySchema>;

export function createFeatureFlagsClient(http: Http) {
  return {
    /** The environment's values, or an organization's (by slug, or the organization of a project). */
    getFeatureFlags: (scope: FeatureFlagsScope = {}) => http('GET', '/platform/feature-flags', { query: { ...scope }, schema: FeatureFlagsAnswerSchema }),
    setFeatureFlag: (organization: string, flag: FeatureFlag, enabled: boolean | null) =>
      http('PUT', `/platform/feature-flags/${encodeURIComponent(flag)}`, { query: { organization }, body: { enabled }, schema: FeatureFlagsAnswerSchema }),
  };
}
export type FeatureFlagsClient = ReturnType<typeof createFeatureFlagsClient>;
