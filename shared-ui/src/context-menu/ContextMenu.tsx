import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import * as RadixContextMenu from '@radix-ui/react-context-menu';
import { menuContentStyle } from '../internal/menuStyles';
import { createMenuParts, type MenuItemPartProps } from '../internal/menuParts';

/**
 * Menu opened by right-click (or the context-menu key, or Shift+F10) on its trigger area, e.g. a
 * row of the storage explorer. Keyboard behaviour as in the dropdown menu.
 *
 *   <ContextMenu>
 *     <ContextMenuTrigger asChild><div role="row">…</div></ContextMenuTrigger>
 *     <ContextMenuContent>
 *       <ContextMenuItem onSelect={rename}>Rename</ContextMenuItem>
 *       <ContextMenuItem danger onSelect={remove}>Delete</ContextMenuItem>
 *     </ContextMenuContent>
 *   </ContextMenu>
 */
export const ContextMenu = RadixContextMenu.Root;
export const ContextMenuTrigger = RadixContextMenu.Trigger;
export const ContextMenuGroup = RadixContextMenu.Group;
export const ContextMenuSub = RadixContextMenu.Sub;
export const ContextMenuRadioGroup = RadixContextMenu.RadioGroup;

export interface ContextMenuContentProps extends ComponentPropsWithoutRef<typeof RadixContextMenu.Content> {
  children: ReactNode;
}

export function ContextMenuContent({ children, ...rest }: ContextMenuContentProps) {
  return (
    <RadixContextMenu.Portal>
      <RadixContextMenu.Content collisionPadding={8} css={menuContentStyle} {...rest}>
        {children}
      </RadixContextMenu.Content>
    </RadixContextMenu.Portal>
  );
}

const parts = createMenuParts(RadixContextMenu);

export type ContextMenuItemProps = MenuItemPartProps;
export const ContextMenuItem = parts.Item;
export const ContextMenuCheckboxItem = parts.CheckboxItem;
export const ContextMenuRadioItem = parts.RadioItem;
export const ContextMenuSeparator = parts.Separator;
export const ContextMenuLabel = parts.Label;
export const ContextMenuSubTrigger = parts.SubTrigger;
export const ContextMenuSubContent = parts.SubContent;
