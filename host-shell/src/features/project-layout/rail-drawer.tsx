import { useLocation } from 'react-router-dom';
import { tokens } from '@plinth/shared-ui/theme';
import { useDrawer, visuallyHidden } from '@plinth/shared-ui/layout';
import { CloseIcon, MenuIcon } from '@plinth/shared-ui/icons';

/** Below 768 px the rail leaves the page and opens as a drawer from the header's menu button. */
export const NARROW = '@media (max-width: 767px)';
/** From 768 to 1023 px the rail keeps its icons only (names in tooltips and for screen readers). */
export const COMPACT = '@media (min-width: 768px) and (max-width: 1023px)';

/** The drawer state of the rail: closed again on every navigation and by Escape. */
export function useRailDrawer() {
  return useDrawer(useLocation().pathname);
}

export const RAIL_ID = 'console-rail';

/**
 * The rail's column: 200 px wide from 1024 px, icons only (56 px) down to 768 px, and below that a
 * drawer over the page. Elements marked `data-rail-label` are the words hidden in the compact rail.
 */
export function railColumnCss(open: boolean) {
  return {
    display: 'flex',
    flexDirection: 'column',
    width: 200,
    flex: 'none',
    padding: tokens.space.sm,
    borderRight: `1px solid ${tokens.color.border}`,
    background: tokens.color.surface,
    overflowY: 'auto',
    [COMPACT]: { width: 56, '& [data-rail-label]': visuallyHidden, '& [data-rail-extra]': { display: 'none' } },
    [NARROW]: narrowDrawerCss(open),
  } as const;
}

/** Below 768 px, a project navigation (the rail or the grouped menu) is a 240 px drawer over the page. */
export function narrowDrawerCss(open: boolean) {
  return {
    position: 'fixed',
    top: 0,
    bottom: 0,
    left: 0,
    zIndex: tokens.layer.overlay,
    width: 240,
    boxShadow: tokens.elevation.dialog,
    visibility: open ? 'visible' : 'hidden',
    transform: open ? 'none' : 'translateX(-100%)',
    transition: `transform ${tokens.motion.normal} ${tokens.motion.easing}, visibility ${tokens.motion.normal}`,
  } as const;
}

/** The dimmed page behind the open drawer; a click closes it. */
export function RailBackdrop({ open, onClose }: { open: boolean; onClose: () => void }) {
  if (!open) return null;
  return <div aria-hidden="true" onClick={onClose} css={{ display: 'none', [NARROW]: { display: 'block', position: 'fixed', inset: 0, zIndex: tokens.layer.overlay - 1, background: tokens.color.overlay } }} />;
}

/** The header's menu button, shown below 768 px: opens and closes the rail drawer. */
export function RailToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      aria-label={open ? 'Close navigation' : 'Open navigation'}
      aria-expanded={open}
      aria-controls={RAIL_ID}
      onClick={onToggle}
      css={{
        display: 'none',
        [NARROW]: { display: 'inline-flex' },
        alignItems: 'center',
        justifyContent: 'center',
        flex: 'none',
        width: 32,
        height: 32,
        padding: 0,
        border: `1px solid ${tokens.color.border}`,
        borderRadius: tokens.radius.md,
        background: 'none',
        color: tokens.color.text,
        cursor: 'pointer',
        '&:hover': { background: tokens.color.surfaceHover },
        '&:focus-visible': tokens.focusRing,
      }}
    >
      {open ? <CloseIcon size={16} /> : <MenuIcon size={16} />}
    </button>
  );
}
