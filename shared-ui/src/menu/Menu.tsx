import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import { menuContentStyle } from '../internal/menuStyles';
import { createMenuParts, type MenuItemPartProps } from '../internal/menuParts';

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

const parts = createMenuParts(RadixMenu);

export type MenuItemProps = MenuItemPartProps;
export const MenuItem = parts.Item;
export const MenuCheckboxItem = parts.CheckboxItem;
export const MenuRadioItem = parts.RadioItem;
export const MenuSeparator = parts.Separator;
export const MenuLabel = parts.Label;
export const MenuSubTrigger = parts.SubTrigger;
export const MenuSubContent = parts.SubContent;
