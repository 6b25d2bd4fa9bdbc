import { expect, test } from 'vitest';
import { areaPageOf, placeArea, rootSegmentsOf, shownWhileOf } from './area-table';
import { resolveAreaLink } from './area-link';
import { CONSOLE_AREAS, SCHEDULER_AREA } from './testing/console-areas';

test('project paths map to the areas whose manifests claim their first segment, with the project as base path', () => {
  const cases: [string, string][] = [
    ['/project/r1/storage/buckets/avatars', 'storage'],
    ['/project/r1/auth/policies', 'auth-policies'],
    ['/project/r1/editor/12', 'sql-editor'],
    ['/project/r1/sql/new', 'sql-editor'],
    ['/project/r1/database/tables', 'sql-editor'],
    ['/project/r1/api', 'sql-editor'],
    ['/project/r1/logs/explorer', 'logs'],
    ['/project/r1/reports', 'logs'],
    ['/project/r1/settings/general', 'settings-billing'],
    ['/project/r1/branches', 'settings-billing'],
    ['/project/r1/integrations', 'settings-billing'],
  ];
  for (const [path, area] of cases) expect(placeArea(path, CONSOLE_AREAS)).toEqual({ area, basePath: '/project/r1', projectRef: 'r1' });
});

test('organization and account pages belong to the area owning those root segments, outside a project', () => {
  expect(rootSegmentsOf(CONSOLE_AREAS)).toEqual(['org', 'account']);
  expect(placeArea('/org/acme/billing', CONSOLE_AREAS)).toEqual({ area: 'settings-billing', basePath: '/' });
  expect(placeArea('/account/me', CONSOLE_AREAS)).toEqual({ area: 'settings-billing', basePath: '/' });
});

test('shell pages and segments no area claims belong to no area', () => {
  for (const path of ['/project/r1', '/project/r1/building', '/project/r1/functions', '/project/r1/scheduler', '/projects']) {
    expect(placeArea(path, CONSOLE_AREAS)).toBeUndefined();
  }
});

test('an area the shell has never seen owns its segment once the environment lists it', () => {
  const areas = { ...CONSOLE_AREAS, scheduler: SCHEDULER_AREA };
  expect(placeArea('/project/r1/scheduler/jobs', areas)).toEqual({ area: 'scheduler', basePath: '/project/r1', projectRef: 'r1' });
  expect(areaPageOf('/project/r1/scheduler/jobs', areas)?.title).toBe('Scheduled Jobs');
});

test('page titles come from the most specific manifest page', () => {
  expect(areaPageOf('/project/r1/storage/buckets/avatars', CONSOLE_AREAS)?.title).toBe('Storage');
  expect(areaPageOf('/project/r1/database/tables', CONSOLE_AREAS)?.title).toBe('Database');
  expect(areaPageOf('/project/r1/logs/explorer/saved', CONSOLE_AREAS)).toMatchObject({ hostedOnly: true, permission: 'analytics_read_logs' });
  expect(areaPageOf('/org/acme/billing', CONSOLE_AREAS)?.title).toBe('Organization');
  expect(areaPageOf('/account/me', CONSOLE_AREAS)?.title).toBe('Account');
});

test('the status screens a page is shown through: home from the shell, area pages from their manifests (000 §4.1)', () => {
  const of = (path: string) => shownWhileOf(`/project/abc${path}`, 'abc', CONSOLE_AREAS);
  expect(of('')).toEqual(['paused']);
  expect(of('/settings/general')).toEqual(['paused', 'restoring', 'building', 'service-offline', 'connecting']);
  expect(of('/branches')).toEqual(['restoring', 'building']);
  expect(of('/reports/database')).toEqual(['service-offline']);
  expect(of('/storage/buckets')).toEqual([]);
  expect(of('/building')).toEqual([]);
});

test('links resolve through the target area\'s manifest: :ref from the project, the rest as the query', () => {
  expect(resolveAreaLink(CONSOLE_AREAS, 'sql-editor', 'policiesForTable', { search: 42 }, { projectRef: 'r1' })).toBe('/project/r1/auth/policies?search=42');
  const areas = { ...CONSOLE_AREAS, scheduler: SCHEDULER_AREA };
  expect(resolveAreaLink(areas, 'scheduler', 'buckets', {}, { projectRef: 'r1' })).toBe('/project/r1/storage/buckets');
});

test('a link is null when it is not declared or its target area is not in the environment', () => {
  expect(resolveAreaLink(CONSOLE_AREAS, 'sql-editor', 'nowhere', {}, { projectRef: 'r1' })).toBeNull();
  const { 'auth-policies': _gone, ...withoutAuth } = CONSOLE_AREAS;
  expect(resolveAreaLink(withoutAuth, 'sql-editor', 'policiesForTable', { search: 1 }, { projectRef: 'r1' })).toBeNull();
  expect(resolveAreaLink(CONSOLE_AREAS, 'sql-editor', 'policiesForTable', { search: 1 }, {})).toBeNull();
});
