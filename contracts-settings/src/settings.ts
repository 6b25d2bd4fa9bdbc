import * as z from '@plinth/shared-contracts/zod';
import { encodePath, type Http } from '@plinth/shared-contracts';

// Project settings: API keys, project configuration, JWT secret and custom hostname
// (spec 001 §2 settings panel, §3, §4, §6, §7, §8). Served under /api/platform/props/project/{ref}
// and /api/platform/projects/{ref}/config, /custom-hostname.

// Polling intervals (JWT_SECRET_STATUS_POLL_MS, PROJECT_SETTINGS_POLL_MS) live in ./constants.
export const JWT_SECRET_MIN_LENGTH = 32;

/** Texts of 001 §2, §6, §8, word for word. */
export const SETTINGS_MESSAGES = {
  apiKeysHeading: 'Project API keys',
  configurationHeading: 'Project Configuration',
  jwtUpdating: 'Updating JWT secret...',
  jwtFailed: 'JWT secret update failed, new API key may have issues',
  retrieveApiKeysFailed: 'Failed to retrieve API keys',
  retrieveConfigFailed: 'Failed to retrieve configuration',
  updateJwtFailed: 'Failed to update JWT secret',
  viewApiKeys: 'You need additional permissions to view API keys',
} as const;

export const API_KEY_TAGS = { anon: 'anon', serviceRole: 'service_role', secret: 'secret' } as const;

export const ServiceApiKeySchema = z.object({
  /** The JWT; for service_role it is masked unless the caller holds service_api_keys_read. */
  api_key: z.string(),
  name: z.string(),
  /** Comma-separated tags, e.g. 'anon' or 'service_role,secret'. */
  tags: z.string(),
  /** False when the key is masked for lack of permission. */
  revealed: z.optional(z.boolean()),
});
export type ServiceApiKey = z.infer<typeof ServiceApiKeySchema>;

export const AppConfigSchema = z.object({ endpoint: z.string(), protocol: z.string(), db_schema: z.optional(z.string()) });

export const ProjectServiceSchema = z.object({
  app: z.object({ id: z.number().check(z.int()), name: z.string() }),
  app_config: AppConfigSchema,
  service_api_keys: z.array(ServiceApiKeySchema),
});
export type ProjectService = z.infer<typeof ProjectServiceSchema>;

export const ProjectSettingsSchema = z.object({
  project: z.object({ ref: z.string(), name: z.string() }),
  services: z.array(ProjectServiceSchema),
});
export type ProjectSettings = z.infer<typeof ProjectSettingsSchema>;

export const JWT_SECRET_UPDATE_STATES = ['Updating', 'Updated', 'Failed'] as const;
export const JwtSecretUpdateStateSchema = z.enum(JWT_SECRET_UPDATE_STATES);
export type JwtSecretUpdateState = z.infer<typeof JwtSecretUpdateStateSchema>;

export const JwtSecretUpdateStatusSchema = z.object({
  jwtSecretUpdateStatus: z.nullable(
    z.object({
      meta: z.object({
        change_tracking_id: z.string(),
        error: z.nullable(z.string()),
        /** Step name of the rotation, e.g. 'Regenerating API keys'. */
        progress: z.nullable(z.string()),
        status: JwtSecretUpdateStateSchema,
      }),
    }),
  ),
});
export type JwtSecretUpdateStatus = z.infer<typeof JwtSecretUpdateStatusSchema>;

/** Rotate the JWT secret: a generated one when jwt_secret is absent. */
export const JwtSecretUpdateSchema = z.object({
  jwt_secret: z.optional(
    z.string().check(z.minLength(JWT_SECRET_MIN_LENGTH, `jwt_secret must be at least ${JWT_SECRET_MIN_LENGTH} characters`), z.maxLength(512)),
  ),
  change_tracking_id: z.optional(z.string().check(z.uuid())),
});
export type JwtSecretUpdate = z.infer<typeof JwtSecretUpdateSchema>;

export const CUSTOM_HOSTNAME_STATUSES = ['0_not_allowed', '0_no_hostname_configured', '1_not_started', '2_initiated', '3_challenge_verified', '4_origin_setup_completed', '5_services_reconfigured'] as const;
export const CustomHostnameStatusSchema = z.enum(CUSTOM_HOSTNAME_STATUSES);
export type CustomHostnameStatus = z.infer<typeof CustomHostnameStatusSchema>;

