import { useSyncExternalStore } from 'react';

export interface LazyPart<T> {
  /** Starts loading now (pointer over, focus, a shortcut); a failed load is tried again next time. */
  preload: () => Promise<T | null>;
  /** The loaded module, or null until it is here; re-renders when it arrives. */
  useLoaded: () => T | null;
  /** The loaded module outside React, or null. */
  current: () => T | null;
}

/**
 * A part of the frame that first paint does not need (a menu, a dialog, a tooltip): the page
 * draws a light stand-in and asks for the part on the user's first sign of intent. Unlike
 * React.lazy nothing suspends: the stand-in stays until the part is here.
 */
export function lazyPart<T>(load: () => Promise<T>): LazyPart<T> {
  let loaded: T | null = null;
  let loading: Promise<T | null> | null = null;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module;
        listeners.forEach((listener) => listener());
        return module;
      },
      () => {
        loading = null;
        return null;
      },
    );
    return loading;
  };
  const current = () => loaded;
  return { preload, current, useLoaded: () => useSyncExternalStore(subscribe, current, current) };
}
