import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect, test } from 'vitest';
import { makeProject, markProjectsConnected, projectApi, REF, renderShell } from './test-harness';

// A file of its own: the menus' code is not loaded yet when each test acts (one module registry per file).

test('keys typed right after Ctrl+K, before the menu code is here, reach its search and Enter opens the match', async () => {
  markProjectsConnected(REF);
  const { router } = renderShell(`/project/${REF}`, projectApi(makeProject()));
  await screen.findByTestId('project-status');
  const press = (key: string, init: KeyboardEventInit = {}) => fireEvent.keyDown(document.body, { key, ...init });
  press('k', { ctrlKey: true });
  for (const key of 'table editor') press(key);
  press('Enter');
  await waitFor(() => expect(router.state.location.pathname).toBe(`/project/${REF}/editor`));
  expect(screen.queryByRole('combobox', { name: 'Search the console' })).toBeNull();
});

test('a click on the account button before the menu code is here opens the menu when it arrives', async () => {
  renderShell(`/project/${REF}`, projectApi(makeProject()));
  const button = await screen.findByRole('button', { name: 'Account' });
  expect(button.getAttribute('aria-haspopup')).toBe('menu');
  fireEvent.pointerDown(button, { button: 0 });
  fireEvent.click(button);
  expect(await screen.findByRole('menuitem', { name: 'Account Preferences' })).toBeTruthy();
});
