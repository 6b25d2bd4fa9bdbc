import { useRef } from 'react';

/**
 * For dialogs opened without a Radix trigger (controlled `open`): remembers what had focus when
 * the dialog opened and gives it focus back on close, as a trigger would get it. An element that
 * left the page meanwhile (a menu item) is skipped.
 */
export function useReturnFocus(open: boolean | undefined, hasTrigger: boolean) {
  const wasOpen = useRef(false);
  const opener = useRef<HTMLElement | null>(null);
  if (open && !wasOpen.current && typeof document !== 'undefined') {
    // Read during render: the dialog has not taken focus yet.
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  wasOpen.current = Boolean(open);

  return (event: Event) => {
    if (hasTrigger) return;
    const target = opener.current;
    opener.current = null;
    if (target && target.isConnected && target !== document.body) {
      event.preventDefault();
      target.focus();
    }
  };
}
