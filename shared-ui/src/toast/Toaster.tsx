import { lazy, Suspense, useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { toastStore } from './store';

/**
 * The notice list and its Radix code are fetched only once a notice is raised, or once the
 * page has settled (a few seconds in, when the browser is idle), whichever comes first, so the toast code stays off
 * the sign-in page's critical path.
 */
const loadToastList = () => import('./ToastList');
const ToastList = lazy(loadToastList);

/** Runs `run` once the page has settled: a few seconds after mounting, when the browser is idle. */
function whenSettled(run: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  let idle: number | null = null;
  const timer = window.setTimeout(() => {
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(run, { timeout: 5000 });
    else run();
  }, 3000);
  return () => {
    window.clearTimeout(timer);
    if (idle !== null) window.cancelIdleCallback(idle);
  };
}

/**
 * Shows the notices raised with `notify()`. Render it once, near the root of the host (a standalone
 * area renders its own). Hovering or focusing a notice pauses its timer.
 */
export function Toaster({ label = 'Notifications' }: { label?: string }) {
  const hasToasts = useStore(toastStore, (state) => state.toasts.length > 0);
  const [wanted, setWanted] = useState(hasToasts);

  useEffect(() => {
    if (hasToasts) setWanted(true);
  }, [hasToasts]);

  useEffect(() => whenSettled(() => void loadToastList()), []);

  if (!wanted && !hasToasts) return null;
  return (
    <Suspense fallback={null}>
      <ToastList label={label} />
    </Suspense>
  );
}
