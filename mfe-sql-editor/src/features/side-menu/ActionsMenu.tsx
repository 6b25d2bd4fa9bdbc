import { MoreIcon } from '@plinth/shared-ui/icons';
import { menuStyles } from './menu-styles';

export interface ActionItem {
  label: string;
  onSelect: () => void;
  /** When set the item is shown disabled with this reason. */
  disabledReason?: string | null;
  danger?: boolean;
}

/** The "…" button of a menu row and the actions it opens. */
export function ActionsMenu({ label, items }: { label: string; items: readonly ActionItem[] }) {
  return (
    <details>
      <summary css={menuStyles.iconButton} aria-label={label}>
        <MoreIcon size={14} />
      </summary>
      <ul role="menu">
        {items.map((item) => (
          <li key={item.label} role="menuitem" aria-disabled={item.disabledReason ? true : undefined} title={item.disabledReason ?? undefined} onClick={item.disabledReason ? undefined : item.onSelect}>
            {item.label}
          </li>
        ))}
      </ul>
    </details>
  );
}
