import type { ReactNode } from 'react';
import type { PickerItem } from './filter-items';

export interface PickerOption extends PickerItem {
  icon?: ReactNode;
  /** At the right of the row, e.g. a status badge. */
  detail?: ReactNode;
  /** Drawn indented under the row before it (a branch under its project). */
  nested?: boolean;
}

export interface PickerAction {
  key: string;
  label: string;
  icon?: ReactNode;
  onSelect: () => void;
}

/** Keys pressed in the search field before the list's code arrived. */
export interface TypedAhead {
  /** Rows to move from the first active one (down is positive). */
  moves: number;
  enter: boolean;
}
