import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '../button/Button';
import { Dialog, DialogClose } from './Dialog';

function RenameDialog({ dismissible }: { dismissible?: boolean }) {
  return (
    <>
      <Button>Before</Button>
      <Dialog
        trigger={<Button>Rename</Button>}
        title="Rename file"
        description="Choose a new name."
        dismissible={dismissible}
        footer={
          <>
            <DialogClose asChild>
              <Button>Cancel</Button>
            </DialogClose>
            <Button variant="primary">Save</Button>
          </>
        }
      >
        <input aria-label="New name" />
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('opens from the keyboard, is named by its title and described by its description', async () => {
    const user = userEvent.setup();
    render(<RenameDialog />);
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rename' }));
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Rename file' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe('Choose a new name.');
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('traps focus: Tab from the last control wraps to the first, Shift+Tab goes back', async () => {
    const user = userEvent.setup();
    render(<RenameDialog />);
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    const dialog = screen.getByRole('dialog');
    for (let i = 0; i < 8; i += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    for (let i = 0; i < 8; i += 1) {
      await user.tab({ shift: true });
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it('Escape closes it and focus returns to the button that opened it', async () => {
    const user = userEvent.setup();
    render(<RenameDialog />);
    const opener = screen.getByRole('button', { name: 'Rename' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('Cancel and the × button close it', async () => {
    const user = userEvent.setup();
    render(<RenameDialog />);
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays open on Escape while not dismissible', async () => {
    const user = userEvent.setup();
    render(<RenameDialog dismissible={false} />);
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Rename file' })).toBeTruthy();
  });
});

describe('Dialog opened from state (no trigger)', () => {
  it('gives focus back to the button that opened it', async () => {
    const { useState } = await import('react');
    function Controlled() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <Button onClick={() => setOpen(true)}>Delete policy</Button>
          <Dialog open={open} onOpenChange={setOpen} title="Delete policy">
            <p>Sure?</p>
          </Dialog>
        </>
      );
    }
    const user = userEvent.setup();
    render(<Controlled />);
    const opener = screen.getByRole('button', { name: 'Delete policy' });
    await user.click(opener);
    expect(screen.getByRole('dialog', { name: 'Delete policy' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('gives focus to returnFocusTo when what opened it has left the page', async () => {
    const { useState } = await import('react');
    function FromAMenu() {
      const [open, setOpen] = useState(false);
      const [menu, setMenu] = useState(true);
      return (
        <>
          <div role="listbox" tabIndex={0} aria-label="Files" />
          {menu ? (
            <Button
              onClick={() => {
                setMenu(false);
                setOpen(true);
              }}
            >
              Delete
            </Button>
          ) : null}
          <Dialog open={open} onOpenChange={setOpen} title="Confirm deletion" returnFocusTo={() => document.querySelector<HTMLElement>('[role="listbox"]')}>
            <p>Sure?</p>
          </Dialog>
        </>
      );
    }
    const user = userEvent.setup();
    render(<FromAMenu />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('dialog', { name: 'Confirm deletion' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('listbox', { name: 'Files' }));
  });

  it('gives focus back to the button of the menu it was chosen from', async () => {
    const { useState } = await import('react');
    const { Menu, MenuContent, MenuItem, MenuTrigger } = await import('../menu/Menu');
    function FromRowMenu() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <Menu>
            <MenuTrigger asChild>
              <Button>Actions for media</Button>
            </MenuTrigger>
            <MenuContent>
              <MenuItem onSelect={() => setOpen(true)}>Delete bucket</MenuItem>
            </MenuContent>
          </Menu>
          <Dialog open={open} onOpenChange={setOpen} title="Confirm deletion of media">
            <input aria-label="Bucket name" />
          </Dialog>
        </>
      );
    }
    const user = userEvent.setup();
    render(<FromRowMenu />);
    const trigger = screen.getByRole('button', { name: 'Actions for media' });
    trigger.focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('menuitem', { name: 'Delete bucket' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm deletion of media' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });
});
