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
    const tip = await screen.findByRole('tooltip');
    expect(tip.textContent).toBe('Refresh the list');
    expect(screen.getByRole('button', { name: 'Refresh' }).getAttribute('aria-describedby')).toBe(tip.id);
  });

  it('shows on hover after its delay, and Escape closes it', async () => {
    const user = userEvent.setup();
    render(
      <Tooltip content="Reload" delayMs={50}>
        <Button>R</Button>
      </Tooltip>,
    );
    await user.hover(screen.getByRole('button', { name: 'R' }));
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect((await screen.findByRole('tooltip')).textContent).toBe('Reload');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows nothing for a click (focus given by the pointer) and keeps the button working', async () => {
    const user = userEvent.setup();
    const click = vi.fn();
    render(
      <Tooltip content="Clear selection" delayMs={10_000}>
        <Button onClick={click}>Clear</Button>
      </Tooltip>,
    );
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it("keeps the trigger's own ref and handlers", async () => {
    const user = userEvent.setup();
    const focus = vi.fn();
    const ref = { current: null as HTMLButtonElement | null };
    render(
      <Tooltip content="Search">
        <button type="button" ref={ref} onFocus={focus}>
          S
        </button>
      </Tooltip>,
    );
    await user.tab();
    expect(focus).toHaveBeenCalledTimes(1);
    expect(ref.current).toBe(screen.getByRole('button', { name: 'S' }));
    await user.tab();
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('keeps the same trigger element, focused, when its tooltip part arrives, and Escape hides the tooltip', async () => {
    const user = userEvent.setup();
    render(
      <Tooltip content="Copy the key">
        <Button>Copy</Button>
      </Tooltip>,
    );
    const before = screen.getByRole('button', { name: 'Copy' });
    await user.tab();
    const tip = await screen.findByRole('tooltip');
    expect(tip.textContent).toBe('Copy the key');
    expect(screen.getByRole('button', { name: 'Copy' })).toBe(before);
    expect(document.activeElement).toBe(before);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(document.activeElement).toBe(before);
    expect(before.hasAttribute('aria-describedby')).toBe(false);
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

describe('DisabledReason after a click', () => {
  it('still shows the reason while the pointer stays on the disabled button', async () => {
    const user = userEvent.setup();
    render(
      <DisabledReason reason={REASON} delayMs={20}>
        <Button>Upload files</Button>
      </DisabledReason>,
    );
    const button = screen.getByRole('button', { name: 'Upload files' });
    await user.click(button);
    expect((await screen.findByRole('tooltip')).textContent).toBe(REASON);
  });

  it('keeps the reason showing when the disabled button is pressed while it shows', async () => {
    const user = userEvent.setup();
    render(
      <DisabledReason reason={REASON} delayMs={0}>
        <Button>Upload files</Button>
      </DisabledReason>,
    );
    const button = screen.getByRole('button', { name: 'Upload files' });
    await user.hover(button);
    expect((await screen.findByRole('tooltip')).textContent).toBe(REASON);
    await user.click(button);
    expect(screen.getByRole('tooltip').textContent).toBe(REASON);
  });

  it('hides the tooltip of an enabled button when it is pressed', async () => {
    const user = userEvent.setup();
    render(
      <Tooltip content="Reload the list" delayMs={0}>
        <Button>Reload</Button>
      </Tooltip>,
    );
    const button = screen.getByRole('button', { name: 'Reload' });
    await user.hover(button);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Reload the list');
    await user.click(button);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
