import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test } from 'vitest';
import { findDialog } from '@plinth/area-kit/testing';
import { clearToasts } from '@plinth/shared-ui/toast';
import { makeProject, projectApi, REF, renderShell, reply } from '../../app/test-harness';
import { useConnectionStore } from './connection-store';

const RESTORE = `POST /platform/projects/${REF}/restore`;
const FREE_LIMIT = 'GET /platform/organizations/acme/members/reached-free-project-limit';
const paused = makeProject({ status: 'INACTIVE' });

beforeEach(() => {
  useConnectionStore.setState({ connected: {} });
  clearToasts();
});

test('restore asks for confirmation, then the project is restoring with a notice', async () => {
  const api = projectApi(paused, { [FREE_LIMIT]: [], [RESTORE]: { status: 'RESTORING' }, [`GET /platform/projects/${REF}/status`]: { status: 'RESTORING' } });
  renderShell(`/project/${REF}/storage/buckets`, api);
  await userEvent.click(await screen.findByRole('button', { name: 'Restore project' }));
  const dialog = await findDialog('Restore this project');
  expect(api.count(RESTORE)).toBe(0);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm restore' }));
  expect(await screen.findByText('Restoring project.')).toBeTruthy();
  expect(await screen.findByRole('heading', { name: 'Restoring project' })).toBeTruthy();
  expect(api.count(RESTORE)).toBe(1);
});

test('when members are over their free project limit a dialog lists them instead of the confirmation', async () => {
  const api = projectApi(paused, {
    [FREE_LIMIT]: [{ username: 'grace', primary_email: 'grace@example.com', free_project_limit: 2 }],
    [RESTORE]: { status: 'RESTORING' },
  });
  renderShell(`/project/${REF}/sql/new`, api);
  await userEvent.click(await screen.findByRole('button', { name: 'Restore project' }));
  const dialog = await findDialog('Free project limit reached');
  expect(within(dialog).getByText(/grace \(grace@example.com\)/)).toBeTruthy();
  expect(screen.queryByRole('dialog', { name: 'Restore this project' })).toBeNull();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Understood' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(api.count(RESTORE)).toBe(0);
});

test('without the resume permission the button is disabled and says why', async () => {
  const api = projectApi(paused, { [FREE_LIMIT]: [] }, 'Read-only');
  renderShell(`/project/${REF}/logs/explorer`, api);
  const button = await screen.findByRole('button', { name: 'Restore project' });
  expect(button.getAttribute('aria-disabled')).toBe('true');
  act(() => button.focus());
  expect((await screen.findAllByText('You need additional permissions to resume this project')).length).toBeGreaterThan(0);
  await userEvent.click(button);
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(api.count(FREE_LIMIT)).toBe(0);
});

test('a 403 from the API gives the permission notice', async () => {
  const api = projectApi(paused, { [FREE_LIMIT]: [], [RESTORE]: reply(403, { message: 'You need the infra execute on initialising or resuming projects permission' }) });
  renderShell(`/project/${REF}/api`, api);
  await userEvent.click(await screen.findByRole('button', { name: 'Restore project' }));
  await userEvent.click(within(await findDialog()).getByRole('button', { name: 'Confirm restore' }));
  expect(await screen.findByText('You do not have the required permissions to restore this project')).toBeTruthy();
  expect(screen.getByText('This project is paused')).toBeTruthy();
  expect(screen.queryByRole('heading', { name: 'Restoring project' })).toBeNull();
});

test('any other failure names the message', async () => {
  const api = projectApi(paused, { [FREE_LIMIT]: [], [RESTORE]: reply(409, { message: 'Project is not paused' }) });
  renderShell(`/project/${REF}/auth/users`, api);
  await userEvent.click(await screen.findByRole('button', { name: 'Restore project' }));
  await userEvent.click(within(await findDialog()).getByRole('button', { name: 'Confirm restore' }));
  expect(await screen.findByText('Failed to restore project: Project is not paused')).toBeTruthy();
});

test('the project home of a paused project shows the page with its restore button', async () => {
  renderShell(`/project/${REF}`, projectApi(paused, { [FREE_LIMIT]: [] }));
  expect(await screen.findByTestId('project-status')).toBeTruthy();
  expect(screen.getByTestId('project-status').textContent).toBe('Paused');
  expect(screen.getByRole('button', { name: 'Restore project' })).toBeTruthy();
  expect(screen.queryByRole('heading', { level: 1, name: 'This project is paused' })).toBeNull();
});
