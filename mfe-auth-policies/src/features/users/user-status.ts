import type { AuthUser } from '@plinth/contracts-auth';

// How the users page describes a user of the project's auth service, in its own words.

/** Why a member without tenant SQL admin write cannot change users. */
export const MANAGE_USERS_DENIED = 'You need additional permissions to manage users';

export type UserStatusTone = 'danger' | 'warning' | 'success' | 'neutral';

/** Banned (until a date in the future), invited (not yet accepted), waiting for confirmation (of the email, or of the phone for a user without one), or active. */
export function userStatus(user: AuthUser, now = Date.now()): { label: string; tone: UserStatusTone } {
  if (user.banned_until && new Date(user.banned_until).getTime() > now) return { label: 'Banned', tone: 'danger' };
  if (!user.email_confirmed_at && user.invited_at) return { label: 'Invited', tone: 'warning' };
  const confirmed = user.email ? user.email_confirmed_at : (user.phone_confirmed_at ?? user.email_confirmed_at);
  if (!confirmed) return { label: 'Waiting for confirmation', tone: 'warning' };
  return { label: 'Active', tone: 'success' };
}

/** How a user is named: their email, else their phone number, else their id. */
export const userName = (user: AuthUser) => user.email ?? user.phone ?? user.id;

export const isBanned = (user: AuthUser, now = Date.now()) => userStatus(user, now).label === 'Banned';

const DATE = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** A timestamp as the table shows it (UTC), or a dash when there is none. */
export function formatWhen(iso: string | null): string {
  return iso ? `${DATE.format(new Date(iso))} UTC` : '—';
}

/** "Showing 51–100 of 120 users". */
export function pageSummary(page: number, perPage: number, shown: number, total: number): string {
  if (total === 0) return 'No users';
  const first = (page - 1) * perPage + 1;
  return `Showing ${first}–${first + shown - 1} of ${total} ${total === 1 ? 'user' : 'users'}`;
}

export const lastPage = (perPage: number, total: number) => Math.max(1, Math.ceil(total / perPage));
