import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';

/**
 * A part of a row or toolbar that first paint does not need (a menu, a dialog): the page draws a
 * light stand-in and asks for the part on the user's first sign of intent (pointer over, focus,
 * touch). Unlike `lazyWithPreload` nothing suspends: the stand-in stays until the part is here.
 */
export interface OnIntentPart<T> {
  /** Starts loading now; a failed load is tried again next time. Resolves to null on failure. */
  preload: () => Promise<T | null>;
  /** The loaded module, or null until it is here; re-renders when it arrives. */
  useLoaded: () => T | null;
}

export function onIntentPart<T>(load: () => Promise<T>): OnIntentPart<T> {
  let loaded: T | null = null;
  let loading: Promise<T | null> | null = null;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const current = () => loaded;
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
  return { preload, useLoaded: () => useSyncExternalStore(subscribe, current, current) };
}

/**
 * The stand-in is swapped for the loaded part (a new element in the same place): the swap must not
 * take keyboard focus away. Put the returned ref on a `display: contents` box (`contentsBox`) around
 * both; when `swapped` turns true while focus was inside, focus goes to the new element's first
 * focusable element.
 */
export function useFocusKeptOnSwap<T extends HTMLElement>(swapped: boolean) {
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

/** No box of its own, so layout and selectors see only the element inside. */
export const contentsBox = { display: 'contents' } as const;
