import { useEffect } from 'react';
import { useCommandMenu } from './command-store';
import { commandDialog, preloadCommandMenu } from './command-menu';

/**
 * Ctrl+K (Cmd+K on macOS) opens and closes the command menu from anywhere in the shell. Until the
 * menu's code is here, the keys meant for it are kept: letters for its search, Enter
 * opens the first match once it is here, Escape closes.
 */
export function useCommandShortcut(): void {
  const toggle = useCommandMenu((s) => s.toggle);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Control' || event.key === 'Meta') preloadCommandMenu();
      if (event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey) {
        event.preventDefault();
        toggle();
        return;
      }
      const { open, setOpen, typeAhead } = useCommandMenu.getState();
      if (!open || commandDialog.current() || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === 'Escape') setOpen(false);
      else if (event.key.length === 1 || event.key === 'Backspace') typeAhead(event.key);
      else if (event.key === 'Enter') typeAhead('\n');
      else if (!event.key.startsWith('Arrow')) return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle]);
}
