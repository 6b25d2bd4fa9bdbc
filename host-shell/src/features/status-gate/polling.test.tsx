import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  CONNECTING_POLL_INTERVAL_MS,
  PAUSING_POLL_DELAY_MS,
  PAUSING_POLL_INTERVAL_MS,
  RESTORE_POLL_INTERVAL_MS,
  SETUP_POLL_INTERVAL_MS,
  SUPPORT_PROMPT_AFTER_MS,
  type ProjectStatus,
} from '@plinth/shared-contracts';
import { makeProject, projectApi, REF, renderShell, reply } from '../../app/test-harness';
import { advance, eventually, preloadShellPages, useFakeClock } from '../../app/fake-clock';
import { useConnectionStore } from './connection-store';
import { STATUS_WATCH_INTERVAL_MS } from './status-watch';

const STATUS = `GET /platform/projects/${REF}/status`;
const PROJECT = `GET /platform/projects/${REF}`;
const LIVE = `GET /projects/${REF}/live`;

/** A project whose status the test moves along, answered the same by the detail and status calls. */
function lifecycle(initial: ProjectStatus) {
  let status: ProjectStatus = initial;
  const api = projectApi(makeProject({ status }), {
    [PROJECT]: () => makeProject({ status }),
    [STATUS]: () => ({ status }),
  });
  return { api, set: (next: ProjectStatus) => void (status = next) };
}

beforeAll(preloadShellPages);
beforeEach(() => {
  useConnectionStore.setState({ connected: {} });
  useFakeClock();
});
afterEach(() => void vi.useRealTimers());

