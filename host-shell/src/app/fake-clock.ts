import { act } from '@testing-library/react';
import { vi } from 'vitest';

const realSetTimeout = globalThis.setTimeout;

/**
 * Fakes timers (not the scheduler React uses), so polling intervals can be stepped exactly while
 * lazy routes and fetch answers still resolve.
 */
export function useFakeClock(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
}

/** Loads the shell's code-split pages up front, so no test waits for a chunk under a fake clock. */
export async function preloadShellPages(): Promise<void> {
  await Promise.all([
    import('../routes/project-layout'),
    import('../routes/signed-in-layout'),
    import('../routes/project-home'),
    import('../routes/project-building'),
    import('../routes/edge-functions'),
    import('../routes/projects'),
    import('../routes/sign-in'),
    import('../routes/sign-in-mfa'),
    import('../features/status-gate/status-screens'),
  ]);
}

/** Moves the clock forward and lets every answer and render it causes settle. */
export async function advance(ms: number): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  await settle();
}

/** Lets pending promises, lazy chunks and renders finish without moving the clock. */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await act(async () => {
      await new Promise((resolve) => realSetTimeout(resolve, 5));
      await vi.advanceTimersByTimeAsync(0);
    });
  }
}

/** Retries an assertion for up to `withinMs` of real time while the page settles (never moves the clock). */
export async function eventually<T>(assertion: () => T, withinMs = 15_000): Promise<T> {
  const start = performance.now();
  for (;;) {
    try {
      return assertion();
    } catch (err) {
      if (performance.now() - start > withinMs) throw err;
      await settle(1);
    }
  }
}
