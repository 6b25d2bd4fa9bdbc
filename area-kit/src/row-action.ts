import type { ReactNode } from 'react';

// What a row's "…" menu offers: RowActions draws the button and RowActionsMenu the menu, both from
// these props.

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