describe('setting up', () => {
  test('polls the status every 4 s and shows the project once it is healthy', async () => {
    const project = lifecycle('COMING_UP');
    renderShell(`/project/${REF}/building`, project.api);
    await eventually(() => screen.getByRole('heading', { name: 'Setting up Orders' }));
    expect(screen.getByRole('list', { name: 'Client libraries' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Example projects' })).toBeTruthy();
    await eventually(() => expect(project.api.count(STATUS)).toBe(1));
    await advance(SETUP_POLL_INTERVAL_MS - 1);
    expect(project.api.count(STATUS)).toBe(1);
    await advance(1);
    expect(project.api.count(STATUS)).toBe(2);
    project.set('ACTIVE_HEALTHY');
    await advance(SETUP_POLL_INTERVAL_MS);
    await eventually(() => expect(screen.getByTestId('project-status').textContent).toBe('Healthy'));
    const polls = project.api.count(STATUS);
    // The setting-up screen has stopped; a running project's page checks again only in the background.
    await advance(STATUS_WATCH_INTERVAL_MS - 1);
    expect(project.api.count(STATUS)).toBe(polls);
    await advance(1);
    expect(project.api.count(STATUS)).toBe(polls + 1);
  });
});

describe('pausing', () => {
  test('starts after 4 s, polls every 2 s until INACTIVE, then shows the paused screen', async () => {
    const project = lifecycle('PAUSING');
    renderShell(`/project/${REF}/database/tables`, project.api);
    await eventually(() => screen.getByRole('heading', { name: 'Pausing project' }));
    await advance(PAUSING_POLL_DELAY_MS - 1);
    expect(project.api.count(STATUS)).toBe(0);
    await advance(1);
    expect(project.api.count(STATUS)).toBe(1);
    await advance(PAUSING_POLL_INTERVAL_MS - 1);
    expect(project.api.count(STATUS)).toBe(1);
    await advance(1);
    expect(project.api.count(STATUS)).toBe(2);
    project.set('INACTIVE');
    await advance(PAUSING_POLL_INTERVAL_MS);
    await eventually(() => screen.getByRole('heading', { name: 'This project is paused' }));
  });

  test('a project seen going down that comes back up (a restart) leaves the pausing screen for its page', async () => {
    const project = lifecycle('GOING_DOWN');
    renderShell(`/project/${REF}/database/tables`, project.api);
    await eventually(() => screen.getByRole('heading', { name: 'Pausing project' }));
    project.set('ACTIVE_HEALTHY');
    await advance(PAUSING_POLL_DELAY_MS);
    await eventually(() => expect(screen.queryByRole('heading', { name: 'Pausing project' })).toBeNull());
    expect(screen.queryByRole('heading', { name: 'This project is paused' })).toBeNull();
  });
});

describe('restoring', () => {
  test('polls every 4 s and shows the failure state on RESTORATION_FAILED', async () => {
    const project = lifecycle('RESTORING');
    renderShell(`/project/${REF}/storage/buckets`, project.api);
    await eventually(() => screen.getByRole('heading', { name: 'Restoring project' }));
    await eventually(() => expect(project.api.count(STATUS)).toBe(1));
    await advance(RESTORE_POLL_INTERVAL_MS);
    expect(project.api.count(STATUS)).toBe(2);
    project.set('RESTORATION_FAILED');
    await advance(RESTORE_POLL_INTERVAL_MS);
    await eventually(() => screen.getByText('Something went wrong while restoring your project'));
    const support = screen.getByRole('link', { name: 'Contact support' });
    expect(support.getAttribute('href')).toContain(`/support/new?category=Database_unresponsive&ref=${REF}`);
  });

  test('on ACTIVE_HEALTHY shows success; Return to project refetches the project', async () => {
    const project = lifecycle('RESTORING');
    renderShell(`/project/${REF}`, project.api);
    await eventually(() => screen.getByRole('heading', { name: 'Restoring project' }));
    project.set('ACTIVE_HEALTHY');
    await advance(RESTORE_POLL_INTERVAL_MS);
    const back = await eventually(() => screen.getByRole('button', { name: 'Return to project' }));
    const detailCalls = project.api.count(PROJECT);
    fireEvent.click(back);
    await eventually(() => expect(project.api.count(PROJECT)).toBe(detailCalls + 1));
    await eventually(() => expect(screen.getByTestId('project-status').textContent).toBe('Healthy'));
  });
});

describe('connecting', () => {
  test('checks the project API every 4 s, prompts for support after 2 minutes, continues once it answers', async () => {
    let up = false;
    const api = projectApi(makeProject(), { [LIVE]: () => (up ? { status: 'ONLINE', ref: REF } : reply(503, { message: 'Project database is not running' })) });
    renderShell(`/project/${REF}`, api);
    await eventually(() => screen.getByRole('heading', { name: 'Connecting to project' }));
    await eventually(() => expect(api.count(LIVE)).toBe(1));
    await advance(CONNECTING_POLL_INTERVAL_MS);
    expect(api.count(LIVE)).toBe(2);
    expect(screen.queryByRole('link', { name: 'Contact support' })).toBeNull();
    await advance(SUPPORT_PROMPT_AFTER_MS - CONNECTING_POLL_INTERVAL_MS);
    await eventually(() => screen.getByRole('link', { name: 'Contact support' }));
    up = true;
    await advance(CONNECTING_POLL_INTERVAL_MS);
    await eventually(() => expect(screen.getByTestId('project-status').textContent).toBe('Healthy'));
  });

  test('older projects are checked through the REST root instead', async () => {
    const api = projectApi(makeProject({ kpsVersion: '3.8.5' }), { [`GET /projects/${REF}/api/rest`]: {} });
    renderShell(`/project/${REF}`, api);
    await eventually(() => expect(screen.getByTestId('project-status').textContent).toBe('Healthy'));
    expect(api.count(LIVE)).toBe(0);
    expect(api.count(`GET /projects/${REF}/api/rest`)).toBe(1);
  });
});

describe('a page left open', () => {
  test('notices that its project was paused elsewhere and shows the paused screen', async () => {
    useConnectionStore.setState({ connected: { [REF]: true } });
    const project = lifecycle('ACTIVE_HEALTHY');
    renderShell(`/project/${REF}`, project.api);
    await eventually(() => expect(screen.getByTestId('project-status').textContent).toBe('Healthy'));
    project.set('INACTIVE');
    await advance(STATUS_WATCH_INTERVAL_MS);
    await eventually(() => screen.getByRole('heading', { name: 'This project is paused' }));
  });
});
