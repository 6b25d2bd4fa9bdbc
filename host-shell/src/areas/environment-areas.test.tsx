import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test } from 'vitest';
import { findArea, makeProject, projectApi, REF, renderShell, testAreaLoader } from '../app/test-harness';
import { CONSOLE_AREAS, SCHEDULER_AREA } from './testing/console-areas';
import { useConnectionStore } from '../features/status-gate/connection-store';

beforeEach(() => useConnectionStore.setState({ connected: { [REF]: true } }));

const railLabels = () => within(screen.getByRole('navigation', { name: 'Project' })).getAllByRole('link').map((a) => a.textContent);

test('an area no build of the shell knows gets its rail entry, page title and mount from its manifest alone', async () => {
  const loader = testAreaLoader();
  renderShell(`/project/${REF}`, projectApi(makeProject()), { areaLoader: loader, areas: { ...CONSOLE_AREAS, scheduler: SCHEDULER_AREA } });
  await screen.findByTestId('project-status');
  expect(railLabels().slice(7, 10)).toEqual(['Reports', 'Scheduled Jobs', 'Logs']);
  await userEvent.click(screen.getByRole('link', { name: 'Scheduled Jobs' }));
  expect(await findArea(`scheduler area at /project/${REF}`)).toBeTruthy();
  expect(document.title).toBe('Scheduled Jobs | Orders | Plinth');
  expect(screen.getByRole('link', { name: 'Scheduled Jobs' }).getAttribute('aria-current')).toBe('page');
  const props = loader.mounts.at(-1)!;
  expect(props).toMatchObject({ area: 'scheduler', basePath: `/project/${REF}`, projectRef: REF });
  // Its links resolve through the target area's manifest.
  expect(props.link('buckets')).toBe(`/project/${REF}/storage/buckets`);
  expect(props.link('nowhere')).toBeNull();
});

test('an area left out of the environment has no rail entry and its addresses are not found', async () => {
  const { 'sql-editor': _gone, ...withoutSql } = CONSOLE_AREAS;
  renderShell(`/project/${REF}/sql/new`, projectApi(makeProject()), { areas: withoutSql });
  expect(await screen.findByRole('heading', { name: /not found/i })).toBeTruthy();
  expect(railLabels()).toEqual(['Home', 'Authentication', 'Storage', 'Edge Functions', 'Reports', 'Logs', 'Project Settings']);
});
