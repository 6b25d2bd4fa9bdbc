import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { createFakeApi, ME, PROJECT_REF, renderArea as renderWithKit, snippet, type FakeApi } from '@plinth/area-kit/testing';
import manifest from '../../../area.manifest';
import { localDrafts } from '../../area/query-drafts';
import { renderArea } from '../../testing/render-area';
import { resetNewQueries, useQueryText } from './use-autosave';

// What was typed survives a reload, a closed tab and a crash at any moment: the console is rendered,
// left as the browser leaves a page (pagehide, then nothing in memory), and rendered again with a new
// API, as a reload or a new tab does.

const MINE = { projectRef: PROJECT_REF, userId: ME.id };

async function typeAtEnd(text: string) {
  const user = userEvent.setup();
  await screen.findByTestId('sql-code-editor', {}, { timeout: 5_000 });
  await user.click(screen.getByRole('textbox', { name: 'SQL' }));
  await user.keyboard('{Control>}{End}{/Control}');
  await user.keyboard(text);
}

/**
 * The page goes away as the browser does it: pagehide, then nothing of it stays in memory, and
 * nothing it would still send reaches the API.
 */
function leavePage(api: FakeApi) {
  window.dispatchEvent(new Event('pagehide'));
  for (const call of ['snippets.createSnippet', 'snippets.updateSnippet']) api.failures[call] = { status: 0, message: 'The page is gone', code: 'NETWORK' };
  cleanup();
  resetNewQueries();
}

/** The API of the next page load: the same server state, none of the last page's memory. */
const nextLoad = (api: FakeApi) => createFakeApi({ snippets: structuredClone(api.state.snippets) });
const created = (api: FakeApi) => api.calls.filter((c) => c.name === 'snippets.createSnippet');
/** One call of the fake's snippets client answered by `answer` instead (which may call the fake's own). */
function replaceSnippetsCall<K extends keyof FakeApi['clients']['snippets']>(api: FakeApi, method: K, answer: (own: FakeApi['clients']['snippets'][K]) => FakeApi['clients']['snippets'][K]) {
  const own = api.clients.snippets;
  const replaced = answer(own[method]);
  api.clients.snippets = new Proxy(own, { get: (target, name) => (name === method ? replaced : Reflect.get(target, name)) });
}
const editorText = () => screen.getByRole('textbox', { name: 'SQL' }).textContent;
const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.useRealTimers());

