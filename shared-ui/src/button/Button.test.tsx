import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from './Button';
import { PlusIcon } from '../icons/glyphs';

describe('Button', () => {
  it('is a button (not a submit) by default and runs its action from mouse and keyboard', async () => {
    const user = userEvent.setup();
    const create = vi.fn();
    render(
      <Button icon={<PlusIcon />} onClick={create}>
        New bucket
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'New bucket' });
    expect(button.getAttribute('type')).toBe('button');
    await user.click(button);
    expect(create).toHaveBeenCalledTimes(1);
    button.blur();
    await user.tab();
    expect(document.activeElement).toBe(button);
    await user.keyboard('{Enter}');
    expect(create).toHaveBeenCalledTimes(2);
  });

  it('while loading it is busy and ignores clicks', async () => {
    const user = userEvent.setup();
    const save = vi.fn();
    render(
      <Button loading onClick={save}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    await user.click(button);
    expect(save).not.toHaveBeenCalled();
  });

  it('a disabled button cannot be clicked', async () => {
    const user = userEvent.setup();
    const save = vi.fn();
    render(
      <Button disabled onClick={save}>
        Save
      </Button>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(save).not.toHaveBeenCalled();
  });
});
