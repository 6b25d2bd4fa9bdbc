import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALL_PERMISSIONS, PERMISSIONS } from '@plinth/shared-contracts';
import { createFakeApi, snippet } from '@plinth/area-kit/testing';
import { renderArea as renderWithKit } from '@plinth/area-kit/testing';
import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import manifest from '../../../area.manifest';
import { renderArea } from '../../testing/render-area';
import { useQueryText } from './use-autosave';

const sqlOf = (api: ReturnType<typeof createFakeApi>, id: string) => api.state.snippets.find((s) => s.id === id)?.content.sql;

async function typeAtEnd(text: string) {
  const user = userEvent.setup();
  await screen.findByTestId('sql-code-editor', {}, { timeout: 5_000 });
  await user.click(screen.getByRole('textbox', { name: 'SQL' }));
  await user.keyboard('{Control>}{End}{/Control}');
  await user.keyboard(text);
}

beforeEach(() => {
  localStorage.clear();
  // A new browser tab each test.
  sessionStorage.clear();
});

describe('a query is never lost', () => {
  it('saves a saved query as it is typed, showing saving and then saved', async () => {
    const saved = snippet({ name: 'Top customers', content: { sql: 'select name from customers', favorite: false, schema_version: '1.0' } });
    const api = createFakeApi({ snippets: [saved] });
    renderArea(`sql/${saved.id}`, { api });
    expect(await screen.findByRole('heading', { name: 'Top customers' })).toBeTruthy();
    await typeAtEnd(' limit 5');
    expect(screen.getByRole('status', { name: /Query (not saved yet|saving…)/ })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('status', { name: 'Query saved' })).toBeTruthy(), { timeout: 5_000 });
    expect(sqlOf(api, saved.id)).toBe('select name from customers limit 5');
    const update = api.calls.filter((c) => c.name === 'snippets.updateSnippet').at(-1);
    expect(update?.args[2]).toMatchObject({ base_version: 1 });
    // The open query has its tab.
    expect(within(screen.getByRole('navigation', { name: 'Open queries' })).getByRole('link', { name: 'Top customers' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows both texts when the query was saved elsewhere meanwhile, and keeps mine on request', async () => {
    const saved = snippet({ name: 'Shared', content: { sql: 'select 1', favorite: false, schema_version: '1.0' } });
    const api = createFakeApi({ snippets: [saved] });
    renderArea(`sql/${saved.id}`, { api });
    await screen.findByRole('heading', { name: 'Shared' });
    // Another tab saves first.
    api.state.snippets = api.state.snippets.map((s) => (s.id === saved.id ? { ...s, version: 2, content: { ...s.content, sql: 'select 2 -- other tab' } } : s));
    await typeAtEnd(' + 1');
    const notice = await screen.findByRole('region', { name: 'Conflicting changes' }, { timeout: 5_000 });
    expect(within(notice).getByLabelText('Your text').textContent).toBe('select 1 + 1');
    expect(within(notice).getByLabelText('Their text').textContent).toBe('select 2 -- other tab');
    expect(sqlOf(api, saved.id)).toBe('select 2 -- other tab');
    await userEvent.click(within(notice).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(sqlOf(api, saved.id)).toBe('select 1 + 1'));
    expect(screen.queryByRole('region', { name: 'Conflicting changes' })).toBeNull();
  });

  it('keeps text that could not be saved on this device and says so', async () => {
    const saved = snippet({ name: 'Offline', content: { sql: 'select 1', favorite: false, schema_version: '1.0' } });
    const api = createFakeApi({ snippets: [saved] });
    api.failures['snippets.updateSnippet'] = { status: 0, message: 'Network error: Failed to fetch', code: 'NETWORK' };
    const first = renderArea(`sql/${saved.id}`, { api });
    await screen.findByRole('heading', { name: 'Offline' });
    await typeAtEnd(' as kept');
    expect(await screen.findByText('Your changes are kept on this device', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Query not saved: offline' })).toBeTruthy();
    first.unmount();

    // A reload (a new console on the same browser) finds the text and sends it once it can.
    const again = createFakeApi({ snippets: structuredClone(api.state.snippets) });
    renderArea(`sql/${saved.id}`, { api: again });
    await screen.findByRole('heading', { name: 'Offline' });
    await waitFor(() => expect(sqlOf(again, saved.id)).toBe('select 1 as kept'));
  });

  it('makes a new query a personal query with its first text and moves to it', async () => {
    const api = createFakeApi();
    renderArea('sql/new', { api });
    await typeAtEnd('select 42');
    expect(await screen.findByRole('heading', { name: 'Untitled query' }, { timeout: 5_000 })).toBeTruthy();
    await waitFor(() => expect(api.state.snippets.map((s) => s.content.sql)).toEqual(['select 42']));
    expect(within(screen.getByRole('region', { name: 'Your queries' })).getByRole('link', { name: 'Untitled query' })).toBeTruthy();
  });

  it('moves to the saved query even when the first render of the new query never reached the screen', async () => {
    // A part of the page still loading suspends the first render, which React throws away: the page
    // shown is a second render, and only it may move the page.
    let loaded = false;
    const loading = new Promise<void>((resolve) => setTimeout(() => ((loaded = true), resolve()), 50));
    function StillLoading() {
      if (!loaded) throw loading;
      return null;
    }
    function NewQuery() {
      const text = useQueryText('new', undefined);
      if (!text) return <p>finding the draft</p>;
      return <button onClick={() => text.edit('select 7')}>{`status: ${text.state.status}`}</button>;
    }
    const api = createFakeApi();
    const view = renderWithKit(
      () => (
        <Routes>
          <Route path="/sql/new" element={<Suspense fallback={<p>loading</p>}><NewQuery /><StillLoading /></Suspense>} />
          <Route path="/sql/:id" element={<p>saved query page</p>} />
        </Routes>
      ),
      { manifest, at: 'sql/new', api },
    );
    await userEvent.click(await screen.findByRole('button', { name: /status/ }));
    expect(await screen.findByText('saved query page', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(view.location()).toBe(`/sql/${api.state.snippets[0]!.id}`);
  });

  it('without the right to save queries, keeps the text on this device and says why', async () => {
    const api = createFakeApi();
    renderArea('sql/new', { api, permissions: ALL_PERMISSIONS.filter((p) => p !== PERMISSIONS.USER_CONTENT_CREATE) });
    await typeAtEnd('select 7');
    expect(screen.getByText(/Your queries will not be saved as you do not have sufficient permissions\. Your text is kept in this browser/)).toBeTruthy();
    expect(await screen.findByRole('status', { name: 'Query kept on this device' })).toBeTruthy();
    expect(api.calls.some((c) => c.name === 'snippets.createSnippet')).toBe(false);
  });
});
