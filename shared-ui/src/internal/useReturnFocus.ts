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
    // Read during render: the dialog has not taken focus yet, and a menu it was chosen from is still
    // open. A dialog whose code loaded after the menu closed finds focus on the page: the button of
    // the menu it was just chosen from opened it.
    const active = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    opener.current = menuTrigger(active) ?? active ?? recentMenuChoice();
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

/** The button of the menu an item was last chosen from, and when. */
let lastChoice: { button: HTMLElement; at: number } | null = null;
/** How long after a choice a dialog still counts as opened by it (its code may load in between). */
const CHOICE_MS = 10_000;

/** A menu item was chosen: its menu's button is remembered (the menu is still open now). */
export function rememberMenuChoice(item: HTMLElement | null): void {
  const button = menuTrigger(item);
  lastChoice = button ? { button, at: Date.now() } : null;
}

function recentMenuChoice(): HTMLElement | null {
  const choice = lastChoice;
  lastChoice = null;
  return choice && Date.now() - choice.at < CHOICE_MS ? choice.button : null;
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
