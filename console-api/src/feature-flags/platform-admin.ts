import { HttpError, type AuthenticatedUser } from '@plinth/platform-core/deps';

/**
 * Platform admins run the platform itself (not an organization): the accounts whose e-mail
 * addresses PLINTH_PLATFORM_ADMINS lists (comma separated), and the first account the server
 * seeds (PLINTH_ADMIN_EMAIL). Only they read and change flags for the environment and for any
 * organization.
 */
export function platformAdmins(listed: string | undefined, seeded: string | null | undefined): ReadonlySet<string> {
  const emails = (listed ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  if (seeded) emails.push(seeded.trim().toLowerCase());
  return new Set(emails);
}

export const NOT_PLATFORM_ADMIN = 'Only platform admins can manage feature flags for the environment and for every organization';

export function requirePlatformAdmin(admins: ReadonlySet<string>, user: AuthenticatedUser): void {
  if (!admins.has(user.email.toLowerCase())) throw new HttpError(403, NOT_PLATFORM_ADMIN, 'FORBIDDEN');
}
