import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import type * as RadixDropdown from '@radix-ui/react-dropdown-menu';
import { CheckIcon, ChevronRightIcon } from '@plinth/shared-ui/icons';
import { rememberMenuChoice } from './useReturnFocus';
import { dangerItemStyle, itemIconStyle, labelStyle, menuContentStyle, menuItemStyle, separatorStyle, shortcutStyle } from './menuStyles';

/**
 * The item-level parts of a menu, drawn the same way for the dropdown menu and the context menu.
 * Both Radix packages build on one menu primitive, so their parts take the same props.
 */
type Primitives = Pick<
  typeof RadixDropdown,
  'Item' | 'CheckboxItem' | 'RadioItem' | 'ItemIndicator' | 'Separator' | 'Label' | 'SubTrigger' | 'SubContent' | 'Portal'
>;

export interface MenuItemPartProps extends ComponentPropsWithoutRef<typeof RadixDropdown.Item> {
  icon?: ReactNode;
  /** Keyboard shortcut shown at the right, e.g. '⌘K'. */
  shortcut?: string;
  /** Destructive action: drawn in the danger colour. */
  danger?: boolean;
  /**
   * Why the item cannot be chosen: the item is disabled and the reason is written under its label
   * (and is its title), so a user sees why without hovering.
   */
  disabledReason?: string | null;
}

const reasonStyle = { opacity: 0.8, maxWidth: 260, whiteSpace: 'normal' } as const;

export function createMenuParts(R: Primitives) {
  function Item({ icon, shortcut, danger = false, disabledReason = null, children, onSelect, ...rest }: MenuItemPartProps) {
    const reasoned = disabledReason ? { disabled: true, title: disabledReason } : {};
    // The menu's button is known while the menu is open: a dialog the choice opens (maybe after its
    // code loads, the menu long gone) gives focus back to it.
    const choose = onSelect
      ? (event: Event) => {
          rememberMenuChoice(event.currentTarget instanceof HTMLElement ? event.currentTarget : null);
          onSelect(event);
        }
      : undefined;
    return (
      <R.Item css={[menuItemStyle, danger && dangerItemStyle]} {...rest} onSelect={choose} {...reasoned}>
        {icon ? <span css={itemIconStyle}>{icon}</span> : null}
        {disabledReason ? (
          <span css={{ display: 'flex', flexDirection: 'column' }}>
            {children}
            <small css={reasonStyle}>{disabledReason}</small>
          </span>
        ) : (
          children
        )}
        {shortcut ? <span css={shortcutStyle}>{shortcut}</span> : null}
      </R.Item>
    );
  }

  function CheckboxItem({ children, ...rest }: ComponentPropsWithoutRef<typeof RadixDropdown.CheckboxItem>) {
    return (
      <R.CheckboxItem css={menuItemStyle} {...rest}>
        <R.ItemIndicator css={itemIconStyle}>
          <CheckIcon size={14} />
        </R.ItemIndicator>
        {children}
      </R.CheckboxItem>
    );
  }

  function RadioItem({ children, ...rest }: ComponentPropsWithoutRef<typeof RadixDropdown.RadioItem>) {
    return (
      <R.RadioItem css={menuItemStyle} {...rest}>
        <R.ItemIndicator css={itemIconStyle}>
          <CheckIcon size={14} />
        </R.ItemIndicator>
        {children}
      </R.RadioItem>
    );
  }

  function Separator() {
    return <R.Separator css={separatorStyle} />;
  }

  function Label({ children }: { children: ReactNode }) {
    return <R.Label css={labelStyle}>{children}</R.Label>;
  }

  function SubTrigger({ icon, children, ...rest }: ComponentPropsWithoutRef<typeof RadixDropdown.SubTrigger> & { icon?: ReactNode }) {
    return (
      <R.SubTrigger css={menuItemStyle} {...rest}>
        {icon ? <span css={itemIconStyle}>{icon}</span> : null}
        {children}
        <ChevronRightIcon size={14} css={{ marginLeft: 'auto' }} />
      </R.SubTrigger>
    );
  }

  function SubContent({ children, ...rest }: ComponentPropsWithoutRef<typeof RadixDropdown.SubContent>) {
    return (
      <R.Portal>
        <R.SubContent sideOffset={2} collisionPadding={8} css={menuContentStyle} {...rest}>
          {children}
        </R.SubContent>
      </R.Portal>
    );
  }

  return { Item, CheckboxItem, RadioItem, Separator, Label, SubTrigger, SubContent };
}
