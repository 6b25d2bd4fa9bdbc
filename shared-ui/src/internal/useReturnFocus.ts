import { useRef } from 'react';

/**
 * For dialogs opened without a Radix trigger (controlled `open`): remembers what had focus when
 * the dialog opened and gives it focus back on close, as a trigger would get it. A dialog opened
 * from a menu entry gives it to the button that opened the menu (the entry is gone by then); when
 * neither can take focus any more, `fallback`'s element gets it, when given.
 */
export function useReturnFocus(open: boolean | undefined, hasTrigger: boolean, fallback?: () => HTMLElement | null) {
  const wasOpen = useRef(false);
  const opener = useRef<HTMLElement | null>(null);
  if (open && !wasOpen.current && typeof document !== 'undefined') {
    // Read during render: the dialog has not taken focus yet, and a menu it was chosen from is still open.
    const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    opener.current = menuTrigger(active) ?? active;
  }
  wasOpen.current = Boolean(open);

  return (event: Event) => {
    if (hasTrigger) return;
    const opened = opener.current;
    opener.current = null;
    for (const target of [opened, fallback?.() ?? null]) {
      if (!target || !target.isConnected || target === document.body) continue;
      target.focus();
      if (document.activeElement === target) {
        event.preventDefault();
        return;
      }
    }
  };
}

/** The button that opened the menu `element` is in (it names the menu in aria-controls while open). */
function menuTrigger(element: HTMLElement | null): HTMLElement | null {
  const menu = element?.closest('[role="menu"]');
  if (!menu?.id) return null;
  for (const candidate of document.querySelectorAll<HTMLElement>('[aria-controls]')) {
    if (candidate.getAttribute('aria-controls') === menu.id) return candidate;
  }
  return null;
}
