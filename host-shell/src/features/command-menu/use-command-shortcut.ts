import { useEffect } from 'react';
import { useCommandMenu } from './command-store';

/** Ctrl+K (Cmd+K on macOS) opens and closes the command menu from anywhere in the shell. */
export function useCommandShortcut(): void {
  const toggle = useCommandMenu((s) => s.toggle);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle]);
}
