import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '../button/Button';
import { Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from './Menu';
import { ContextMenu, ContextMenuContent, ContextMenuItem, ContextMenuTrigger } from '../context-menu/ContextMenu';

/** A menu opened from an "Actions" button, holding `items`. */
const renderActionsMenu = (items: ReactNode) =>
  render(
    <Menu>
      <MenuTrigger asChild>
        <Button>Actions</Button>
      </MenuTrigger>
      <MenuContent>{items}</MenuContent>
    </Menu>,
  );

describe('Menu', () => {
  it('an item with a reason is disabled, says why under its label, and is skipped by the arrows', async () => {
    const user = userEvent.setup();
    const rename = vi.fn();
    const remove = vi.fn();
    renderActionsMenu(
      <>
        <MenuItem disabledReason="You need write access to rename" onSelect={rename}>
          Rename
        </MenuItem>
        <MenuItem onSelect={remove}>Download</MenuItem>
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    const renameItem = screen.getByRole('menuitem', { name: /Rename/ });
    expect(renameItem.getAttribute('aria-disabled')).toBe('true');
    expect(renameItem.textContent).toContain('You need write access to rename');
    expect(renameItem.getAttribute('title')).toBe('You need write access to rename');
    await user.click(renameItem);
    expect(rename).not.toHaveBeenCalled();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Download' }));
  });

  it('opens from the keyboard, moves with arrows, chooses with Enter and returns focus', async () => {
    const user = userEvent.setup();
    const rename = vi.fn();
    const remove = vi.fn();
    renderActionsMenu(
      <>
        <MenuItem onSelect={rename}>Rename</MenuItem>
        <MenuSeparator />
        <MenuItem danger onSelect={remove}>
          Delete
        </MenuItem>
      </>,
    );
    const trigger = screen.getByRole('button', { name: 'Actions' });
    await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menu')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Rename' }));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.keyboard('{Enter}');
    expect(remove).toHaveBeenCalledTimes(1);
    expect(rename).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('a disabled item cannot be chosen', async () => {
    const user = userEvent.setup();
    const download = vi.fn();
    renderActionsMenu(
      <MenuItem disabled onSelect={download}>
        Download
      </MenuItem>,
    );
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Download' }));
    expect(download).not.toHaveBeenCalled();
  });
});

describe('ContextMenu', () => {
  it('opens on right-click and runs the chosen item', async () => {
    const user = userEvent.setup();
    const rename = vi.fn();
    render(
      <ContextMenu>
        <ContextMenuTrigger asChild>
          <div>report.pdf</div>
        </ContextMenuTrigger>
        <ContextMenuContent>
          <ContextMenuItem onSelect={rename}>Rename</ContextMenuItem>
        </ContextMenuContent>
      </ContextMenu>,
    );
    expect(screen.queryByRole('menu')).toBeNull();
    await user.pointer({ keys: '[MouseRight]', target: screen.getByText('report.pdf') });
    await user.click(screen.getByRole('menuitem', { name: 'Rename' }));
    expect(rename).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
