import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from './Toaster';
import { clearToasts, notify, toastStore, DEFAULT_TOAST_DURATION_MS } from './store';

describe('toasts', () => {
  afterEach(() => act(() => clearToasts()));

  it('the first notice appears with its message (the list is fetched on demand)', async () => {
    render(<Toaster />);
    act(() => {
      notify({ kind: 'success', message: 'Successfully saved policy!', durationMs: 60_000 });
    });
    expect(await screen.findByText('Successfully saved policy!', {}, { timeout: 15_000 })).toBeTruthy();
  });

  it('a notice leaves after its duration', async () => {
    await import('./ToastList');
    render(<Toaster />);
    act(() => {
      notify({ kind: 'success', message: 'Successfully deleted policy!', durationMs: 1000 });
    });
    expect(await screen.findByText('Successfully deleted policy!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Successfully deleted policy!')).toBeNull(), { timeout: 10_000 });
    expect(toastStore.getState().toasts).toHaveLength(0);
  });

  it('lasts 4000 ms unless told otherwise', () => {
    notify({ kind: 'info', message: 'Copied' });
    expect(DEFAULT_TOAST_DURATION_MS).toBe(4000);
    expect(toastStore.getState().toasts[0].durationMs).toBe(4000);
  });

  it('renders nothing until the first notice', () => {
    const { container } = render(<Toaster />);
    expect(container.innerHTML).toBe('');
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('the dismiss button removes it at once', async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    act(() => {
      notify({ kind: 'error', message: 'Failed to delete bucket: bucket is busy', durationMs: 60_000 });
    });
    expect(await screen.findByText('Failed to delete bucket: bucket is busy', {}, { timeout: 15_000 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Failed to delete bucket: bucket is busy')).toBeNull();
  });

  it('several notices stack; each leaves on its own', async () => {
    render(<Toaster />);
    act(() => {
      notify({ kind: 'success', message: 'First', durationMs: 1000 });
      notify({ kind: 'warning', message: 'Second', durationMs: 60_000 });
    });
    expect(await screen.findByText('First', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('Second')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('First')).toBeNull(), { timeout: 10_000 });
    expect(screen.getByText('Second')).toBeTruthy();
  });
});
