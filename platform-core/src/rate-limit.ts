import { createHash } from 'node:crypto';
import type { ControlDatabase } from './core-types';
import { HttpError } from './http-error';

/** Where attempt counts live: the control database (its attempt_counters table). */
export type AttemptStore = Pick<ControlDatabase, 'query'>;

/** Slots per window: an attempt is counted as if made at its slot's last attempt (at most window/30 late). */
const SLOTS_PER_WINDOW = 30;
/** Expired counters are deleted at most this often per store and process. */
const CLEAN_EVERY_MS = 60_000;
const lastCleaned = new WeakMap<object, number>();

const keyHash = (key: string) => createHash('sha256').update(key).digest('base64url');

/**
 * Counts events (failed sign-ins, failed MFA codes, sign-ups) per key within a sliding window: once
 * `max` events fall within `windowMs`, the key is locked out until the oldest of them ages out.
 * The counts are rows of the control database (attempt_counters: one per limit, key and slot of
 * the window, written by one atomic upsert), so every API instance on that database counts
 * together and a restart forgets nothing. `name` tells limits apart in the table; keys are kept
 * only as hashes.
 */
export class AttemptLimit {
  private readonly slotMs: number;

  constructor(
    private readonly store: AttemptStore,
    readonly name: string,
    readonly max: number,
    readonly windowMs: number,
  ) {
    this.slotMs = Math.max(1, Math.floor(windowMs / SLOTS_PER_WINDOW));
  }

  /** Milliseconds until the next attempt is allowed, or 0 when allowed now. */
  async retryAfterMs(key: string, now = Date.now()): Promise<number> {
    const r = await this.store.query<{ count: number; last_ms: string | number }>(
      'select count, last_ms from attempt_counters where limit_name = $1 and key_hash = $2 and last_ms > $3 order by slot desc',
      [this.name, keyHash(key), now - this.windowMs],
    );
    // Newest first: the slot in which the max-th most recent attempt falls ages out last.
    let seen = 0;
    for (const row of r.rows) {
      seen += Number(row.count);
      if (seen >= this.max) return Math.max(1, Number(row.last_ms) + this.windowMs - now);
    }
    return 0;
  }

  async record(key: string, now = Date.now()): Promise<void> {
    await this.clean(now);
    await this.store.query(
      `insert into attempt_counters (limit_name, key_hash, slot, count, last_ms, expires_ms) values ($1, $2, $3, 1, $4, $5)
       on conflict (limit_name, key_hash, slot) do update set count = attempt_counters.count + 1,
         last_ms = greatest(attempt_counters.last_ms, excluded.last_ms), expires_ms = greatest(attempt_counters.expires_ms, excluded.expires_ms)`,
      [this.name, keyHash(key), Math.floor(now / this.slotMs), now, now + this.windowMs],
    );
  }

  async clear(key: string): Promise<void> {
    await this.store.query('delete from attempt_counters where limit_name = $1 and key_hash = $2', [this.name, keyHash(key)]);
  }

  /** Deletes every limit's counters whose window is over (at most once a minute per process). */
  private async clean(now: number): Promise<void> {
    if (now - (lastCleaned.get(this.store) ?? 0) < CLEAN_EVERY_MS) return;
    lastCleaned.set(this.store, now);
    await this.store.query('delete from attempt_counters where expires_ms < $1', [now]);
  }
}

/** How many attempts each limit allows, and within how long. */
export interface AuthLimits {
  /** Failed sign-ins for one email from one client address. */
  signInFailuresPerEmail: number;
  /** Failed sign-ins from one client address, whatever the email. */
  signInFailuresPerAddress: number;
  signInWindowMs: number;
  /** Sign-up attempts from one client address. */
  signUpsPerAddress: number;
  signUpWindowMs: number;
  /** Failed MFA codes for one factor, whatever the session. */
  mfaFailuresPerFactor: number;
  /** Failed MFA codes in one session, whatever the factor. */
  mfaFailuresPerSession: number;
  mfaWindowMs: number;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  signInFailuresPerEmail: 5,
  signInFailuresPerAddress: 20,
  signInWindowMs: 15 * 60 * 1000,
  signUpsPerAddress: 20,
  signUpWindowMs: 60 * 60 * 1000,
  mfaFailuresPerFactor: 5,
  mfaFailuresPerSession: 10,
  mfaWindowMs: 15 * 60 * 1000,
};

/** The limits of the auth routes, one AttemptLimit per kind of key. */
export class AuthRateLimits {
  readonly signInPerEmail: AttemptLimit;
  readonly signInPerAddress: AttemptLimit;
  readonly signUpPerAddress: AttemptLimit;
  readonly mfaPerFactor: AttemptLimit;
  readonly mfaPerSession: AttemptLimit;

  constructor(store: AttemptStore, limits: AuthLimits = DEFAULT_AUTH_LIMITS) {
    this.signInPerEmail = new AttemptLimit(store, 'console:sign_in_per_email', limits.signInFailuresPerEmail, limits.signInWindowMs);
    this.signInPerAddress = new AttemptLimit(store, 'console:sign_in_per_address', limits.signInFailuresPerAddress, limits.signInWindowMs);
    this.signUpPerAddress = new AttemptLimit(store, 'console:sign_up_per_address', limits.signUpsPerAddress, limits.signUpWindowMs);
    this.mfaPerFactor = new AttemptLimit(store, 'console:mfa_per_factor', limits.mfaFailuresPerFactor, limits.mfaWindowMs);
    this.mfaPerSession = new AttemptLimit(store, 'console:mfa_per_session', limits.mfaFailuresPerSession, limits.mfaWindowMs);
  }
}

/**
 * Throws a 429 with retry-after (seconds, in `error.headers`) when any of the limits is reached
 * for its key.
 */
export async function assertWithinLimits(checks: [AttemptLimit, string][], what: string): Promise<void> {
  const wait = Math.max(0, ...(await Promise.all(checks.map(([limit, key]) => limit.retryAfterMs(key)))));
  if (wait <= 0) return;
  const minutes = Math.max(1, Math.ceil(wait / 60_000));
  const err = new HttpError(429, `Too many ${what}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, 'RATE_LIMITED');
  throw Object.assign(err, { retryAfterSeconds: Math.ceil(wait / 1000) });
}
