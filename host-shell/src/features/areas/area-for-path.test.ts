import { expect, test } from 'vitest';
import { placeArea } from './area-for-path';

test('project paths map to their areas with the project as base path', () => {
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
  for (const [path, area] of cases) expect(placeArea(path)).toEqual({ area, basePath: '/project/r1', projectRef: 'r1' });
});

test('organization and account pages belong to settings-billing outside a project', () => {
  expect(placeArea('/org/acme/billing')).toEqual({ area: 'settings-billing', basePath: '/' });
  expect(placeArea('/account/me')).toEqual({ area: 'settings-billing', basePath: '/' });
});

test('shell pages belong to no area', () => {
  expect(placeArea('/project/r1')).toBeUndefined();
  expect(placeArea('/project/r1/building')).toBeUndefined();
  expect(placeArea('/projects')).toBeUndefined();
});
