import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

// The menu's code arrives only when the test lets it: a slow network on the first sign of intent.
const noop = () => undefined;
let letMenuArrive: () => void = noop;

/** RowActions as a fresh page has it: the menu's code not loaded yet. */
async function freshRowActions() {
  vi.resetModules();
  letMenuArrive = noop;
  vi.doMock('@plinth/shared-ui/menu', async (importOriginal) => {
    await new Promise<void>((resolve) => {
      letMenuArrive = resolve;
    });
    return importOriginal();
  });
  return (await import('./RowActions')).RowActions;
}

const deferredImportStarted = () => waitFor(() => expect(letMenuArrive).not.toBe(noop));

describe('RowActions before the menu code is here', () => {
  it('draws the button at once and opens the menu on arrival for a click given before; no click is lost or doubled', async () => {
    const RowActions = await freshRowActions();
    const user = userEvent.setup();
    const chosen: string[] = [];
    const onOpen = vi.fn();
    render(
      <RowActions
        label="Actions for avatars"
        onOpen={onOpen}
        actions={[
          { label: 'Edit bucket', onSelect: () => chosen.push('edit') },
          { label: 'Delete bucket', danger: true, onSelect: () => chosen.push('delete') },
        ]}
      />,
    );
    const standIn = screen.getByRole('button', { name: 'Actions for avatars' });
    expect(standIn.getAttribute('aria-haspopup')).toBe('menu');
    expect(standIn.getAttribute('aria-expanded')).toBe('false');

    await user.click(standIn);
    await deferredImportStarted();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(onOpen).not.toHaveBeenCalled();

    letMenuArrive();
    expect(await screen.findByRole('menu')).toBeTruthy();
    expect(onOpen).toHaveBeenCalledTimes(1);
    const trigger = screen.getByRole('button', { name: 'Actions for avatars', hidden: true });
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    // Still open a moment later: the click given before was not played again to close it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('menu')).toBeTruthy();

    await user.click(screen.getByRole('menuitem', { name: 'Delete bucket' }));
    expect(chosen).toEqual(['delete']);
    expect(screen.queryByRole('menu')).toBeNull();

    // Once the code is here the menu opens as Radix's does, and onOpen runs each time.
    await user.click(screen.getByRole('button', { name: 'Actions for avatars' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit bucket' }));
    expect(chosen).toEqual(['delete', 'edit']);
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it('opens from the keyboard before the code is here, with focus on the first action it can run', async () => {
    const RowActions = await freshRowActions();
    const user = userEvent.setup();
    const onOpen = vi.fn();
    render(
      <RowActions
        label="Actions for orders"
        onOpen={onOpen}
        actions={[
          { label: 'Copy name', onSelect: () => undefined, disabledReason: 'Nothing to copy' },
          { label: 'Rename', onSelect: () => undefined },
          { label: 'Delete', danger: true, onSelect: () => undefined },
        ]}
      />,
    );
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Actions for orders' }));
    await deferredImportStarted();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('menu')).toBeNull();

    letMenuArrive();
    await screen.findByRole('menu');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Rename' })));
    expect(onOpen).toHaveBeenCalledTimes(1);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Actions for orders' }));
  });

  it('ArrowDown given before the code is here opens the menu too', async () => {
    const RowActions = await freshRowActions();
    const user = userEvent.setup();
    render(<RowActions label="Actions for users" actions={[{ label: 'Ban user', onSelect: () => undefined }]} />);
    await user.tab();
    await user.keyboard('{ArrowDown}');
    await deferredImportStarted();
    letMenuArrive();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Ban user' })));
  });

  it('keeps keyboard focus on the button when the menu code arrives, and the loaded button opens by keyboard', async () => {
    const RowActions = await freshRowActions();
    const user = userEvent.setup();
    const onOpen = vi.fn();
    render(
      <>
        <button type="button">Before</button>
        <RowActions label="Actions for logs" onOpen={onOpen} actions={[{ label: 'Download', onSelect: () => undefined }]} />
      </>,
    );
    await user.tab();
    await user.tab();
    const standIn = screen.getByRole('button', { name: 'Actions for logs' });
    expect(document.activeElement).toBe(standIn);
    await deferredImportStarted();
    letMenuArrive();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Actions for logs' })).not.toBe(standIn));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Actions for logs' }));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(onOpen).not.toHaveBeenCalled();

    await user.keyboard(' ');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Download' })));
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('loads nothing until a sign of intent, then on pointer over', async () => {
    const RowActions = await freshRowActions();
    const user = userEvent.setup();
    render(<RowActions label="Actions for buckets" actions={[{ label: 'Empty bucket', onSelect: () => undefined }]} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(letMenuArrive).toBe(noop);
    await user.hover(screen.getByRole('button', { name: 'Actions for buckets' }));
    await deferredImportStarted();
    letMenuArrive();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Actions for buckets' }).id).not.toBe(''));
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
