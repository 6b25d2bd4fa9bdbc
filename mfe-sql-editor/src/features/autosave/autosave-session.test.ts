import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@plinth/shared-contracts';
import { SNIPPET_CONFLICT_CODE, type Snippet } from '@plinth/contracts-database';
import { snippet } from '@plinth/area-kit/testing';
import { AutosaveSession, DRAFT_AT_ONCE_UP_TO_CHARS } from './autosave-session';
import { localDrafts } from '../../area/query-drafts';

const ID = 'q1';
const SCOPE = { projectRef: 'ref1', userId: 'u1' };
const saved = (sql: string, version: number): Snippet => snippet({ name: 'Orders', id: ID, version, content: { sql, favorite: false, schema_version: '1.0' } });
const conflict = (sql: string, version: number) =>
  new ApiError(409, 'changed elsewhere', SNIPPET_CONFLICT_CODE, { message: 'changed elsewhere', code: SNIPPET_CONFLICT_CODE, snippet: saved(sql, version) });

function session(save: (sql: string, base: number) => Promise<Snippet>, start = { sql: 'select 1', version: 1 }) {
  return new AutosaveSession({ queryId: ID, saved: start, save, drafts: localDrafts(SCOPE), delayMs: 800, retryMs: 5_000 });
}

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('saving a query as it is typed', () => {
  it('sends the text once typing pauses, naming the version it was typed on', async () => {
    const save = vi.fn(async (sql: string, base: number) => saved(sql, base + 1));
    const s = session(save);
    s.edit('select 12');
    s.edit('select 123');
    expect(s.getState().status).toBe('pending');
    await vi.advanceTimersByTimeAsync(799);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save.mock.calls).toEqual([['select 123', 1]]);
    expect(s.getState()).toMatchObject({ status: 'saved', version: 2 });
    s.edit('select 1234');
    await vi.advanceTimersByTimeAsync(800);
    expect(save.mock.calls[1]).toEqual(['select 1234', 2]);
    expect(localDrafts(SCOPE).get(ID)).toBeNull();
  });

  it('keeps a short text on this device at the first key, long before it is sent', async () => {
    const save = vi.fn(async (sql: string, base: number) => saved(sql, base + 1));
    const s = session(save);
    s.touch(() => 'select 1;');
    await vi.advanceTimersByTimeAsync(0);
    // A crash or a reload now loses nothing: the text is here, and nothing was sent yet.
    expect(localDrafts(SCOPE).get(ID)).toMatchObject({ sql: 'select 1;', baseVersion: 1 });
    expect(save).not.toHaveBeenCalled();
    s.touch(() => 'select 1; s');
    await vi.advanceTimersByTimeAsync(0);
    expect(localDrafts(SCOPE).get(ID)?.sql).toBe('select 1; s');
    await vi.advanceTimersByTimeAsync(800);
    expect(save.mock.calls).toEqual([['select 1; s', 1]]);
    // Saved: the local copy goes.
    expect(localDrafts(SCOPE).get(ID)).toBeNull();
  });

  it('reads a long text from the editor once typing pauses, not on every key, and saves it', async () => {
    const long = 'select 1;\n'.repeat(DRAFT_AT_ONCE_UP_TO_CHARS / 5);
    const save = vi.fn(async (sql: string, base: number) => saved(sql, base + 1));
    const s = session(save, { sql: long, version: 1 });
    const reads: string[] = [];
    const reader = (text: string) => () => {
      reads.push(text);
      return text;
    };
    const seen: string[] = [];
    s.subscribe(() => seen.push(s.getState().status));
    for (const end of [' s', ' se', ' sel', ' sele']) {
      s.touch(reader(long + end));
      await vi.advanceTimersByTimeAsync(50);
    }
    // Said not saved at the first key, and nothing more until the text is read.
    expect(seen).toEqual(['pending']);
    expect(reads).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(reads).toEqual([long + ' sele']);
    expect(save.mock.calls).toEqual([[long + ' sele', 1]]);
    expect(s.getState()).toMatchObject({ status: 'saved', text: long + ' sele' });
  });

  it('gives the page a new state when the status changes, not when the text typed is read after a pause', async () => {
    const s = session(vi.fn(async (sql: string, base: number) => saved(sql, base + 1)), { sql: '', version: 1 });
    const shown = [s.getShownState()];
    const render = () => {
      if (s.getShownState() !== shown.at(-1)) shown.push(s.getShownState());
    };
    s.subscribe(render);
    s.touch(() => 'select 1');
    s.touch(() => 'select 12');
    await vi.advanceTimersByTimeAsync(200);
    s.touch(() => 'select 123');
    await vi.advanceTimersByTimeAsync(200);
    // Not saved (with text now), then only the save's own steps: the reads of the text render nothing.
    expect(shown.map((state) => [state.status, state.text])).toEqual([['saved', ''], ['pending', ''], ['pending', 'select 12']]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(shown.slice(3).map((state) => state.status)).toEqual(['saving', 'saved']);
    expect(s.getShownState().text).toBe('select 123');
  });

  it('keeps the text read at once when the page goes away in the middle of typing', () => {
    const s = session(vi.fn(async (sql: string, base: number) => saved(sql, base + 1)));
    s.touch(() => 'select 99');
    s.keepOnDevice();
    expect(localDrafts(SCOPE).get(ID)).toMatchObject({ sql: 'select 99', baseVersion: 1 });
  });

  it('keeps the text on this device while offline and sends it when the network is back', async () => {
    let online = false;
    const save = vi.fn(async (sql: string, base: number) => {
      if (!online) throw new ApiError(0, 'Network error: Failed to fetch', 'NETWORK');
      return saved(sql, base + 1);
    });
    const s = session(save);
    s.edit('select 2');
    await vi.advanceTimersByTimeAsync(800);
    expect(s.getState()).toMatchObject({ status: 'offline', text: 'select 2' });
    expect(localDrafts(SCOPE).get(ID)).toMatchObject({ sql: 'select 2', baseVersion: 1 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(s.getState().status).toBe('offline');
    online = true;
    s.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.getState()).toMatchObject({ status: 'saved', version: 2 });
    expect(save).toHaveBeenLastCalledWith('select 2', 1);
  });

  it('after a reload, sends what was typed and not saved, or shows both texts when the query moved on', async () => {
    localDrafts(SCOPE).put(ID, { sql: 'select typed', baseVersion: 1, at: 0 });
    const save = vi.fn(async (sql: string, base: number) => saved(sql, base + 1));
    const resumed = session(save);
    expect(resumed.getState().text).toBe('select typed');
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledWith('select typed', 1);

    localDrafts(SCOPE).put(ID, { sql: 'select mine', baseVersion: 1, at: 0 });
    const stale = session(save, { sql: 'select theirs', version: 3 });
    expect(stale.getState()).toMatchObject({ status: 'conflict', text: 'select mine', theirs: { sql: 'select theirs', version: 3 } });
  });

  it('turns a refused stale save into a conflict: keep mine saves on their version, take theirs replaces the text', async () => {
    const save = vi.fn(async (sql: string, base: number) => {
      if (base === 1) throw conflict('select from the other tab', 2);
      return saved(sql, base + 1);
    });
    const s = session(save);
    s.edit('select mine');
    await vi.advanceTimersByTimeAsync(800);
    expect(s.getState()).toMatchObject({ status: 'conflict', text: 'select mine', theirs: { sql: 'select from the other tab' } });
    // Typing on in a conflict sends nothing.
    s.edit('select mine!');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(save).toHaveBeenCalledTimes(1);
    s.keepMine();
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenLastCalledWith('select mine!', 2);
    expect(s.getState()).toMatchObject({ status: 'saved', version: 3 });

    const other = session(async () => {
      throw conflict('select theirs', 5);
    });
    other.edit('select another');
    await vi.advanceTimersByTimeAsync(800);
    const revision = other.getState().revision;
    other.takeTheirs();
    expect(other.getState()).toMatchObject({ status: 'saved', text: 'select theirs', version: 5, revision: revision + 1 });
    expect(localDrafts(SCOPE).get(ID)).toBeNull();
  });

  it('takes a refusal whose saved text is this very text as saved, with no choice to make', async () => {
    // Another tab sent the same kept text first.
    const s = session(async () => {
      throw conflict('select same', 2);
    });
    s.edit('select same');
    await vi.advanceTimersByTimeAsync(800);
    expect(s.getState()).toMatchObject({ status: 'saved', version: 2, theirs: null });
    expect(localDrafts(SCOPE).get(ID)).toBeNull();
  });

  it('never drops a newer text another tab typed in the same query when its own save succeeds', async () => {
    const s = session(vi.fn(async (sql: string, base: number) => saved(sql, base + 1)));
    s.edit('select from this tab');
    // Another tab types later in the same query, before this tab's save answers.
    localDrafts(SCOPE).put(ID, { sql: 'select from the other tab', baseVersion: 1, at: Date.now() + 1, page: 'other-tab' });
    await vi.advanceTimersByTimeAsync(800);
    expect(s.getState().status).toBe('saved');
    expect(localDrafts(SCOPE).get(ID)?.sql).toBe('select from the other tab');
  });

  it('keeps the text of a query deleted elsewhere on this device, and stops sending it', async () => {
    const save = vi.fn(async () => {
      throw new ApiError(404, 'Content not found');
    });
    const s = session(save);
    s.edit('select precious');
    await vi.advanceTimersByTimeAsync(800);
    expect(s.getState().status).toBe('deleted');
    s.edit('select precious 2');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(save).toHaveBeenCalledTimes(1);
    expect(s.getState().status).toBe('deleted');
    expect(localDrafts(SCOPE).get(ID)?.sql).toBe('select precious 2');
  });

  it('hands a new query over to its saved session: keys typed before the page moved are not lost', async () => {
    const created = new AutosaveSession({ queryId: 'new', saved: { sql: '', version: 0 }, save: async (sql) => saved(sql, 1), drafts: localDrafts(SCOPE) });
    const save = vi.fn(async (sql: string, base: number) => saved(sql, base + 1));
    const next = session(save, { sql: 'select', version: 1 });
    created.close(next);
    created.edit('select 1');
    expect(next.getState().text).toBe('select 1');
    await vi.advanceTimersByTimeAsync(800);
    expect(save).toHaveBeenCalledWith('select 1', 1);
  });
});
