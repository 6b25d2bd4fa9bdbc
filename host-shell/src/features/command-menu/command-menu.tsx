import { useEffect } from 'react';
import { lazyPart } from '@plinth/shared-ui/on-intent';
import { useCommandMenu } from './command-store';
import type { Props } from './command-dialog';

export const commandDialog = lazyPart(() => import('./command-dialog').then((m) => m.CommandDialog));

/** Asks for the command menu's code: the pointer is over its button, it has focus, or Ctrl/⌘ is down. */
export const preloadCommandMenu = () => void commandDialog.preload();

/**
 * The command menu (Ctrl/⌘ K). Its dialog's code loads on the first sign of intent and at the
 * latest when the menu opens; the menu opens as soon as it is here, with what was typed meanwhile.
 */
export function CommandMenu(props: Props) {
  const open = useCommandMenu((s) => s.open);
  const Dialog = commandDialog.useLoaded();
  useEffect(() => {
    if (open) preloadCommandMenu();
  }, [open]);
  return Dialog ? <Dialog {...props} /> : null;
}