describe('a new query survives the page going away before it is saved', () => {
  it('reloaded within the autosave pause: the editor shows the text, saved once as a new query', async () => {
    const api = createFakeApi();
    renderArea('sql/new', { api });
    await typeAtEnd('select 42');
    // Reloaded before the pause in typing ended: nothing was sent yet.
    expect(created(api)).toEqual([]);
    leavePage(api);

    const again = nextLoad(api);
    renderArea('sql/new', { api: again });
    await waitFor(() => expect(again.state.snippets.map((s) => s.content.sql)).toEqual(['select 42']));
    await waitFor(() => expect(location()).toBe(`/sql/${again.state.snippets[0]!.id}`));
    expect(editorText()).toBe('select 42');
    expect(screen.getByRole('heading', { name: 'Untitled query' })).toBeTruthy();
    expect(created(again)).toHaveLength(1);

    // And once more: the query the user was in opens with its text.
    leavePage(again);
    const third = nextLoad(again);
    renderArea(`sql/${again.state.snippets[0]!.id}`, { api: third });
    await screen.findByRole('heading', { name: 'Untitled query' });
    await waitFor(() => expect(editorText()).toBe('select 42'));
    expect(created(third)).toEqual([]);
  });

  it('moves to the saved query even when the kept text was saved before the reloaded page was shown', async () => {
    const api = createFakeApi();
    renderArea('sql/new', { api });
    await typeAtEnd('select 8');
    leavePage(api);

    // The reloaded page is still loading a part (its first render is thrown away) when the save answers.
    const again = nextLoad(api);
    function StillLoading() {
      // Tried again every 30 ms until the save has answered.
      if (again.state.snippets.length === 0) throw new Promise((resolve) => setTimeout(resolve, 30));
      return null;
    }
    function NewQuery() {
      const text = useQueryText('new', undefined);
      return <p>{text ? `text: ${text.state.text}` : 'finding the draft'}</p>;
    }
    function SavedQuery() {
      return <p>saved query page</p>;
    }
    const view = renderWithKit(
      () => (
        <Routes>
          <Route path="/sql/new" element={<Suspense fallback={<p>loading</p>}><NewQuery /><StillLoading /></Suspense>} />
          <Route path="/sql/:id" element={<SavedQuery />} />
        </Routes>
      ),
      { manifest, at: 'sql/new', api: again },
    );
    expect(await screen.findByText('saved query page', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(view.location()).toBe(`/sql/${again.state.snippets[0]!.id}`);
    expect(again.state.snippets.map((s) => s.content.sql)).toEqual(['select 8']);
  });

  it('saved while its page was away (another area, the console mounted again): sql/new opens that query', async () => {
    const api = createFakeApi();
    renderArea('sql/new', { api });
    await typeAtEnd('select 5');
    // The page goes (the save on its way still arrives), and the console is mounted again.
    cleanup();
    await waitFor(() => expect(api.state.snippets.map((s) => s.content.sql)).toEqual(['select 5']));
    renderArea('sql/new', { api: nextLoad(api) });
    await waitFor(() => expect(location()).toBe(`/sql/${api.state.snippets[0]!.id}`));
    await waitFor(() => expect(editorText()).toBe('select 5'));
    // Once there, a new query is a new query again.
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Open queries' })).getByRole('link', { name: 'New query' }));
    await waitFor(() => expect(location()).toBe('/sql/new'));
    await waitFor(() => expect(editorText()).not.toContain('select 5'));
  });

  it('left for another area and back before its save answered: one query, with its text', async () => {
    const api = createFakeApi();
    // The first save is slow to answer.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    replaceSnippetsCall(api, 'createSnippet', (create) => async (...args) => (await answered, create(...args)));
    renderArea('sql/new', { api });
    await typeAtEnd('select 6');
    cleanup();
    // The console is mounted again (new clients, the same server) while the save is on its way.
    const back = createFakeApi({ snippets: api.state.snippets });
    renderArea('sql/new', { api: back });
    await waitFor(() => expect(editorText()).toBe('select 6'));
    answer();
    await waitFor(() => expect(location()).toBe(`/sql/${api.state.snippets[0]!.id}`));
    // Sent once, by the page that was left.
    expect(api.state.snippets.map((s) => s.content.sql)).toEqual(['select 6']);
    expect(created(back)).toEqual([]);
  });

  it('reloaded while the query list is on its way: the saved query opens even though the list was read before it existed', async () => {
    const api = createFakeApi();
    renderArea('sql/new', { api });
    await typeAtEnd('select 11');
    leavePage(api);
    const again = nextLoad(api);
    // The reloaded page's first list is read before the query is saved and answers after.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let lists = 0;
    replaceSnippetsCall(again, 'listSnippets', (list) => async (...args) => {
      lists += 1;
      if (lists > 1) return list(...args);
      const early = await list(...args);
      await answered;
      return early;
    });
    renderArea('sql/new', { api: again });
    await waitFor(() => expect(again.state.snippets).toHaveLength(1));
    answer();
    await waitFor(() => expect(location()).toBe(`/sql/${again.state.snippets[0]!.id}`));
    await screen.findByRole('heading', { name: 'Untitled query' });
    await waitFor(() => expect(editorText()).toBe('select 11'));
    expect(screen.queryByText(/Query not found/)).toBeNull();
  });

  it('left by a closed tab: the next new query opens with its text and saves it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const api = createFakeApi();
    renderArea('sql/new', { api });
    await typeAtEnd('select 9');
    leavePage(api);
    // A new tab, later (this browser has no Web Locks: a draft is taken to be left once a minute passed).
    sessionStorage.clear();
    vi.setSystemTime(Date.now() + 61_000);

    const again = nextLoad(api);
    renderArea('sql/new', { api: again });
    await waitFor(() => expect(again.state.snippets.map((s) => s.content.sql)).toEqual(['select 9']));
    await waitFor(() => expect(location()).toBe(`/sql/${again.state.snippets[0]!.id}`));
    expect(editorText()).toBe('select 9');
  });

  it('keeps working when local storage is full', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const api = createFakeApi();
    renderArea('sql/new', { api });
    await typeAtEnd('select 10');
    await waitFor(() => expect(api.state.snippets.map((s) => s.content.sql)).toEqual(['select 10']), { timeout: 5_000 });
    await screen.findByRole('heading', { name: 'Untitled query' });
    expect(editorText()).toBe('select 10');
  });
});

