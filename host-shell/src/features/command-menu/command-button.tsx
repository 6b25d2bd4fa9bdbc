import { SearchIcon } from '@plinth/shared-ui/icons';
import { tokens } from '@plinth/shared-ui/theme';
import { useCommandMenu } from './command-store';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** Opens the command menu; shows its shortcut. */
export function CommandButton() {
  const setOpen = useCommandMenu((s) => s.setOpen);
  return (
    <button
      type="button"
      onClick={() => setOpen(true)}
      aria-keyshortcuts="Control+K Meta+K"
      css={{ display: 'flex', alignItems: 'center', gap: tokens.space.sm, width: '100%', padding: tokens.space.sm, borderRadius: tokens.radius.md, border: `1px solid ${tokens.color.border}`, background: 'none', color: tokens.color.textMuted, font: 'inherit', cursor: 'pointer', '&:focus-visible': { outline: `2px solid ${tokens.color.focus}` } }}
    >
      <SearchIcon size={16} />
      <span>Search</span>
      <kbd css={{ marginLeft: 'auto', fontSize: tokens.fontSize.xs }}>{isMac ? '⌘K' : 'Ctrl K'}</kbd>
    </button>
  );
}
