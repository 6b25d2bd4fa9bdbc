import { useEffect, useState } from 'react';

/** Hidden from sight, read by screen readers. */
export const visuallyHidden = { position: 'absolute', width: 1, height: 1, padding: 0, margin: -1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 } as const;

/**
 * The open state of a drawer a narrow window folds a menu into: closed again whenever `closeOn`
 * changes (the page's address) and by Escape.
 */
export function useDrawer(closeOn: string) {
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [closeOn]);
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  return { open, setOpen, toggle: () => setOpen((was) => !was) };
}