describe('a saved query’s unsaved text', () => {
  it('is never shown to another user or in another project', async () => {
    const saved = snippet({ name: 'Orders', content: { sql: 'select 1', favorite: false, schema_version: '1.0' } });
    localDrafts({ projectRef: PROJECT_REF, userId: 'someone-else' }).put(saved.id, { sql: 'select their secret', baseVersion: 1, at: Date.now() });
    localDrafts({ projectRef: 'anotherprojectrefxxx', userId: ME.id }).put(saved.id, { sql: 'select from another project', baseVersion: 1, at: Date.now() });
    const api = createFakeApi({ snippets: [saved] });
    renderArea(`sql/${saved.id}`, { api });
    await screen.findByRole('heading', { name: 'Orders' });
    await waitFor(() => expect(editorText()).toBe('select 1'));
    expect(screen.getByRole('status', { name: 'Query saved' })).toBeTruthy();
    expect(api.calls.some((c) => c.name === 'snippets.updateSnippet')).toBe(false);
  });

  it('is not brought back once saved', async () => {
    const saved = snippet({ name: 'Orders', content: { sql: 'select 1', favorite: false, schema_version: '1.0' } });
    const api = createFakeApi({ snippets: [saved] });
    renderArea(`sql/${saved.id}`, { api });
    await typeAtEnd(' + 1');
    await waitFor(() => expect(screen.getByRole('status', { name: 'Query saved' })).toBeTruthy(), { timeout: 5_000 });
    leavePage(api);
    // Saved elsewhere since: the page shows what is saved now, not the text this device once kept.
    api.state.snippets = api.state.snippets.map((s) => ({ ...s, version: s.version + 1, content: { ...s.content, sql: 'select 2' } }));
    const again = nextLoad(api);
    renderArea(`sql/${saved.id}`, { api: again });
    await screen.findByRole('heading', { name: 'Orders' });
    await waitFor(() => expect(editorText()).toBe('select 2'));
    expect(screen.queryByRole('region', { name: 'Conflicting changes' })).toBeNull();
  });

  it('of a query deleted elsewhere is kept and can be saved as a new query', async () => {
    const saved = snippet({ name: 'Orders', content: { sql: 'select 1', favorite: false, schema_version: '1.0' } });
    const api = createFakeApi({ snippets: [saved] });
    renderArea(`sql/${saved.id}`, { api });
    await screen.findByRole('heading', { name: 'Orders' });
    api.state.snippets = [];
    await typeAtEnd(' as kept');
    expect(await screen.findByRole('status', { name: 'Query not saved: deleted elsewhere' }, { timeout: 5_000 })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save as a new query' }));
    await waitFor(() => expect(api.state.snippets.map((s) => [s.name, s.content.sql])).toEqual([['Orders', 'select 1 as kept']]));
    await waitFor(() => expect(location()).toBe(`/sql/${api.state.snippets[0]!.id}`));
    expect(localDrafts(MINE).get(saved.id)).toBeNull();
  });

  it('of a query deleted elsewhere while the page was away is shown on its page, to save or discard', async () => {
    const gone = snippet({ name: 'Gone', content: { sql: 'select 1', favorite: false, schema_version: '1.0' } });
    localDrafts(MINE).put(gone.id, { sql: 'select typed before it went', baseVersion: 1, at: Date.now() });
    const api = createFakeApi();
    renderArea(`sql/${gone.id}`, { api });
    expect((await screen.findByLabelText('Text kept in this browser')).textContent).toBe('select typed before it went');
    await userEvent.click(screen.getByRole('button', { name: 'Save as a new query' }));
    await waitFor(() => expect(api.state.snippets.map((s) => s.content.sql)).toEqual(['select typed before it went']));
    await waitFor(() => expect(location()).toBe(`/sql/${api.state.snippets[0]!.id}`));

    cleanup();
    localDrafts(MINE).put('00000000-0000-4000-8000-999999999999', { sql: 'select unwanted', baseVersion: 1, at: Date.now() });
    renderArea('sql/00000000-0000-4000-8000-999999999999', { api: createFakeApi() });
    await userEvent.click(await screen.findByRole('button', { name: 'Discard this text' }));
    expect(screen.queryByLabelText('Text kept in this browser')).toBeNull();
    expect(within(document.body).getByRole('heading', { name: 'Query not found' })).toBeTruthy();
    expect(localDrafts(MINE).get('00000000-0000-4000-8000-999999999999')).toBeNull();
  });
});