export const CustomHostnameResultSchema = z.object({
  id: z.string(),
  hostname: z.string(),
  ssl: z.object({ status: z.string() }),
  status: z.string(),
  created_at: z.string(),
  /** The DNS record that proves the hostname is the project owner's: publish it, then verify. */
  ownership_verification: z.optional(z.nullable(z.object({ type: z.literal('txt'), name: z.string(), value: z.string() }))),
  /** What the last verification found instead of the record, if it failed. */
  verification_errors: z.optional(z.array(z.string())),
});
export const CustomHostnameSchema = z.object({
  status: CustomHostnameStatusSchema,
  data: z.nullable(z.object({ result: z.nullable(CustomHostnameResultSchema) })),
});
export type CustomHostname = z.infer<typeof CustomHostnameSchema>;

const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
export const CustomHostnameCreateSchema = z.object({
  custom_hostname: z.string().check(z.trim(), z.toLowerCase(), z.regex(HOSTNAME, 'custom_hostname must be a domain name such as api.example.com')),
});

/** Server texts that the console turns into the synthetic statuses (001 §8). */
export const CUSTOM_HOSTNAME_API_MESSAGES = {
  notAllowed: 'This project is not allowed to set up custom domain on its plan',
  noConfiguration: 'No custom hostname configuration exists for this project',
} as const;

/** Maps a custom-hostname read error to a synthetic status, or null to raise it (001 §8). */
export function customHostnameStatusFromError(status: number, message: string): CustomHostnameStatus | null {
  if (status !== 400) return null;
  if (message.includes('not allowed to set up custom domain')) return '0_not_allowed';
  if (message.includes('custom hostname configuration')) return '0_no_hostname_configured';
  return null;
}

export const ProjectConfigSchema = z.object({
  project: z.object({ ref: z.string(), jwt_secret: z.string() }),
  services: z.array(ProjectServiceSchema),
  customDomain: z.nullable(z.object({ status: CustomHostnameStatusSchema, hostname: z.nullable(z.string()) })),
});
export type ProjectConfig = z.infer<typeof ProjectConfigSchema>;

/** Project API config (000 §3): what API docs and the connectivity check use. */
export const ProjectApiConfigSchema = z.object({
  autoApiService: z.object({ endpoint: z.string(), serviceApiKey: z.string(), protocol: z.string() }),
});
export type ProjectApiConfig = z.infer<typeof ProjectApiConfigSchema>;

const props = (ref: string) => encodePath`/platform/props/project/${ref}`;

export function createSettingsClient(http: Http) {
  return {
    getProjectSettings: (ref: string) => http('GET', `${props(ref)}/settings`, { schema: ProjectSettingsSchema }),
    getProjectApiConfig: (ref: string) => http('GET', `${props(ref)}/api`, { schema: ProjectApiConfigSchema }),
    getJwtSecretUpdateStatus: (ref: string) =>
      http('GET', `${props(ref)}/jwt-secret-update-status`, { schema: JwtSecretUpdateStatusSchema }),
    updateJwtSecret: (ref: string, body: JwtSecretUpdate = {}) =>
      http('POST', `${props(ref)}/jwt-secret`, { body, schema: JwtSecretUpdateStatusSchema }),
    getProjectConfig: (ref: string) => http('GET', encodePath`/platform/projects/${ref}/config`, { schema: ProjectConfigSchema }),
    getCustomHostname: (ref: string) =>
      http('GET', encodePath`/platform/projects/${ref}/custom-hostname`, { schema: CustomHostnameSchema }),
    setCustomHostname: (ref: string, customHostname: string) =>
      http('POST', encodePath`/platform/projects/${ref}/custom-hostname`, { body: { custom_hostname: customHostname }, schema: CustomHostnameSchema }),
    /** Looks for the hostname's TXT record now (001 §4: the status then moves on, or says what was found). */
    reverifyCustomHostname: (ref: string) =>
      http('POST', encodePath`/platform/projects/${ref}/custom-hostname/reverify`, { schema: CustomHostnameSchema }),
    /** Serves a verified hostname: the project services answer on it and copied URLs use it. */
    activateCustomHostname: (ref: string) =>
      http('POST', encodePath`/platform/projects/${ref}/custom-hostname/activate`, { schema: CustomHostnameSchema }),
    deleteCustomHostname: (ref: string) =>
      http('DELETE', encodePath`/platform/projects/${ref}/custom-hostname`, { schema: CustomHostnameSchema }),
  };
}
