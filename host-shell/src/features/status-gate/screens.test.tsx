import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, expect, test } from 'vitest';
import { findArea, makeProject, projectApi, REF, renderShell, reply } from '../../app/test-harness';
import { useConnectionStore } from './connection-store';

beforeEach(() => useConnectionStore.setState({ connected: { [REF]: true } }));

const UPGRADE = `GET /platform/projects/${REF}/upgrade/status`;
const upgrading = (progress: string | null, status = 'Upgrading', error: string | null = null) => ({
  databaseUpgradeStatus: { initiated_at: '2026-11-20T08:30:00.000Z', status, progress, target_version: '15.6', error },
});

test('an upgrading project shows the eight steps with their states and the start time in UTC', async () => {
  renderShell(`/project/${REF}/settings/general`, projectApi(makeProject({ status: 'UPGRADING' }), { [UPGRADE]: upgrading('3_pre_upgrade_checks') }));
  const steps = await screen.findByRole('list', { name: 'Upgrade steps' });
  const items = within(steps).getAllByRole('listitem');
  expect(items.map((i) => i.getAttribute('aria-label'))).toEqual([
    'Prepare new server: completed',
    'Prepare for migration: completed',
    'Pre-upgrade checks: in progress',
    'Shut down API services: pending',
    'Migrate to new database: pending',
    'Execute migration: pending',
    'Update extensions: pending',
    'Optimize database: pending',
  ]);
  const time = screen.getByText('2026-11-20 08:30 UTC');
  expect(time.getAttribute('title')).toMatch(/^Local time: /);
  expect(document.title).toBe('Upgrading database | Orders | Plinth');
});

test('a failed upgrade says the data is safe and links to support with the details', async () => {
  renderShell(`/project/${REF}`, projectApi(makeProject({ status: 'UPGRADING' }), { [UPGRADE]: upgrading('5_migrate_to_new_database', 'Failed', 'disk full') }));
  expect(await screen.findByText('Your project is back online and its data is unaffected.')).toBeTruthy();
  const href = decodeURIComponent(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')!.replace(/\+/g, ' '));
  expect(href).toContain('2026-11-20T08:30:00.000Z');
  expect(href).toContain('15.6');
  expect(href).toContain('disk full');
});

test('a completed upgrade offers the way back to the project', async () => {
  renderShell(`/project/${REF}`, projectApi(makeProject({ status: 'UPGRADING' }), { [UPGRADE]: upgrading('8_optimize_database', 'Upgraded') }));
  expect(await screen.findByRole('heading', { name: 'Database upgrade complete' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Return to project' })).toBeTruthy();
});

test('an offline REST service shows the service-offline screen, but not on settings pages', async () => {
  const offline = makeProject({ postgrestStatus: 'OFFLINE' });
  const first = renderShell(`/project/${REF}`, projectApi(offline));
  expect(await screen.findByRole('heading', { name: 'Project API is offline' })).toBeTruthy();
  first.unmount();
  renderShell(`/project/${REF}/settings/general`, projectApi(offline));
  expect(await findArea(`settings-billing area at /project/${REF}`)).toBeTruthy();
  expect(screen.queryByRole('heading', { name: 'Project API is offline' })).toBeNull();
});

test('building and restoring projects show their screens on pages but not on settings', async () => {
  const view = renderShell(`/project/${REF}/editor`, projectApi(makeProject({ status: 'COMING_UP' }), { [`GET /platform/projects/${REF}/status`]: { status: 'COMING_UP' } }));
  expect(await screen.findByRole('heading', { name: 'Setting up Orders' })).toBeTruthy();
  view.unmount();
  renderShell(`/project/${REF}/functions`, projectApi(makeProject({ status: 'RESTORING' }), { [`GET /platform/projects/${REF}/status`]: { status: 'RESTORING' } }));
  expect(await screen.findByRole('heading', { name: 'Restoring project' })).toBeTruthy();
});

test('restoring and building projects still open their settings and branches pages', async () => {
  const view = renderShell(`/project/${REF}/settings/general`, projectApi(makeProject({ status: 'RESTORING' })));
  expect(await findArea(`settings-billing area at /project/${REF}`)).toBeTruthy();
  view.unmount();
  renderShell(`/project/${REF}/branches`, projectApi(makeProject({ status: 'COMING_UP' })));
  expect(await findArea(`settings-billing area at /project/${REF}`)).toBeTruthy();
  expect(screen.queryByRole('heading', { name: 'Setting up Orders' })).toBeNull();
});

test('a project that cannot be loaded shows the error screen with its code and message', async () => {
  renderShell(`/project/${REF}`, projectApi(makeProject(), { [`GET /platform/projects/${REF}`]: reply(404, { message: 'Project not found', code: 'PROJECT_NOT_FOUND' }) }));
  expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
  expect(screen.getByText('PROJECT_NOT_FOUND')).toBeTruthy();
  expect(screen.getByText('Project not found')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Head back' }).getAttribute('href')).toBe('/projects');
  expect(screen.getByRole('link', { name: 'Submit a support request' }).getAttribute('href')).toMatch(/^\/support\/new\?/);
});

test('a healthy project shows its home with the page title', async () => {
  renderShell(`/project/${REF}`, projectApi(makeProject()));
  expect((await screen.findByTestId('project-status')).textContent).toBe('Healthy');
  expect(screen.getByRole('region', { name: 'Connecting' }).textContent).toContain(REF);
  expect(screen.getByRole('link', { name: 'View API keys' }).getAttribute('href')).toBe(`/project/${REF}/settings/api`);
  // The title is the home page's own, set once that page is shown (the header's status may come first).
  await waitFor(() => expect(document.title).toBe('Orders | Plinth'));
});
