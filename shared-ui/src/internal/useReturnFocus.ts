import { useRef } from 'react';

/**
 * For dialogs opened without a Radix trigger (controlled `open`): remembers what had focus when
 * the dialog opened and gives it focus back on close, as a trigger would get it. An element that
 * left the page meanwhile (a menu item) is skipped for `fallback`'s element, when given.
 */
export function useReturnFocus(open: boolean | undefined, hasTrigger: boolean, fallback?: () => HTMLElement | null) {
  const wasOpen = useRef(false);
  const opener = useRef<HTMLElement | null>(null);
  if (open && !wasOpen.current && typeof document !== 'undefined') {
    // Read during render: the dialog has not taken focus yet.
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  wasOpen.current = Boolean(open);

  return (event: Event) => {
    if (hasTrigger) return;
    const opened = opener.current;
    opener.current = null;
    const target = opened && opened.isConnected && opened !== document.body ? opened : (fallback?.() ?? null);
    if (target && target.isConnected) {
      event.preventDefault();
      target.focus();
    }
  };
}
