import type { ReactNode } from 'react';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '@plinth/shared-ui/menu';
import { MoreIcon } from '@plinth/shared-ui/icons';
import { menuStyles } from './menu-styles';

export interface RowAction {
  label: string;
  onSelect: () => void;
  icon?: ReactNode;
  danger?: boolean;
  /** When set the action is shown disabled, with this reason under its label. */
  disabledReason?: string | null;
}

export interface RowActionsProps {
  /** The button's accessible name: "Actions for avatars". */
  label: string;
  actions: readonly RowAction[];
  /** When set every action is disabled and this reason shows once under them. */
  disabledReason?: string | null;
  /** Runs each time the menu opens (e.g. to load what an action needs). */
  onOpen?: () => void;
}

/** The "…" button of a list row (a bucket, a table, a snippet) and the actions it opens. */
export function RowActions({ label, actions, disabledReason = null, onOpen }: RowActionsProps) {
  return (
    <Menu onOpenChange={(open) => (open ? onOpen?.() : undefined)}>
      <MenuTrigger asChild>
        <button type="button" css={menuStyles.iconButton} aria-label={label}>
          <MoreIcon size={14} />
        </button>
      </MenuTrigger>
      <MenuContent>
        {actions.map((action) => {
          const reason = disabledReason ?? action.disabledReason ?? null;
          return (
            <MenuItem key={action.label} icon={action.icon} danger={action.danger} disabled={reason !== null} title={reason ?? undefined} onSelect={action.onSelect}>
              {action.disabledReason && !disabledReason ? (
                <span css={{ display: 'flex', flexDirection: 'column' }}>
                  {action.label}
                  <small css={{ opacity: 0.8, maxWidth: 260, whiteSpace: 'normal' }}>{action.disabledReason}</small>
                </span>
              ) : (
                action.label
              )}
            </MenuItem>
          );
        })}
        {disabledReason ? (
          <p role="note" css={[menuStyles.muted, { maxWidth: 240 }]}>
            {disabledReason}
          </p>
        ) : null}
      </MenuContent>
    </Menu>
  );
}
