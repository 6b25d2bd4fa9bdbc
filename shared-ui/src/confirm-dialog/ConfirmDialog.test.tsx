import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmByTypingDialog } from './ConfirmDialog';

function DeleteBucket({ onConfirm }: { onConfirm: () => void | Promise<unknown> }) {
  const [open, setOpen] = useState(true);
  return (
    <ConfirmByTypingDialog
      open={open}
      onOpenChange={setOpen}
      title="Confirm deletion of avatars"
      description="This action cannot be undone."
      confirmValue="avatars"
      inputLabel="Type avatars to confirm."
      confirmLabel="Delete bucket"
      onConfirm={onConfirm}
    />
  );
}

describe('ConfirmByTypingDialog', () => {
  it('focuses the input and keeps Confirm disabled until the typed value matches', async () => {
    const user = userEvent.setup();
    render(<DeleteBucket onConfirm={() => {}} />);
    const input = screen.getByRole('textbox', { name: 'Type avatars to confirm.' });
    expect(document.activeElement).toBe(input);
    const confirm = screen.getByRole('button', { name: 'Delete bucket' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await user.type(input, 'avatar');
    expect(confirm.disabled).toBe(true);
    await user.type(input, 's');
    expect(confirm.disabled).toBe(false);
    await user.type(input, 'x');
    expect(confirm.disabled).toBe(true);
  });

  it("says 'Value entered does not match.' for a different value", async () => {
    const user = userEvent.setup();
    render(<DeleteBucket onConfirm={() => {}} />);
    const input = screen.getByRole('textbox', { name: 'Type avatars to confirm.' });
    await user.type(input, 'Avatars');
    expect(screen.getByRole('alert').textContent).toBe('Value entered does not match.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it("says 'Enter the required value.' when the input is emptied or submitted empty", async () => {
    const user = userEvent.setup();
    render(<DeleteBucket onConfirm={() => {}} />);
    expect(screen.queryByRole('alert')).toBeNull();
    const input = screen.getByRole('textbox', { name: 'Type avatars to confirm.' });
    await user.keyboard('{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('Enter the required value.');
    await user.type(input, 'a');
    await user.clear(input);
    expect(screen.getByRole('alert').textContent).toBe('Enter the required value.');
  });

  it('confirms on click or Enter once matched, and not before', async () => {
    const user = userEvent.setup();
    const confirmed = vi.fn();
    render(<DeleteBucket onConfirm={confirmed} />);
    const input = screen.getByRole('textbox', { name: 'Type avatars to confirm.' });
    await user.type(input, 'avatar{Enter}');
    expect(confirmed).not.toHaveBeenCalled();
    await user.type(input, 's{Enter}');
    expect(confirmed).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Delete bucket' }));
    expect(confirmed).toHaveBeenCalledTimes(2);
  });

  it('while the confirmation runs, the dialog cannot be dismissed', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => {};
    const pending = new Promise<void>((resolve) => {
      finish = resolve;
    });
    render(<DeleteBucket onConfirm={() => pending} />);
    await user.type(screen.getByRole('textbox'), 'avatars{Enter}');
    expect(screen.getByRole('button', { name: 'Delete bucket' }).getAttribute('aria-busy')).toBe('true');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeTruthy();
    finish();
    await pending;
  });
});
