import { expect, test } from 'vitest';
import { CONSOLE_AREAS, SCHEDULER_AREA } from '../../areas/testing/console-areas';
import { flattenSections, searchCommands } from './commands';
import { humanize, pageCommands } from './page-commands';

const REF = 'abcdefghijklmnopqrst';
const ORGS = [{ slug: 'acme', name: 'Acme' }, { slug: 'globex', name: 'Globex' }];
const first = (commands: ReturnType<typeof pageCommands>, search: string) => flattenSections(searchCommands(commands, search))[0];

test('"policies" finds the policies pages of the areas, the RLS policies page first', () => {
  const commands = pageCommands({ areas: CONSOLE_AREAS, buildMode: 'hosted', projectRef: REF });
  const found = flattenSections(searchCommands(commands, 'policies'));
  expect(found.map((c) => [c.label, c.detail, c.href])).toEqual([
    ['Policies', 'Authentication', `/project/${REF}/auth/policies`],
    ['Policies', 'Storage', `/project/${REF}/storage/policies`],
  ]);
  expect(first(commands, 'storage policies').href).toBe(`/project/${REF}/storage/policies`);
});

test('pages come from the manifests: concrete pages, rail entries and the targets areas offer', () => {
  const railEntries = [{ key: 'home', label: 'Home', href: `/project/${REF}` }];
  const commands = pageCommands({ areas: CONSOLE_AREAS, buildMode: 'hosted', projectRef: REF, railEntries });
  const hrefOf = (label: string) => commands.find((c) => c.label === label)?.href;
  expect(hrefOf('Home')).toBe(`/project/${REF}`);
  expect(hrefOf('URL configuration')).toBe(`/project/${REF}/auth/url-configuration`);
  expect(hrefOf('API keys')).toBe(`/project/${REF}/settings/api`);
  expect(hrefOf('Branches')).toBe(`/project/${REF}/branches`);
  // The project's integrations segment only leads on to its settings page: that page is offered.
  expect(hrefOf('Integrations')).toBe(`/project/${REF}/settings/integrations`);
  expect(commands.some((c) => c.href === `/project/${REF}/integrations`)).toBe(false);
  expect(hrefOf('All projects')).toBe('/projects');
  // No address that needs a value the menu does not have, and no page twice under one name.
  expect(commands.every((c) => !/[:*]/.test(c.href))).toBe(true);
  const keys = commands.map((c) => `${c.href}|${c.label.toLowerCase()}`);
  expect(new Set(keys).size).toBe(keys.length);
});

test('an area the shell was never built with is searchable as soon as the environment lists it', () => {
  const commands = pageCommands({ areas: { ...CONSOLE_AREAS, scheduler: SCHEDULER_AREA }, buildMode: 'hosted', projectRef: REF });
  expect(first(commands, 'jobs').href).toBe(`/project/${REF}/scheduler/jobs`);
});

test('the self-hosted build leaves hosted-only pages out', () => {
  const hosted = pageCommands({ areas: CONSOLE_AREAS, buildMode: 'hosted', projectRef: REF });
  const selfHosted = pageCommands({ areas: CONSOLE_AREAS, buildMode: 'self-hosted', projectRef: REF });
  expect(hosted.some((c) => c.href.endsWith('/auth/providers'))).toBe(true);
  expect(selfHosted.some((c) => c.href.endsWith('/auth/providers'))).toBe(false);
  expect(selfHosted.some((c) => c.href.endsWith('/reports'))).toBe(false);
});

test('organization pages for each organization and the account page; no project pages outside a project', () => {
  const commands = pageCommands({ areas: CONSOLE_AREAS, buildMode: 'hosted', organizations: ORGS });
  expect(commands.filter((c) => c.group === 'Organization').map((c) => `${c.label} ${c.detail} ${c.href}`)).toEqual(
    expect.arrayContaining(['Organization billing Acme /org/acme/billing', 'Organization settings Globex /org/globex/general', 'Organization usage Acme /org/acme/usage']),
  );
  expect(commands.filter((c) => c.group === 'Account').map((c) => `${c.label} ${c.href}`)).toEqual(['Account /account/me', 'Account security /account/security']);
  expect(first(commands, 'team').href).toBe('/org/acme/team');
  expect(commands.some((c) => c.href.startsWith('/project/'))).toBe(false);
  expect(first(commands, 'billing').href).toBe('/org/acme/billing');
});

test('names made from keys read as words', () => {
  expect(humanize('apiKeys')).toBe('API keys');
  expect(humanize('url-configuration')).toBe('URL configuration');
  expect(humanize('newQuery')).toBe('New query');
});
