import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test } from 'vitest';
import { makeOrganization, makeProject, projectApi, REF, renderShell, markProjectsConnected, reply } from '../../app/test-harness';
import { useCommandMenu } from './command-store';
import { COMMAND_SEARCH_LABEL } from './command-dialog';

beforeEach(() => {
  markProjectsConnected(REF);
  useCommandMenu.setState({ open: false });
});

const TABLES = `GET /platform/pg-meta/${REF}/tables`;
const QUERIES = `GET /platform/projects/${REF}/content`;
const BUCKETS = `GET /platform/storage/${REF}/buckets`;

const table = (id: number, name: string, schema = 'public', locked = false) => ({ id, name, schema, rls_enabled: false, locked });
const snippet = (id: string, name: string) => ({
  id,
  name,
  description: null,
  type: 'sql',
  visibility: 'user',
  content: { sql: 'select 1', favorite: false, schema_version: '1.0' },
  owner_id: 'u1',
  project_id: 1,
  inserted_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  version: 1,
});
const bucket = (name: string) => ({ id: name, name, owner: null, public: false, file_size_limit: null, allowed_mime_types: null, created_at: '2026-11-01T00:00:00.000Z', updated_at: '2026-11-01T00:00:00.000Z' });

function projectWithLists(extra: Record<string, unknown> = {}) {
  return projectApi(makeProject(), {
    [TABLES]: [table(17, 'users', 'auth', true), table(42, 'invoices')],
    [QUERIES]: { data: [snippet('7b0a8c1e-3f7e-4c61-9a52-0d3b8f9a1c11', 'Monthly revenue')] },
    [BUCKETS]: [bucket('avatars')],
    ...extra,
  });
}

async function openMenu() {
  await screen.findByTestId('project-status');
  await userEvent.keyboard('{Control>}k{/Control}');
  return screen.findByRole('combobox', { name: COMMAND_SEARCH_LABEL });
}

const optionLabels = () => screen.getAllByRole('option').map((o) => o.textContent);

test('Ctrl+K opens the menu; typing, arrow keys and Enter open a project', async () => {
  const other = makeProject({ ref: 'zyxwvutsrqponmlkjihg', name: 'Billing service' });
  const api = projectApi(makeProject(), { 'GET /platform/projects': [makeProject(), other], [`GET /platform/projects/${other.ref}`]: other });
  const { router } = renderShell(`/project/${REF}`, api);
  const search = await openMenu();
  await userEvent.type(search, 'billing s');
  const options = screen.getAllByRole('option');
  expect(options[0].getAttribute('aria-selected')).toBe('true');
  const billingIndex = options.findIndex((o) => o.textContent === 'Billing service');
  expect(billingIndex).toBeGreaterThanOrEqual(0);
  for (let i = 0; i < billingIndex; i++) await userEvent.keyboard('{ArrowDown}');
  expect(screen.getAllByRole('option')[billingIndex].getAttribute('aria-selected')).toBe('true');
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(router.state.location.pathname).toBe(`/project/${other.ref}`));
  expect(screen.queryByRole('combobox', { name: COMMAND_SEARCH_LABEL })).toBeNull();
});

test('"policies" finds the policies pages from the areas\' manifests and Enter opens the RLS policies page', async () => {
  const { router } = renderShell(`/project/${REF}`, projectWithLists());
  const search = await openMenu();
  await userEvent.type(search, 'policies');
  const pages = screen.getByRole('group', { name: 'Pages' });
  expect(within(pages).getAllByRole('option').map((o) => o.textContent)).toEqual(['PoliciesAuthentication', 'PoliciesStorage']);
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(router.state.location.pathname).toBe(`/project/${REF}/auth/policies`));
});

