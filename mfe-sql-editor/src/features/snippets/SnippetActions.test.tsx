import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi, snippet, TEAMMATE, findDialog } from '@plinth/area-kit/testing';
import type { FeatureFlag } from '@plinth/shared-contracts';
import { renderArea } from '../../testing/render-area';

function setup(path = 'sql/new', flags: Partial<Record<FeatureFlag, boolean>> = {}) {
  const mine = snippet({ name: 'Orders by day' });
  const shared = snippet({ name: 'Active users', visibility: 'project', owner_id: TEAMMATE.id });
  const api = createFakeApi({ snippets: [mine, shared] });
  api.state.featureFlags = flags;
  const user = userEvent.setup();
  const view = renderArea(path.replace(':mine', mine.id).replace(':shared', shared.id), { api });
  return { ...view, api, user, mine, shared };
}

async function openActions(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  return screen.findByRole('menu');
}

describe('per-query menu', () => {
  it('offers Share query on a personal query and Create a personal copy on a project query', async () => {
    const { user } = setup();
    let menu = await openActions(user, 'Orders by day');
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Rename query', 'Rename with AI', 'Share query', 'Delete query']);
    await user.keyboard('{Escape}');
    menu = await openActions(user, 'Active users');
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Rename query', 'Rename with AI', 'Create a personal copy', 'Delete query']);
  });

  it('leaves out Share query and Create a personal copy while the shared snippets flag is off', async () => {
    const { user, api } = setup('sql/new', { shared_snippets: false });
    await waitFor(() => expect(api.argsOf('featureFlags.getFeatureFlags').length).toBeGreaterThan(0));
    let menu = await openActions(user, 'Orders by day');
    await waitFor(() => expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Rename query', 'Rename with AI', 'Delete query']));
    await user.keyboard('{Escape}');
    menu = await openActions(user, 'Active users');
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Rename query', 'Rename with AI', 'Delete query']);
  });

  it('leaves out Rename with AI while the ai_rename flag is off', async () => {
    const { user, api } = setup('sql/new', { ai_rename: false });
    await waitFor(() => expect(api.argsOf('featureFlags.getFeatureFlags').length).toBeGreaterThan(0));
    const menu = await openActions(user, 'Orders by day');
    await waitFor(() => expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Rename query', 'Share query', 'Delete query']));
  });

  it('Rename with AI fills the rename dialog with the proposed name, which the user edits and saves', async () => {
    const { user, api, mine } = setup();
    api.state.snippets = api.state.snippets.map((s) => (s.id === mine.id ? { ...s, content: { ...s.content, sql: 'select * from orders group by customer_id' } } : s));
    api.state.suggestName = () => 'Orders by customer';
    await openActions(user, 'Orders by day');
    await user.click(screen.getByRole('menuitem', { name: 'Rename with AI' }));
    const dialog = await findDialog('Rename query');
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('Orders by customer'));
    expect(within(dialog).getByText(/Proposed from: select \* from orders group by customer_id/)).toBeTruthy();
    expect(api.argsOf('snippetNames.suggestSnippetName')).toEqual([[expect.any(String), mine.id]]);
    await user.type(name, ' this week');
    await user.click(within(dialog).getByRole('button', { name: 'Rename query' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.state.snippets.find((s) => s.id === mine.id)?.name).toBe('Orders by customer this week');
  });

  it('Rename with AI keeps the current name and says why when no name can be proposed', async () => {
    const { user, api } = setup();
    api.failures['snippetNames.suggestSnippetName'] = { status: 400, message: 'This query has no SQL yet to name it from' };
    await openActions(user, 'Orders by day');
    await user.click(screen.getByRole('menuitem', { name: 'Rename with AI' }));
    const dialog = await findDialog('Rename query');
    expect(await within(dialog).findByText('No name could be proposed: This query has no SQL yet to name it from')).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: /Name/ }) as HTMLInputElement).value).toBe('Orders by day');
  });

  it('works from the keyboard: Enter opens the menu, arrows move, Enter chooses', async () => {
    const { user } = setup();
    const trigger = await screen.findByRole('button', { name: 'Actions for Orders by day' });
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Rename query'));
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Delete query');
    expect(menu.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Enter}');
    expect(await findDialog('Confirm to delete query')).toBeTruthy();
  });

  it('renames a query, refusing an empty name with the spec text', async () => {
    const { user, api, mine } = setup();
    await openActions(user, 'Orders by day');
    await user.click(screen.getByRole('menuitem', { name: 'Rename query' }));
    const dialog = await findDialog('Rename query');
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Rename query' }));
    expect(await within(dialog).findByText('Please enter a query name')).toBeTruthy();
    await user.type(name, 'Daily orders');
    await user.click(within(dialog).getByRole('button', { name: 'Rename query' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(screen.getByRole('region', { name: 'Your queries' })).getByRole('link', { name: 'Daily orders' })).toBeTruthy();
    expect(api.state.snippets.find((s) => s.id === mine.id)?.name).toBe('Daily orders');
  });

  it('notifies a failed rename with the server message', async () => {
    const { user, api, notices } = setup();
    api.failures['snippets.renameSnippet'] = { status: 409, message: 'A query with this name already exists' };
    await openActions(user, 'Orders by day');
    await user.click(screen.getByRole('menuitem', { name: 'Rename query' }));
    const dialog = await findDialog('Rename query');
    await user.click(within(dialog).getByRole('button', { name: 'Rename query' }));
    await waitFor(() => expect(notices.map((n) => n.message)).toContain('Failed to rename query: A query with this name already exists'));
    expect(screen.getByRole('dialog', { name: 'Rename query' })).toBeTruthy();
  });

  it('shares a personal query into Project queries', async () => {
    const { user } = setup();
    await openActions(user, 'Orders by day');
    await user.click(screen.getByRole('menuitem', { name: 'Share query' }));
    const project = screen.getByRole('region', { name: 'Project queries' });
    expect(await within(project).findByRole('link', { name: 'Orders by day' })).toBeTruthy();
  });

  it('creates a personal copy of a project query and opens it', async () => {
    const { user } = setup();
    await openActions(user, 'Active users');
    await user.click(screen.getByRole('menuitem', { name: 'Create a personal copy' }));
    const yours = screen.getByRole('region', { name: 'Your queries' });
    expect(await within(yours).findByRole('link', { name: 'Active users (copy)' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Active users (copy)' })).toBeTruthy();
  });

  it('warns that a deleted project query disappears for all team members, then removes it', async () => {
    const { user, api, shared } = setup();
    await openActions(user, 'Active users');
    await user.click(screen.getByRole('menuitem', { name: 'Delete query' }));
    const dialog = await findDialog('Confirm to delete query');
    expect(within(dialog).getByText(/disappear for all team members/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete query' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Active users' })).toBeNull());
    expect(api.state.snippets.some((s) => s.id === shared.id)).toBe(false);
  });

  it('notifies a failed delete and keeps the query', async () => {
    const { user, api, notices } = setup();
    api.failures['snippets.deleteSnippet'] = { status: 403, message: 'You need the create on user content owned by the user permission' };
    await openActions(user, 'Orders by day');
    await user.click(screen.getByRole('menuitem', { name: 'Delete query' }));
    const dialog = await findDialog('Confirm to delete query');
    await user.click(within(dialog).getByRole('button', { name: 'Delete query' }));
    await waitFor(() =>
      expect(notices.map((n) => n.message)).toContain('Failed to delete query: You need the create on user content owned by the user permission'),
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getAllByRole('link', { name: 'Orders by day' }).length).toBeGreaterThan(0);
  });

  it('treats Content not found as deleted: removes the query and leaves its page', async () => {
    const { user, api, mine, notices } = setup('sql/:mine');
    expect(await screen.findByRole('heading', { name: 'Orders by day' })).toBeTruthy();
    api.state.snippets = api.state.snippets.filter((s) => s.id !== mine.id);
    await openActions(user, 'Orders by day');
    await user.click(screen.getByRole('menuitem', { name: 'Delete query' }));
    const dialog = await findDialog('Confirm to delete query');
    await user.click(within(dialog).getByRole('button', { name: 'Delete query' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/sql/new'));
    expect(screen.queryByRole('link', { name: 'Orders by day' })).toBeNull();
    expect(notices.filter((n) => n.kind === 'error')).toEqual([]);
  });
});
