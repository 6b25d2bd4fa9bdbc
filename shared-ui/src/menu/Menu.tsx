import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import { CheckIcon, ChevronRightIcon } from '@plinth/shared-ui/icons';
import {
  dangerItemStyle,
  itemIconStyle,
  labelStyle,
  menuContentStyle,
  menuItemStyle,
  separatorStyle,
  shortcutStyle,
} from '../internal/menuStyles';

/**
 * Dropdown menu opened from a button. Arrow keys move, Enter/Space choose, typing jumps to an
 * item, Escape closes and returns focus to the trigger.
 *
 *   <Menu>
 *     <MenuTrigger asChild><Button>Actions</Button></MenuTrigger>
 *     <MenuContent>
 *       <MenuItem onSelect={rename}>Rename</MenuItem>
 *       <MenuSeparator />
 *       <MenuItem danger onSelect={remove}>Delete</MenuItem>
 *     </MenuContent>
 *   </Menu>
 */
export const Menu = RadixMenu.Root;
export const MenuTrigger = RadixMenu.Trigger;
export const MenuGroup = RadixMenu.Group;
export const MenuSub = RadixMenu.Sub;
export const MenuRadioGroup = RadixMenu.RadioGroup;

export interface MenuContentProps extends ComponentPropsWithoutRef<typeof RadixMenu.Content> {
  children: ReactNode;
}

export function MenuContent({ children, sideOffset = 4, align = 'start', ...rest }: MenuContentProps) {
  return (
    <RadixMenu.Portal>
      <RadixMenu.Content sideOffset={sideOffset} align={align} collisionPadding={8} css={menuContentStyle} {...rest}>
        {children}
      </RadixMenu.Content>
    </RadixMenu.Portal>
  );
}

export interface MenuItemProps extends ComponentPropsWithoutRef<typeof RadixMenu.Item> {
  icon?: ReactNode;
  /** Keyboard shortcut shown at the right, e.g. '⌘K'. */
  shortcut?: string;
  /** Destructive action: drawn in the danger colour. */
  danger?: boolean;
}

export function MenuItem({ icon, shortcut, danger = false, children, ...rest }: MenuItemProps) {
  return (
    <RadixMenu.Item css={[menuItemStyle, danger && dangerItemStyle]} {...rest}>
      {icon ? <span css={itemIconStyle}>{icon}</span> : null}
      {children}
      {shortcut ? <span css={shortcutStyle}>{shortcut}</span> : null}
    </RadixMenu.Item>
  );
}

export function MenuCheckboxItem({ children, ...rest }: ComponentPropsWithoutRef<typeof RadixMenu.CheckboxItem>) {
  return (
    <RadixMenu.CheckboxItem css={menuItemStyle} {...rest}>
      <RadixMenu.ItemIndicator css={itemIconStyle}>
        <CheckIcon size={14} />
      </RadixMenu.ItemIndicator>
      {children}
    </RadixMenu.CheckboxItem>
  );
}

export function MenuRadioItem({ children, ...rest }: ComponentPropsWithoutRef<typeof RadixMenu.RadioItem>) {
  return (
    <RadixMenu.RadioItem css={menuItemStyle} {...rest}>
      <RadixMenu.ItemIndicator css={itemIconStyle}>
        <CheckIcon size={14} />
      </RadixMenu.ItemIndicator>
      {children}
    </RadixMenu.RadioItem>
  );
}

export function MenuSeparator() {
  return <RadixMenu.Separator css={separatorStyle} />;
}

export function MenuLabel({ children }: { children: ReactNode }) {
  return <RadixMenu.Label css={labelStyle}>{children}</RadixMenu.Label>;
}

export function MenuSubTrigger({ icon, children, ...rest }: ComponentPropsWithoutRef<typeof RadixMenu.SubTrigger> & { icon?: ReactNode }) {
  return (
    <RadixMenu.SubTrigger css={menuItemStyle} {...rest}>
      {icon ? <span css={itemIconStyle}>{icon}</span> : null}
      {children}
      <ChevronRightIcon size={14} css={{ marginLeft: 'auto' }} />
    </RadixMenu.SubTrigger>
  );
}

export function MenuSubContent({ children, ...rest }: ComponentPropsWithoutRef<typeof RadixMenu.SubContent>) {
  return (
    <RadixMenu.Portal>
      <RadixMenu.SubContent sideOffset={2} collisionPadding={8} css={menuContentStyle} {...rest}>
        {children}
      </RadixMenu.SubContent>
    </RadixMenu.Portal>
  );
}
