import { expect, test } from 'vitest';
import { activeNavKey, navLinks } from './nav-items';
import { CONSOLE_AREAS, SCHEDULER_AREA } from '../../areas/testing/console-areas';

test('the hosted rail has every entry of the spec in order, from the shell and the area manifests', () => {
  expect(navLinks('r1', 'hosted', false, CONSOLE_AREAS).map((l) => [l.label, l.href])).toEqual([
    ['Home', '/project/r1'],
    ['Table Editor', '/project/r1/editor'],
    ['SQL Editor', '/project/r1/sql/new'],
    ['Database', '/project/r1/database/tables'],
    ['Authentication', '/project/r1/auth/users'],
    ['Storage', '/project/r1/storage/buckets'],
    ['Edge Functions', '/project/r1/functions'],
    ['Reports', '/project/r1/reports'],
    ['Logs', '/project/r1/logs/explorer'],
    ['API Docs', '/project/r1/api'],
    ['Project Settings', '/project/r1/settings/general'],
  ]);
});

test('the self-hosted rail drops hosted-only entries and uses the fixed SQL snippet', () => {
  const links = navLinks('r1', 'self-hosted', false, CONSOLE_AREAS);
  expect(links.map((l) => l.label)).toEqual(['Home', 'Table Editor', 'SQL Editor', 'Database', 'Authentication', 'Storage', 'Logs', 'API Docs']);
  expect(links.find((l) => l.key === 'sql')?.href).toBe('/project/r1/sql/1');
});

test('while the project is coming up every link goes to the building page', () => {
  for (const mode of ['hosted', 'self-hosted'] as const)
    expect(new Set(navLinks('r1', mode, true, CONSOLE_AREAS).map((l) => l.href))).toEqual(new Set(['/project/r1/building']));
});

test('the active entry follows the path', () => {
  expect(activeNavKey('/project/r1', 'r1', CONSOLE_AREAS)).toBe('home');
  expect(activeNavKey('/project/r1/storage/buckets/a', 'r1', CONSOLE_AREAS)).toBe('storage');
  expect(activeNavKey('/project/r1/sql/5', 'r1', CONSOLE_AREAS)).toBe('sql');
  expect(activeNavKey('/project/r1/settings/api', 'r1', CONSOLE_AREAS)).toBe('settings');
});

test('an area the shell has never seen takes its place in the rail by its order, and leaves with it', () => {
  const withScheduler = navLinks('r1', 'hosted', false, { ...CONSOLE_AREAS, scheduler: SCHEDULER_AREA }).map((l) => l.label);
  expect(withScheduler.slice(7, 10)).toEqual(['Reports', 'Scheduled Jobs', 'Logs']);
  expect(activeNavKey('/project/r1/scheduler/jobs/7', 'r1', { ...CONSOLE_AREAS, scheduler: SCHEDULER_AREA })).toBe('scheduler');
  expect(navLinks('r1', 'hosted', false, CONSOLE_AREAS).map((l) => l.label)).not.toContain('Scheduled Jobs');
});

test('an environment without an area has no rail entry for it', () => {
  const { logs: _logs, ...withoutLogs } = CONSOLE_AREAS;
  expect(navLinks('r1', 'hosted', false, withoutLogs).map((l) => l.label)).not.toContain('Logs');
  expect(navLinks('r1', 'hosted', false, {}).map((l) => l.label)).toEqual(['Home', 'Edge Functions']);
});
