import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import * as RadixContextMenu from '@radix-ui/react-context-menu';
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

export interface ContextMenuItemProps extends ComponentPropsWithoutRef<typeof RadixContextMenu.Item> {
  icon?: ReactNode;
  /** Keyboard shortcut shown at the right, e.g. '⌘K'. */
  shortcut?: string;
  /** Destructive action: drawn in the danger colour. */
  danger?: boolean;
}

export function ContextMenuItem({ icon, shortcut, danger = false, children, ...rest }: ContextMenuItemProps) {
  return (
    <RadixContextMenu.Item css={[menuItemStyle, danger && dangerItemStyle]} {...rest}>
      {icon ? <span css={itemIconStyle}>{icon}</span> : null}
      {children}
      {shortcut ? <span css={shortcutStyle}>{shortcut}</span> : null}
    </RadixContextMenu.Item>
  );
}

export function ContextMenuCheckboxItem({ children, ...rest }: ComponentPropsWithoutRef<typeof RadixContextMenu.CheckboxItem>) {
  return (
    <RadixContextMenu.CheckboxItem css={menuItemStyle} {...rest}>
      <RadixContextMenu.ItemIndicator css={itemIconStyle}>
        <CheckIcon size={14} />
      </RadixContextMenu.ItemIndicator>
      {children}
    </RadixContextMenu.CheckboxItem>
  );
}

export function ContextMenuRadioItem({ children, ...rest }: ComponentPropsWithoutRef<typeof RadixContextMenu.RadioItem>) {
  return (
    <RadixContextMenu.RadioItem css={menuItemStyle} {...rest}>
      <RadixContextMenu.ItemIndicator css={itemIconStyle}>
        <CheckIcon size={14} />
      </RadixContextMenu.ItemIndicator>
      {children}
    </RadixContextMenu.RadioItem>
  );
}

export function ContextMenuSeparator() {
  return <RadixContextMenu.Separator css={separatorStyle} />;
}

export function ContextMenuLabel({ children }: { children: ReactNode }) {
  return <RadixContextMenu.Label css={labelStyle}>{children}</RadixContextMenu.Label>;
}

export function ContextMenuSubTrigger({ icon, children, ...rest }: ComponentPropsWithoutRef<typeof RadixContextMenu.SubTrigger> & { icon?: ReactNode }) {
  return (
    <RadixContextMenu.SubTrigger css={menuItemStyle} {...rest}>
      {icon ? <span css={itemIconStyle}>{icon}</span> : null}
      {children}
      <ChevronRightIcon size={14} css={{ marginLeft: 'auto' }} />
    </RadixContextMenu.SubTrigger>
  );
}

export function ContextMenuSubContent({ children, ...rest }: ComponentPropsWithoutRef<typeof RadixContextMenu.SubContent>) {
  return (
    <RadixContextMenu.Portal>
      <RadixContextMenu.SubContent sideOffset={2} collisionPadding={8} css={menuContentStyle} {...rest}>
        {children}
      </RadixContextMenu.SubContent>
    </RadixContextMenu.Portal>
  );
}
