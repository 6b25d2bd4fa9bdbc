import { useEffect, useRef } from 'react';
import type * as MenuModule from '@plinth/shared-ui/menu';
import { MoreIcon } from '@plinth/shared-ui/icons';
import { menuStyles } from './menu-styles';
import type { RowActionsProps } from './row-action';

/** How the user asked for the menu before its code was here. */
export type OpenedBy = 'pointer' | 'keyboard';

interface RowActionsMenuProps extends RowActionsProps {
  /** `@plinth/shared-ui/menu`, loaded on the first sign of intent. */
  menu: typeof MenuModule;
  /** Set when a click or key asked for the menu before it was here: it opens at once. */
  openOnArrival: OpenedBy | null;
}

const firstItem = (content: HTMLElement) => content.querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])');

/** The "…" menu itself (Radix dropdown), drawn in place of the light button once its code is here. */
export function RowActionsMenu({ menu, openOnArrival, label, actions, disabledReason = null, onOpen }: RowActionsMenuProps) {
  const { Menu, MenuContent, MenuItem, MenuTrigger } = menu;
  // The key that asked for the menu was pressed before the menu listened to keys: put focus on
  // the first action as Radix does for a menu opened by keyboard.
  const focusFirstItem = useRef(openOnArrival === 'keyboard');
  const openedOnArrival = useRef(false);
  useEffect(() => {
    if (openOnArrival && !openedOnArrival.current) {
      openedOnArrival.current = true;
      onOpen?.();
    }
    // Only the open it arrived with; later opens report through onOpenChange.
  }, []);
  return (
    <Menu defaultOpen={openOnArrival !== null} onOpenChange={(open) => (open ? onOpen?.() : undefined)}>
      <MenuTrigger asChild>
        <button type="button" css={menuStyles.iconButton} aria-label={label}>
          <MoreIcon size={14} />
        </button>
      </MenuTrigger>
      <MenuContent
        onFocus={(event) => {
          // The menu takes focus as it opens; the first time, move it on to the first action.
          if (!focusFirstItem.current || event.target !== event.currentTarget) return;
          focusFirstItem.current = false;
          firstItem(event.currentTarget)?.focus({ preventScroll: true });
        }}
      >
        {actions.map((action) =>
          // One reason for the whole menu is written once below it; an action's own reason under the action.
          disabledReason ? (
            <MenuItem key={action.label} icon={action.icon} danger={action.danger} disabled title={disabledReason} onSelect={action.onSelect}>
              {action.label}
            </MenuItem>
          ) : (
            <MenuItem key={action.label} icon={action.icon} danger={action.danger} disabledReason={action.disabledReason} onSelect={action.onSelect}>
              {action.label}
            </MenuItem>
          ),
        )}
        {disabledReason ? (
          <p role="note" css={[menuStyles.muted, { maxWidth: 240 }]}>
            {disabledReason}
          </p>
        ) : null}
      </MenuContent>
    </Menu>
  );
}