test("the project's tables, saved queries and buckets are found under their headings and open where they live", async () => {
  const api = projectWithLists();
  const { router } = renderShell(`/project/${REF}`, api);
  await screen.findByTestId('project-status');
  // Nothing is asked for before the menu opens.
  expect(api.count(TABLES) + api.count(QUERIES) + api.count(BUCKETS)).toBe(0);
  const search = await openMenu();
  await userEvent.type(search, 'invoices');
  const tables = await screen.findByRole('group', { name: 'Tables' });
  expect(within(tables).getByRole('option').textContent).toBe('invoicespublic');
  // The settings' Invoices page matches too (the areas declare every page): the table is picked.
  await userEvent.click(within(tables).getByRole('option'));
  await waitFor(() => expect(router.state.location.pathname).toBe(`/project/${REF}/editor/42`));

  await userEvent.keyboard('{Control>}k{/Control}');
  const again = await screen.findByRole('combobox', { name: COMMAND_SEARCH_LABEL });
  await userEvent.type(again, 'monthly');
  expect(within(screen.getByRole('group', { name: 'Saved queries' })).getByRole('option').textContent).toBe('Monthly revenueYour query');
  await userEvent.clear(again);
  await userEvent.type(again, 'avatars');
  expect(within(screen.getByRole('group', { name: 'Buckets' })).getByRole('option').textContent).toBe('avatarsPrivate bucket');
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(router.state.location.pathname).toBe(`/project/${REF}/storage/buckets/avatars`));
  // Kept for the next opening: asked once.
  expect(api.count(TABLES)).toBe(1);
});

test("a list that cannot be loaded says so quietly and the pages are still found", async () => {
  const { router } = renderShell(`/project/${REF}`, projectWithLists({ [BUCKETS]: reply(403, { message: 'You need the storage_read permission to list buckets' }) }));
  const search = await openMenu();
  expect(await screen.findByText(/Buckets could not be loaded: You need the storage_read permission/)).toBeTruthy();
  await userEvent.type(search, 'storage');
  expect(screen.getByRole('group', { name: 'Pages' })).toBeTruthy();
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(router.state.location.pathname).toBe(`/project/${REF}/storage/buckets`));
});

test('a paused project is not asked for its lists', async () => {
  const api = projectWithLists({ [`GET /platform/projects/${REF}`]: makeProject({ status: 'INACTIVE' }), 'GET /platform/projects': [makeProject({ status: 'INACTIVE' })] });
  renderShell(`/project/${REF}`, api);
  await screen.findByText('This project is paused');
  await userEvent.keyboard('{Control>}k{/Control}');
  await userEvent.type(await screen.findByRole('combobox', { name: COMMAND_SEARCH_LABEL }), 'policies');
  expect(screen.getAllByRole('option').length).toBeGreaterThan(0);
  expect(api.count(TABLES) + api.count(QUERIES) + api.count(BUCKETS)).toBe(0);
});

test('Escape closes the menu and gives focus back to the button that opened it; nothing matching says so', async () => {
  renderShell(`/project/${REF}`, projectWithLists());
  await screen.findByTestId('project-status');
  const button = screen.getByRole('button', { name: /Search/ });
  await userEvent.click(button);
  await userEvent.type(await screen.findByRole('combobox', { name: COMMAND_SEARCH_LABEL }), 'qqqq');
  expect(screen.getByText(/Nothing matches “qqqq”/)).toBeTruthy();
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('combobox', { name: COMMAND_SEARCH_LABEL })).toBeNull());
  await waitFor(() => expect(document.activeElement).toBe(button));
});

test('outside a project: organization and account pages, no project lists', async () => {
  const api = projectApi(makeProject(), { 'GET /platform/organizations': [makeOrganization(), makeOrganization({ id: 2, name: 'Globex', slug: 'globex' })] });
  const { router } = renderShell('/projects', api);
  await screen.findByRole('heading', { name: 'Projects' });
  await userEvent.keyboard('{Control>}k{/Control}');
  const search = await screen.findByRole('combobox', { name: COMMAND_SEARCH_LABEL });
  await userEvent.type(search, 'billing');
  expect(within(screen.getByRole('group', { name: 'Organization' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['Organization billingAcme', 'Organization billingGlobex']);
  await userEvent.clear(search);
  await userEvent.type(search, 'account');
  expect(optionLabels()).toContain('Account');
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(router.state.location.pathname).toBe('/account/me'));
  expect(api.count(TABLES)).toBe(0);
});
