import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';

// Parts of a page that first paint does not need (a menu, a dialog), loaded on the user's first sign
// of intent behind a light stand-in: the shell's account and command menus, the areas' row menus.

export interface LazyPart<T> {
  /** Starts loading now (pointer over, focus, a shortcut); a failed load is tried again next time. */
  preload: () => Promise<T | null>;
  /** The loaded module, or null until it is here; re-renders when it arrives. */
  useLoaded: () => T | null;
  /** The loaded module outside React, or null. */
  current: () => T | null;
}

/**
 * A part of the page that first paint does not need (a menu, a dialog): the page
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


/**
 * A light stand-in is swapped for the loaded part (a new element in the same place): the swap
 * must not take keyboard focus away. Put the returned ref on a `display: contents` box around
 * both; when `swapped` turns true while focus was inside, focus goes to the new element.
 */
export function useKeepFocusOnSwap<T extends HTMLElement>(swapped: boolean) {
  const box = useRef<T>(null);
  const seen = useRef(swapped);
  const hadFocus = useRef(false);
  if (swapped && !seen.current) {
    // Read during the render that swaps, while the stand-in is still in the document.
    hadFocus.current = !!box.current?.contains(document.activeElement);
  }
  useLayoutEffect(() => {
    if (swapped && !seen.current && hadFocus.current) {
      box.current?.querySelector<HTMLElement>('a[href], button, input, [tabindex]')?.focus();
    }
    seen.current = swapped;
    hadFocus.current = false;
  }, [swapped]);
  return box;
}

/** The style of that box: no box of its own, so layout and selectors see only the element. */
export const contentsBox = { display: 'contents' } as const;
