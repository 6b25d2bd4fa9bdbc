/** Business constants shared by the console and the platform API (000 §9, 001 §9), not storage or database specific. */

// Polling and timing (000 §4.2, §9; 001 §4, §9), in milliseconds.
export const SETUP_POLL_INTERVAL_MS = 4000;
export const CONNECTING_POLL_INTERVAL_MS = 4000;
export const RESTORE_POLL_INTERVAL_MS = 4000;
export const PAUSING_POLL_DELAY_MS = 4000;
export const PAUSING_POLL_INTERVAL_MS = 2000;
export const STATUS_TIMEOUT_MS = 2000;
export const LIVE_CHECK_TIMEOUT_MS = 2000;
export const SUPPORT_PROMPT_AFTER_MS = 120_000;
export const JWT_SECRET_STATUS_POLL_MS = 1000;
export const PROJECT_SETTINGS_POLL_MS = 2000;
export const UPGRADE_STATUS_POLL_MS = 5000;
export const COPY_NOTICE_MS = 4000;
export const NOTICE_DURATION_MS = 4000;
/** Resource warnings and MFA factors stay fresh for 30 minutes (001 §9). */
export const RESOURCE_WARNINGS_STALE_MS = 30 * 60 * 1000;
export const MFA_FACTORS_STALE_MS = 30 * 60 * 1000;
/** Snippet query stale time as the spec gives it (000 §9). */
export const SNIPPET_STALE_TIME = 300;

// Sizes, base 1024 (000 §9, 001 §9).
export const KB = 1024;
export const MB = 1024 * KB;
export const GB = 1024 * MB;
export const SIZE_UNITS = ['bytes', 'KB', 'MB', 'GB'] as const;
export type SizeUnit = (typeof SIZE_UNITS)[number];
const UNIT_BYTES: Record<SizeUnit, number> = { bytes: 1, KB, MB, GB };

/** Default global upload limit: 5 GB. */
export const DEFAULT_UPLOAD_LIMIT = 5368709120;
/** Free plan upload limit: fixed at 50 MB. */
export const FREE_PLAN_UPLOAD_LIMIT = 50 * MB;

/** value in unit → bytes. */
export function convertToBytes(value: number, unit: SizeUnit): number {
  return Math.round(value * UNIT_BYTES[unit]);
}

/** bytes → value in unit. */
export function convertFromBytes(bytes: number, unit: SizeUnit): number {
  return bytes / UNIT_BYTES[unit];
}

/**
 * The largest unit in which bytes is a whole-ish number ≥ 1, capped at GB:
 * 1536 → { value: 1.5, unit: 'KB' }, 5 TB → { value: 5120, unit: 'GB' }.
 */
export function convertToLargestUnit(bytes: number): { value: number; unit: SizeUnit } {
  let unit: SizeUnit = 'bytes';
  for (const u of SIZE_UNITS) if (bytes >= UNIT_BYTES[u]) unit = u;
  return { value: Number((bytes / UNIT_BYTES[unit]).toFixed(2)), unit };
}

/** "1.5 KB", "500 MB", "5120 GB". */
export function formatBytes(bytes: number): string {
  const { value, unit } = convertToLargestUnit(bytes);
  return `${value} ${unit}`;
}

// Page titles (000 §2.3): a module of their own, so a page that needs only its title (sign-in)
// carries none of the other constants.
export { PRODUCT_NAME, pageTitle } from './page-title';

/** Compute is billed hourly for unpaused non-free projects (000 §9). */
export const COMPUTE_BILLING_PERIOD = 'hourly';
/** Free projects are paused after 1 inactive week (001 §9). */
export const FREE_PROJECT_INACTIVITY_PAUSE_DAYS = 7;
/** Free organizations per user (001 §9). */
export const FREE_ORGANIZATIONS_PER_USER = 2;
/** Active free projects each member may run at once: our reading of 001 §9 "2 free organizations". */
export const FREE_PROJECT_LIMIT = 2;
/** kpsVersion from which the connectivity check is GET /projects/{ref}/live (000 §7.2). */
export const LIVE_CHECK_MIN_KPS_VERSION = '3.8.6';

/** Error texts of the project lifecycle (000 §5.1, §8), word for word. */
export const PROJECT_MESSAGES = {
  restoreFailed: (message: string) => `Failed to restore project: ${message}`,
  restoring: 'Restoring project.',
  restorationFailed: 'Something went wrong while restoring your project',
  restoreWithoutProject: 'Unable to restore: project is required.',
  somethingWentWrong: 'Something went wrong',
} as const;
