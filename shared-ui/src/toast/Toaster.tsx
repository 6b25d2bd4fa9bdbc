import { lazy, Suspense, useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { toastStore } from './store';

/**
 * The notice list and its Radix code are fetched only once a notice is raised, or when the
 * browser is idle after the page has loaded, whichever comes first, so the toast code stays off
 * the sign-in page's critical path.
 */
const loadToastList = () => import('./ToastList');
const ToastList = lazy(loadToastList);

function whenIdle(run: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 2000);
  return () => window.clearTimeout(id);
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

  useEffect(() => whenIdle(() => void loadToastList()), []);

  if (!wanted && !hasToasts) return null;
  return (
    <Suspense fallback={null}>
      <ToastList label={label} />
    </Suspense>
  );
}
