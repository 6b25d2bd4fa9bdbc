import { expect, test } from 'vitest';
import { flattenSections, matchRank, searchCommands, type Command } from './commands';

const cmd = (label: string, group: Command['group'] = 'Pages', detail?: string): Command => ({ id: `${group}:${label}:${detail ?? ''}`, label, detail, group, href: `/${label}` });

test('an exact title ranks before a prefix, a prefix before word starts, word starts before a substring', () => {
  expect(matchRank(cmd('Policies'), 'policies')).toBe(0);
  expect(matchRank(cmd('Policies'), '  POLICIES ')).toBe(0);
  expect(matchRank(cmd('Policy editor'), 'policy')).toBe(1);
  expect(matchRank(cmd('Storage policies'), 'polic')).toBe(2);
  expect(matchRank(cmd('Policies', 'Pages', 'Authentication'), 'auth pol')).toBe(2);
  expect(matchRank(cmd('Appolicies'), 'polic')).toBe(3);
  expect(matchRank(cmd('Storage'), 'policies')).toBeNull();
  expect(matchRank(cmd('SQL Editor'), 'editor sql')).toBe(2);
});

test('the best match comes first whatever its group, and sections follow their best match', () => {
  const commands = [cmd('Storage policies'), cmd('Table editor'), cmd('invoices', 'Tables', 'public'), cmd('Invoices export', 'Saved queries'), cmd('Orders', 'Projects')];
  const sections = searchCommands(commands, 'invoices');
  expect(sections.map((s) => s.group)).toEqual(['Tables', 'Saved queries']);
  expect(flattenSections(sections)[0].label).toBe('invoices');
});

test('equal ranks keep the group order and, inside a group, the order given', () => {
  const commands = [cmd('Policies', 'Pages', 'Authentication'), cmd('Policies', 'Pages', 'Storage'), cmd('policies', 'Tables', 'public')];
  const results = flattenSections(searchCommands(commands, 'policies'));
  expect(results.map((c) => `${c.group} ${c.detail}`)).toEqual(['Pages Authentication', 'Pages Storage', 'Tables public']);
});

test('an empty search lists everything; nothing matching lists nothing', () => {
  const commands = [cmd('Storage'), cmd('Orders', 'Projects')];
  expect(flattenSections(searchCommands(commands, '')).length).toBe(2);
  expect(searchCommands(commands, 'qqqq')).toEqual([]);
});
