import { expect, test } from 'vitest';
import { activeNavKey, navLinks } from './nav-items';

test('the hosted rail has every entry of the spec in order', () => {
  expect(navLinks('r1', 'hosted', false).map((l) => [l.label, l.href])).toEqual([
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
  const links = navLinks('r1', 'self-hosted', false);
  expect(links.map((l) => l.label)).toEqual(['Home', 'Table Editor', 'SQL Editor', 'Database', 'Authentication', 'Storage', 'Logs', 'API Docs']);
  expect(links.find((l) => l.key === 'sql')?.href).toBe('/project/r1/sql/1');
});

test('while the project is coming up every link goes to the building page', () => {
  for (const mode of ['hosted', 'self-hosted'] as const)
    expect(new Set(navLinks('r1', mode, true).map((l) => l.href))).toEqual(new Set(['/project/r1/building']));
});

test('the active entry follows the path', () => {
  expect(activeNavKey('/project/r1', 'r1')).toBe('home');
  expect(activeNavKey('/project/r1/storage/buckets/a', 'r1')).toBe('storage');
  expect(activeNavKey('/project/r1/sql/5', 'r1')).toBe('sql');
  expect(activeNavKey('/project/r1/settings/api', 'r1')).toBe('settings');
});
