import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SidePanel } from './SidePanel';

function Panel(props: { confirmDisabled?: boolean; confirmTooltip?: string; onConfirm?: () => void; onCancel?: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <SidePanel open={open} onOpenChange={setOpen} title="Edit bucket" {...props}>
      <p>Settings</p>
    </SidePanel>
  );
}

describe('SidePanel', () => {
  it('offers Cancel and Confirm when it confirms something; Confirm calls back, Cancel closes', async () => {
    const user = userEvent.setup();
    const confirmed = vi.fn();
    const cancelled = vi.fn();
    render(<Panel onConfirm={confirmed} onCancel={cancelled} />);
    expect(screen.getByRole('dialog', { name: 'Edit bucket' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(confirmed).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(cancelled).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the optional tooltip on a disabled Confirm, which stays focusable and does nothing', async () => {
    const user = userEvent.setup();
    const confirmed = vi.fn();
    render(<Panel confirmDisabled confirmTooltip="You need additional permissions to update storage settings" onConfirm={confirmed} />);
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    expect(confirm.getAttribute('aria-disabled')).toBe('true');
    confirm.focus();
    expect((await screen.findByRole('tooltip')).textContent).toBe('You need additional permissions to update storage settings');
    await user.click(confirm);
    expect(confirmed).not.toHaveBeenCalled();
  });

  it('shows only its close button when it confirms nothing: no Cancel or Confirm without onConfirm, formId or a footer', async () => {
    const user = userEvent.setup();
    render(<Panel />);
    const panel = screen.getByRole('dialog', { name: 'Edit bucket' });
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label') ?? b.textContent)).toEqual(['Close']);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(panel.isConnected).toBe(false);
  });

  it('submits its form from Confirm when given formId, and draws a footer of its own', () => {
    const { unmount } = render(
      <SidePanel open title="Create user" formId="user-form" confirmText="Create user">
        <form id="user-form" />
      </SidePanel>,
    );
    expect(screen.getByRole('button', { name: 'Create user' }).getAttribute('type')).toBe('submit');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    unmount();
    render(<SidePanel open title="Entry" footer={<button type="button">Copy as JSON</button>} />);
    expect(screen.getByRole('button', { name: 'Copy as JSON' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('Escape closes it', async () => {
    const user = userEvent.setup();
    render(<Panel />);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
