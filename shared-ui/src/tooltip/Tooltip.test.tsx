import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '../button/Button';
import { Tooltip } from './Tooltip';
import { DisabledReason, PermissionTooltip } from './DisabledReason';

const REASON = 'You need additional permissions to upload files';

describe('Tooltip', () => {
  it('shows its text when the trigger gets keyboard focus', async () => {
    const user = userEvent.setup();
    render(
      <Tooltip content="Refresh the list">
        <Button>Refresh</Button>
      </Tooltip>,
    );
    await user.tab();
    expect((await screen.findByRole('tooltip')).textContent).toBe('Refresh the list');
  });
});

describe('DisabledReason / PermissionTooltip', () => {
  it('keeps the disabled button focusable and shows the reason on focus', async () => {
    const user = userEvent.setup();
    const upload = vi.fn();
    render(
      <PermissionTooltip allowed={false} message={REASON}>
        <Button onClick={upload}>Upload files</Button>
      </PermissionTooltip>,
    );
    const button = screen.getByRole('button', { name: 'Upload files' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.hasAttribute('disabled')).toBe(false);
    await user.tab();
    expect(document.activeElement).toBe(button);
    expect((await screen.findByRole('tooltip')).textContent).toBe(REASON);
  });

  it('shows the reason on hover and ignores clicks', async () => {
    const user = userEvent.setup();
    const upload = vi.fn();
    render(
      <DisabledReason reason={REASON} delayMs={0}>
        <Button onClick={upload}>Upload files</Button>
      </DisabledReason>,
    );
    const button = screen.getByRole('button', { name: 'Upload files' });
    await user.hover(button);
    expect((await screen.findByRole('tooltip')).textContent).toBe(REASON);
    await user.click(button);
    expect(upload).not.toHaveBeenCalled();
  });

  it('leaves an allowed button untouched: enabled, clickable, no tooltip', async () => {
    const user = userEvent.setup();
    const upload = vi.fn();
    render(
      <PermissionTooltip allowed message={REASON}>
        <Button onClick={upload}>Upload files</Button>
      </PermissionTooltip>,
    );
    const button = screen.getByRole('button', { name: 'Upload files' });
    expect(button.hasAttribute('aria-disabled')).toBe(false);
    await user.click(button);
    expect(upload).toHaveBeenCalledTimes(1);
    await user.tab();
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('blocks a submit button from submitting its form', async () => {
    const user = userEvent.setup();
    const submit = vi.fn((event: SubmitEvent) => event.preventDefault());
    render(
      <form onSubmit={(event) => submit(event.nativeEvent as SubmitEvent)}>
        <DisabledReason reason="You need additional permissions to update storage settings">
          <Button type="submit">Save</Button>
        </DisabledReason>
      </form>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(submit).not.toHaveBeenCalled();
  });
});
