/** Failed sign-ins per email and client address: 5 within 15 minutes locks that pair out until the oldest ages out. */
export const SIGN_IN_MAX_FAILURES = 5;
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

export class SignInRateLimit {
  private failures = new Map<string, number[]>();

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => now - t < SIGN_IN_WINDOW_MS);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  /** Milliseconds until the next attempt is allowed, or 0 when allowed now. */
  retryAfterMs(key: string, now = Date.now()): number {
    const list = this.recent(key, now);
    if (list.length < SIGN_IN_MAX_FAILURES) return 0;
    return SIGN_IN_WINDOW_MS - (now - list[list.length - SIGN_IN_MAX_FAILURES]);
  }

  fail(key: string, now = Date.now()): void {
    this.failures.set(key, [...this.recent(key, now), now]);
  }

  clear(key: string): void {
    this.failures.delete(key);
  }
}
