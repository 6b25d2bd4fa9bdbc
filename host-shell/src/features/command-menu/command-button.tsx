import { SearchIcon } from '@plinth/shared-ui/icons';
import { tokens } from '@plinth/shared-ui/theme';
import { useCommandMenu } from './command-store';
import { preloadCommandMenu } from './command-menu';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** Opens the command menu; shows its shortcut. */
export function CommandButton() {
  const setOpen = useCommandMenu((s) => s.setOpen);
  return (
    <button
      type="button"
      onClick={() => setOpen(true)}
      onPointerEnter={preloadCommandMenu}
      onFocus={preloadCommandMenu}
      aria-keyshortcuts="Control+K Meta+K"
      css={{ display: 'flex', alignItems: 'center', gap: tokens.space.sm, width: '100%', minHeight: 36, padding: tokens.space.sm, borderRadius: tokens.radius.md, border: `1px solid ${tokens.color.border}`, background: 'none', color: tokens.color.textMuted, font: 'inherit', fontSize: tokens.fontSize.sm, cursor: 'pointer', '& > svg': { flex: 'none' }, '&:hover': { background: tokens.color.surfaceHover, color: tokens.color.text }, '&:focus-visible': tokens.focusRing }}
    >
      <SearchIcon size={16} />
      <span data-rail-label="">Search</span>
      <kbd data-rail-extra="" aria-hidden="true" css={{ marginLeft: 'auto', padding: `0 ${tokens.space.xs}`, border: `1px solid ${tokens.color.border}`, borderRadius: tokens.radius.sm, fontFamily: 'inherit', fontSize: tokens.fontSize.xs }}>
        {isMac ? '⌘K' : 'Ctrl K'}
      </kbd>
    </button>
  );
}
