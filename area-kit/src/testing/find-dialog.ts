import { screen, waitFor, type waitForOptions } from '@testing-library/react';

/**
 * Finds an open dialog by its accessible name and waits until it takes the pointer.
 * A modal dialog shuts pointer events off on everything outside it, and the layer that
 * opened it (a menu, another dialog) hands them over a render after the dialog appears:
 * clicking inside before then would be refused, as it would be for a user's very first click.
 */
export async function findDialog(name?: string | RegExp, options: waitForOptions = { timeout: 5000 }): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog', name === undefined ? {} : { name }, options);
  await waitFor(() => {
    if (!takesPointer(dialog)) throw new Error('the dialog does not take pointer events yet');
  }, options);
  return dialog;
}

/** Whether the nearest element that sets pointer events, from this one up, lets them through. */
function takesPointer(element: HTMLElement): boolean {
  for (let at: HTMLElement | null = element; at; at = at.parentElement) {
    const value = getComputedStyle(at).pointerEvents;
    if (value && value !== 'inherit') return value !== 'none';
  }
  return true;
}
