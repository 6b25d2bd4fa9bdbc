import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CodeBlock } from './CodeBlock';

const sql = 'select * from storage.buckets;';

describe('CodeBlock', () => {
  afterEach(() => vi.useRealTimers());

  it('copies its code, says so, and goes back to Copy', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    render(<CodeBlock code={sql} label="SQL" copiedForMs={600} />);
    expect(screen.getByText(sql)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Copy SQL' }));
    expect(writeText).toHaveBeenCalledWith(sql);
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Copied to the clipboard');
    expect(await screen.findByRole('button', { name: 'Copy SQL' })).toBeTruthy();
  });

  it('tells the user to copy by hand when the clipboard refuses', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    render(<CodeBlock code={sql} />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    await act(async () => {});
    expect(screen.getByRole('status').textContent).toContain('Could not copy');
  });
});
