import { describe, expect, it } from 'vitest';
import { navSections } from './nav-sections';

const link = (key: string, icon: string) => ({ key, label: key, href: `/${key}`, icon });

describe('navigation sections', () => {
  it('puts home first without a heading, then the sections in product order, keeping the rail order within each', () => {
    const sections = navSections([link('home', 'home'), link('editor', 'table'), link('sql', 'sql'), link('auth', 'auth'), link('storage', 'storage'), link('logs', 'logs'), link('settings', 'settings'), link('database', 'database'), link('x', 'mystery')]);
    expect(sections.map((s) => [s.title, s.links.map((l) => l.key)])).toEqual([
      [null, ['home']],
      ['Database', ['editor', 'sql', 'database']],
      ['Auth', ['auth']],
      ['Storage', ['storage']],
      ['Observability', ['logs']],
      ['Project', ['settings']],
      ['More', ['x']],
    ]);
  });
});
