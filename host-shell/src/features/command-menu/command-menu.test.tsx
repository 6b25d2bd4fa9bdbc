import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test } from 'vitest';
import { makeProject, projectApi, REF, renderShell, markProjectsConnected } from '../../app/test-harness';
import { useCommandMenu } from './command-store';
import { filterCommands, buildCommands } from './commands';

beforeEach(() => {
  markProjectsConnected(REF);
  useCommandMenu.setState({ open: false });
});

test('Ctrl+K opens the menu; typing, arrow keys and Enter open a project', async () => {
  const other = makeProject({ ref: 'zyxwvutsrqponmlkjihg', name: 'Billing service' });
  const api = projectApi(makeProject(), { 'GET /platform/projects': [makeProject(), other], [`GET /platform/projects/${other.ref}`]: other });
  const { router } = renderShell(`/project/${REF}`, api);
  await screen.findByTestId('project-status');
  await userEvent.keyboard('{Control>}k{/Control}');
  const search = await screen.findByRole('combobox', { name: 'Search pages and projects' });
  await userEvent.type(search, 'b');
  const options = screen.getAllByRole('option');
  expect(options.map((o) => o.textContent)).toContain('Billing serviceProjects');
  expect(options[0].getAttribute('aria-selected')).toBe('true');
  const billingIndex = options.findIndex((o) => o.textContent?.startsWith('Billing service'));
  for (let i = 0; i < billingIndex; i++) await userEvent.keyboard('{ArrowDown}');
  expect(screen.getAllByRole('option')[billingIndex].getAttribute('aria-selected')).toBe('true');
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(router.state.location.pathname).toBe(`/project/${other.ref}`));
  expect(screen.queryByRole('combobox', { name: 'Search pages and projects' })).toBeNull();
});

test('the rail button opens the menu and a page is found by name', async () => {
  const { router } = renderShell(`/project/${REF}`, projectApi(makeProject()));
  await screen.findByTestId('project-status');
  await userEvent.click(screen.getByRole('button', { name: /Search/ }));
  await userEvent.type(await screen.findByRole('combobox', { name: 'Search pages and projects' }), 'table editor{Enter}');
  await waitFor(() => expect(router.state.location.pathname).toBe(`/project/${REF}/editor`));
});

test('Escape closes the menu and nothing matching says so', async () => {
  renderShell(`/project/${REF}`, projectApi(makeProject()));
  await screen.findByTestId('project-status');
  await userEvent.keyboard('{Meta>}k{/Meta}');
  await userEvent.type(await screen.findByRole('combobox', { name: 'Search pages and projects' }), 'qqqq');
  expect(screen.getByText(/No pages or projects match/)).toBeTruthy();
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Search pages and projects' })).toBeNull());
});

test('search matches every word in any order', () => {
  const projectPages = [{ key: 'sql', label: 'SQL Editor', href: `/project/${REF}/sql/new` }, { key: 'storage', label: 'Storage', href: `/project/${REF}/storage/buckets` }];
  const commands = buildCommands({ projectPages, projects: [] });
  expect(filterCommands(commands, 'editor sql').map((c) => c.label)).toEqual(['SQL Editor']);
  expect(filterCommands(commands, '').length).toBe(commands.length);
});
