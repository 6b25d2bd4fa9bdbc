import { useLayoutEffect, useRef } from 'react';

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
