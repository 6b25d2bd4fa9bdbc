import { Menu, MenuContent, MenuItem, MenuTrigger } from '@plinth/shared-ui/menu';
import { MoreIcon } from '@plinth/shared-ui/icons';
import { areaMenuStyles as menuStyles } from '@plinth/shared-ui/area';

export interface ActionItem {
  label: string;
  onSelect: () => void;
  /** When set the item is shown disabled, with this reason under its label. */
  disabledReason?: string | null;
  danger?: boolean;
}

/** The "…" button of a menu row and the actions it opens; onOpen runs each time it opens. */
export function ActionsMenu({ label, items, onOpen }: { label: string; items: readonly ActionItem[]; onOpen?: () => void }) {
  return (
    <Menu onOpenChange={(open) => (open ? onOpen?.() : undefined)}>
      <MenuTrigger asChild>
        <button type="button" css={menuStyles.iconButton} aria-label={label}>
          <MoreIcon size={14} />
        </button>
      </MenuTrigger>
      <MenuContent>
        {items.map((item) => (
          <MenuItem
            key={item.label}
            danger={item.danger}
            disabled={Boolean(item.disabledReason)}
            title={item.disabledReason ?? undefined}
            onSelect={item.onSelect}
          >
            <span css={{ display: 'flex', flexDirection: 'column' }}>
              {item.label}
              {item.disabledReason ? <small css={{ opacity: 0.8, maxWidth: 260, whiteSpace: 'normal' }}>{item.disabledReason}</small> : null}
            </span>
          </MenuItem>
        ))}
      </MenuContent>
    </Menu>
  );
}
