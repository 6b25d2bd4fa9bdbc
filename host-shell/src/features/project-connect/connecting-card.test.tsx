import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test, vi } from 'vitest';
import { makeProject, markProjectsConnected, projectApi, REF, renderShell, reply } from '../../app/test-harness';

const SETTINGS = `GET /platform/props/project/${REF}/settings`;
const ANON = 'eyJhbGciOiJIUzI1NiJ9.anon.signature';
const settings = {
  project: { ref: REF, name: 'Orders' },
  services: [
    {
      app: { id: 1, name: 'Auto API' },
      app_config: { endpoint: `${REF}.projects.example.com`, protocol: 'https', db_schema: 'public' },
      service_api_keys: [
        { api_key: ANON, name: 'anon key', tags: 'anon', revealed: true },
        { api_key: 'eyJ…masked', name: 'service_role key', tags: 'service_role,secret', revealed: false },
      ],
    },
  ],
};
const SERVER_DATABASE = `postgresql://plinth_${REF}_owner@db.example.com:5432/plinth_project_${REF}`;

beforeEach(() => markProjectsConnected(REF));

async function connectingCard() {
  return screen.findByRole('region', { name: 'Connecting' });
}

test('a database on a server: the connection string with the password left out, copyable, and the quick starts in three tabs', async () => {
  const user = userEvent.setup();
  const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
  renderShell(`/project/${REF}`, projectApi(makeProject({ connectionString: SERVER_DATABASE }), { [SETTINGS]: settings }));
  const card = await connectingCard();
  const withPassword = `postgresql://plinth_${REF}_owner:[YOUR-PASSWORD]@db.example.com:5432/plinth_project_${REF}`;
  expect(within(card).getByLabelText('Connection string').textContent).toBe(withPassword);
  await user.click(within(card).getByRole('button', { name: 'Copy Connection string' }));
  expect(writeText).toHaveBeenLastCalledWith(withPassword);
  expect(await within(card).findByRole('button', { name: 'Copied' })).toBeTruthy();
  expect(within(card).getByText(`plinth_${REF}_owner`)).toBeTruthy();

  // supabase-js first, with the project URL and anon key.
  expect(within(card).getByRole('tab', { name: 'supabase-js' }).getAttribute('aria-selected')).toBe('true');
  const js = await within(card).findByLabelText('supabase-js quick start');
  expect(js.textContent).toContain(`createClient('https://${REF}.projects.example.com', '${ANON}')`);
  expect(card.textContent).not.toContain('masked');

  await user.click(within(card).getByRole('tab', { name: 'curl' }));
  expect(within(card).getByLabelText('curl quick start').textContent).toContain(`curl 'https://${REF}.projects.example.com/rest/v1/your_table?select=*'`);
  await user.click(within(card).getByRole('button', { name: 'Copy curl quick start' }));
  expect(writeText.mock.lastCall?.[0]).toContain(`-H 'apikey: ${ANON}'`);

  // The tabs take the arrow keys.
  within(card).getByRole('tab', { name: 'curl' }).focus();
  await user.keyboard('{ArrowRight}');
  expect(within(card).getByRole('tab', { name: 'psql' }).getAttribute('aria-selected')).toBe('true');
  expect(within(card).getByLabelText('psql quick start').textContent).toBe(`psql "${withPassword}"`);
});

test('an embedded database: the card says plainly there is no connection string, and psql says why', async () => {
  const user = userEvent.setup();
  renderShell(`/project/${REF}`, projectApi(makeProject({ connectionString: null }), { [SETTINGS]: settings }));
  const card = await connectingCard();
  expect(within(card).getByTestId('no-connection-string').textContent).toMatch(/^No connection string: this server keeps each project's database embedded/);
  expect(within(card).queryByLabelText('Connection string')).toBeNull();
  expect(card.textContent).not.toMatch(/postgres(ql)?:\/\//);
  await user.click(within(card).getByRole('tab', { name: 'psql' }));
  expect(within(card).getByRole('tabpanel').textContent).toMatch(/psql needs a database address, and this project's database has none/);
  expect(within(within(card).getByRole('tabpanel')).getByRole('link', { name: 'SQL editor' }).getAttribute('href')).toBe(`/project/${REF}/sql/new`);
});

test('when the project URL and key cannot be loaded the card says so with a retry, and the rest stays', async () => {
  const user = userEvent.setup();
  const api = projectApi(makeProject({ connectionString: SERVER_DATABASE }), { [SETTINGS]: reply(500, { message: 'Settings are unavailable' }) });
  renderShell(`/project/${REF}`, api);
  const card = await connectingCard();
  expect((await within(card).findAllByText('Could not load the project URL and key')).length).toBeGreaterThan(0);
  expect(within(card).getByLabelText('Connection string')).toBeTruthy();
  api.on(SETTINGS, settings);
  await user.click(within(card).getAllByRole('button', { name: /Retry|Try again/ })[0]);
  await waitFor(() => expect(within(card).getByLabelText('supabase-js quick start')).toBeTruthy());
});
