import { screen } from '@testing-library/react';
import { beforeEach, expect, test } from 'vitest';
import { makeProject, projectApi, REF, renderShell } from '../../app/test-harness';
import { useConnectionStore } from './connection-store';

const FREE_LIMIT = 'GET /platform/organizations/acme/members/reached-free-project-limit';
const REASON = "Paused by the Free plan's inactivity rule: no use for 7 days (last use 2026-11-12)";
const history = (detail: string | null) => [
  { status: 'ACTIVE_HEALTHY' as const, at: '2026-11-12T09:00:00.000Z', detail: null },
  { status: 'PAUSING' as const, at: '2026-11-20T09:00:00.000Z', detail },
  { status: 'INACTIVE' as const, at: '2026-11-20T09:00:05.000Z', detail: 'database closed' },
];

beforeEach(() => useConnectionStore.setState({ connected: {} }));

test('a project paused by the inactivity job says why on the paused screen', async () => {
  renderShell(`/project/${REF}/api`, projectApi(makeProject({ status: 'INACTIVE', status_history: history(REASON) }), { [FREE_LIMIT]: [] }));
  // The paused screen is a chunk of its own: its first load in a test file can take a while on a busy machine.
  expect(await screen.findByText('This project is paused', undefined, { timeout: 20_000 })).toBeTruthy();
  expect(screen.getByText(`${REASON}.`)).toBeTruthy();
});

test('the home page of a project paused by the inactivity job says why beside its restore button', async () => {
  renderShell(`/project/${REF}`, projectApi(makeProject({ status: 'INACTIVE', status_history: history(REASON) }), { [FREE_LIMIT]: [] }));
  expect(await screen.findByText(`${REASON}.`, undefined, { timeout: 20_000 })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Restore project' })).toBeTruthy();
});

test('a project a member paused shows no reason', async () => {
  renderShell(`/project/${REF}/api`, projectApi(makeProject({ status: 'INACTIVE', status_history: history(null) }), { [FREE_LIMIT]: [] }));
  expect(await screen.findByText('This project is paused')).toBeTruthy();
  expect(screen.queryByText(/inactivity rule/)).toBeNull();
});
