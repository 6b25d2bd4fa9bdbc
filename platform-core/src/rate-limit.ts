import { HttpError } from './http-error';

/**
 * Counts events (failed sign-ins, failed MFA codes, sign-ups) per key within a sliding window: once
 * `max` events fall within `windowMs`, the key is locked out until the oldest of them ages out.
 * Kept in this process's memory: a restart forgets the counts.
 */
export class AttemptLimit {
  private events = new Map<string, number[]>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
  ) {}

  private recent(key: string, now: number): number[] {
    const list = (this.events.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length) this.events.set(key, list);
    else this.events.delete(key);
    return list;
  }

  /** Milliseconds until the next attempt is allowed, or 0 when allowed now. */
  retryAfterMs(key: string, now = Date.now()): number {
    const list = this.recent(key, now);
    if (list.length < this.max) return 0;
    return this.windowMs - (now - list[list.length - this.max]!);
  }

  record(key: string, now = Date.now()): void {
    if (this.events.size > 100_000) this.prune(now);
    this.events.set(key, [...this.recent(key, now), now].slice(-this.max));
  }

  clear(key: string): void {
    this.events.delete(key);
  }

  private prune(now: number): void {
    for (const key of [...this.events.keys()]) this.recent(key, now);
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

  constructor(limits: AuthLimits = DEFAULT_AUTH_LIMITS) {
    this.signInPerEmail = new AttemptLimit(limits.signInFailuresPerEmail, limits.signInWindowMs);
    this.signInPerAddress = new AttemptLimit(limits.signInFailuresPerAddress, limits.signInWindowMs);
    this.signUpPerAddress = new AttemptLimit(limits.signUpsPerAddress, limits.signUpWindowMs);
    this.mfaPerFactor = new AttemptLimit(limits.mfaFailuresPerFactor, limits.mfaWindowMs);
    this.mfaPerSession = new AttemptLimit(limits.mfaFailuresPerSession, limits.mfaWindowMs);
  }
}

/**
 * Throws a 429 with retry-after (seconds, in `error.headers`) when any of the limits is reached
 * for its key.
 */
export function assertWithinLimits(checks: [AttemptLimit, string][], what: string): void {
  const wait = Math.max(0, ...checks.map(([limit, key]) => limit.retryAfterMs(key)));
  if (wait <= 0) return;
  const minutes = Math.max(1, Math.ceil(wait / 60_000));
  const err = new HttpError(429, `Too many ${what}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, 'RATE_LIMITED');
  throw Object.assign(err, { retryAfterSeconds: Math.ceil(wait / 1000) });
}
