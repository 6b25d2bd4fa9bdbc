import { beforeEach, describe, expect, it } from 'vitest';
import { localDrafts } from '../../area/query-drafts';
import { claimNewQueryDraft, draftLocks, releaseNewQueryDraft, type NewQueryDraftPlace } from './new-query-draft';

const SCOPE = { projectRef: 'projectaaaaaaaaaaaaa', userId: 'user-ada' };

/** The browser's Web Locks, shared by its tabs: each tab has its own LockManager over one table of held locks. */
function browserLocks() {
  const held = new Map<string, object>();
  const queue: { name: string; grant: () => void }[] = [];
  const grantNext = (name: string) => queue.find((w) => w.name === name && !held.has(name))?.grant();
  return (tab: object) => {
    const mine = new Set<string>();
    const release = (name: string) => {
      if (held.get(name) !== tab) return;
      held.delete(name);
      mine.delete(name);
      grantNext(name);
    };
    const manager = {
      request(name: string, options: LockOptions, callback: (lock: Lock | null) => Promise<void> | void) {
        return new Promise<void>((resolve, reject) => {
          const run = () => {
            held.set(name, tab);
            mine.add(name);
            void Promise.resolve(callback({ name, mode: 'exclusive' } as Lock)).then(() => (release(name), resolve()));
          };
          if (!held.has(name)) return run();
          if (options.ifAvailable) return void Promise.resolve(callback(null)).then(() => resolve());
          const waiter = {
            name,
            grant: () => {
              queue.splice(queue.indexOf(waiter), 1);
              run();
            },
          };
          queue.push(waiter);
          options.signal?.addEventListener('abort', () => {
            queue.splice(queue.indexOf(waiter), 1);
            reject(new DOMException('aborted', 'AbortError'));
          });
        });
      },
    } as unknown as LockManager;
    /** The tab is closed (or crashes): the browser lets its locks go. */
    const close = () => [...mine].forEach(release);
    return { manager, close };
  };
}

function memoryStorage(entries: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    clear: () => map.clear(),
  };
}

const copyOf = (storage: Storage) => memoryStorage(Object.fromEntries(Array.from({ length: storage.length }, (_, i) => [storage.key(i)!, storage.getItem(storage.key(i)!)!])));

beforeEach(() => localStorage.clear());

describe('the draft of a new query', () => {
  const browser = browserLocks();
  const tab = (tabStorage: Storage = memoryStorage()) => {
    const page = browser({});
    const place: NewQueryDraftPlace = { scope: SCOPE, drafts: localDrafts(SCOPE), locks: draftLocks(page.manager), tabStorage, ownDraftWaitMs: 50 };
    return { ...page, place, tabStorage, claim: () => claimNewQueryDraft(place) };
  };

  it('is found again by its tab after a reload', async () => {
    const first = tab();
    const id = await first.claim();
    localDrafts(SCOPE).put(id, { sql: 'select typed before reload', baseVersion: 0, at: Date.now() });
    first.close();
    const reloaded = tab(first.tabStorage);
    expect(await reloaded.claim()).toBe(id);
    reloaded.close();
  });

  it('is never taken by another tab while its own tab lives, nor by a duplicate of that tab', async () => {
    const a = tab();
    const id = await a.claim();
    localDrafts(SCOPE).put(id, { sql: 'select from tab a', baseVersion: 0, at: Date.now() });
    const b = tab();
    const other = await b.claim();
    expect(other).not.toBe(id);
    const duplicate = tab(copyOf(a.tabStorage));
    const third = await duplicate.claim();
    expect([id, other]).not.toContain(third);
    [a, b, duplicate].forEach((t) => t.close());
  });

  it('left by a closed tab is taken over by the next new query, once', async () => {
    const closed = tab();
    const id = await closed.claim();
    localDrafts(SCOPE).put(id, { sql: 'select left behind', baseVersion: 0, at: Date.now() });
    closed.close();
    const next = tab();
    expect(await next.claim()).toBe(id);
    // No other tab gets it while the tab that took it lives.
    const another = tab();
    expect(await another.claim()).not.toBe(id);
    next.close();
    another.close();
  });

  it('goes once the new query is saved: the tab’s next new query starts afresh', async () => {
    const t = tab();
    const id = await t.claim();
    localDrafts(SCOPE).put(id, { sql: 'select 1', baseVersion: 0, at: Date.now() });
    releaseNewQueryDraft(t.place, id);
    expect(localDrafts(SCOPE).get(id)).toBeNull();
    expect(await t.claim()).not.toBe(id);
    t.close();
  });

  it('without Web Locks, is taken over only once it has not been typed on for a minute', async () => {
    const now = Date.now();
    localDrafts(SCOPE).put('new-recent', { sql: 'select maybe still open', baseVersion: 0, at: now - 5_000 });
    localDrafts(SCOPE).put('new-left', { sql: 'select left', baseVersion: 0, at: now - 120_000 });
    const place: NewQueryDraftPlace = { scope: SCOPE, drafts: localDrafts(SCOPE), locks: draftLocks(undefined), tabStorage: memoryStorage(), now: () => now };
    expect(await claimNewQueryDraft(place)).toBe('new-left');
  });
});
