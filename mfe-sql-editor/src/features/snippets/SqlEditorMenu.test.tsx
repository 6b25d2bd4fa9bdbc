import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALL_PERMISSIONS, PERMISSIONS } from '@plinth/shared-contracts';
import { createFakeApi, PROJECT_REF, snippet, TEAMMATE } from '@plinth/area-kit/testing';
import { renderArea } from '../../testing/render-area';

function seeded() {
  return createFakeApi({
    snippets: [
      snippet({ name: 'Monthly revenue', content: { sql: 'select sum(total) from orders;', favorite: true, schema_version: '1.0' } }),
      snippet({ name: 'Active users', visibility: 'project', owner_id: TEAMMATE.id }),
      snippet({ name: 'Orders by day' }),
      snippet({ name: 'Teammate private', owner_id: TEAMMATE.id }),
    ],
  });
}

const section = (name: string) => screen.getByRole('region', { name });

describe('SQL editor menu', () => {
  it('shows the entries and sorts the project snippets into Favorites, Project queries and Your queries', async () => {
    renderArea('sql/new', { api: seeded() });
    const nav = await screen.findByRole('navigation', { name: 'SQL editor' });
    expect(within(nav).getByRole('link', { name: /New query/ }).getAttribute('href')).toBe(`/project/${PROJECT_REF}/sql/new`);
    expect(within(nav).getByRole('link', { name: 'Templates' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Quickstarts' })).toBeTruthy();
    await screen.findByRole('region', { name: 'Favorites' });
    expect(within(section('Favorites')).getAllByRole('link').map((a) => a.textContent)).toEqual(['Monthly revenue']);
    expect(within(section('Project queries')).getAllByRole('link').map((a) => a.textContent)).toEqual(['Active users']);
    expect(within(section('Your queries')).getAllByRole('link').map((a) => a.textContent)).toEqual(['Monthly revenue', 'Orders by day']);
    expect(screen.queryByText('Teammate private')).toBeNull();
  });

  it('uses the fixed sql/1 for a new query in the non-hosted mode', async () => {
    renderArea('sql/new', { api: seeded(), buildMode: 'self-hosted' });
    expect((await screen.findByRole('link', { name: /New query/ })).getAttribute('href')).toBe(`/project/${PROJECT_REF}/sql/1`);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/sql/1'));
    expect(await screen.findByRole('heading', { name: 'New query' })).toBeTruthy();
  });

  it('shows No queries found for empty lists', async () => {
    renderArea('sql/new');
    await screen.findByRole('region', { name: 'Favorites' });
    for (const name of ['Favorites', 'Project queries', 'Your queries']) {
      expect(within(section(name)).getByText('No queries found')).toBeTruthy();
    }
  });

  it('filters a list by name, and Escape clears and closes the filter', async () => {
    const user = userEvent.setup();
    renderArea('sql/new', { api: seeded() });
    await screen.findByRole('region', { name: 'Your queries' });
    const yours = section('Your queries');
    await user.click(within(yours).getByRole('button', { name: 'Filter Your queries' }));
    const box = within(yours).getByRole('searchbox', { name: 'Filter Your queries by name' });
    expect(document.activeElement).toBe(box);
    await user.type(box, '  ORDERS ');
    expect(within(yours).getAllByRole('link').map((a) => a.textContent)).toEqual(['Orders by day']);
    await user.clear(box);
    await user.type(box, 'nothing like this');
    expect(within(yours).getByText('No queries found')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(within(yours).queryByRole('searchbox')).toBeNull();
    expect(document.activeElement).toBe(within(yours).getByRole('button', { name: 'Filter Your queries' }));
    expect(within(yours).getAllByRole('link')).toHaveLength(2);
  });

  it('tells a user without the create permission that queries will not be saved', async () => {
    renderArea('sql/new', { permissions: ALL_PERMISSIONS.filter((p) => p !== PERMISSIONS.USER_CONTENT_CREATE) });
    expect(await screen.findByText('Your queries will not be saved as you do not have sufficient permissions')).toBeTruthy();
  });

  it('shows the failure of the list with a way to try again', async () => {
    const api = createFakeApi();
    api.failures['snippets.listSnippets'] = { status: 500, message: 'database unavailable' };
    renderArea('sql/new', { api });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load queries');
    expect(alert.textContent).toContain('database unavailable');
    delete api.failures['snippets.listSnippets'];
    api.state.snippets = [snippet({ name: 'Back again' })];
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByText('Back again')).not.toHaveLength(0);
  });
});
