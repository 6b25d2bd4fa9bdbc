import { randomId, type DraftScope, type DraftStore } from '../../area/query-drafts';

// The draft of a new query (sql/new) before it is saved as a query: each browser tab has its own
// (two tabs each typing a new query never write over each other), named in the tab's session
// storage so that a reload finds it again. A tab holds its draft with a Web Lock for as long as it
// lives; a draft no tab holds (its tab was closed or crashed before the query was saved) is taken
// over by the next new query opened in this project, which shows its text and saves it. Once saved,
// the tab remembers which query the new one became until its page has moved there (a reload or a
// console mounted again in between opens that query, not an empty new one).

/** Ids of new-query drafts start with this (saved queries' drafts are named by the query's id). */
export const NEW_QUERY_DRAFT_PREFIX = 'new-';
/** How long a reloaded tab waits for the page it replaces to let its draft go. */
export const OWN_DRAFT_WAIT_MS = 3_000;
/** Without Web Locks, a draft not typed on for this long is taken to be left by a closed tab. */
export const LEFT_DRAFT_AFTER_MS = 60_000;

/** Holds drafts for this page, so that no other tab takes them over. */
export interface DraftLocks {
  /** Whether it can tell drafts held by a live tab from left ones. */
  readonly seesOtherTabs: boolean;
  /** Holds `name` for this page; waits up to `waitMs` for another page to let it go. False: another page holds it. */
  hold(name: string, waitMs: number): Promise<boolean>;
  release(name: string): void;
}

/** Web Locks (every current browser, on https and localhost), or a stand-in that only knows this page. */
export function draftLocks(locks: LockManager | undefined = globalThis.navigator?.locks): DraftLocks {
  const held = new Map<string, () => void>();
  if (!locks) {
    return {
      seesOtherTabs: false,
      hold: (name) => (held.set(name, () => undefined), Promise.resolve(true)),
      release: (name) => void held.delete(name),
    };
  }
  return {
    seesOtherTabs: true,
    hold(name, waitMs) {
      if (held.has(name)) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const options: LockOptions = waitMs > 0 && typeof AbortSignal.timeout === 'function' ? { signal: AbortSignal.timeout(waitMs) } : { ifAvailable: true };
        locks
          .request(name, options, (lock) => {
            if (!lock) return resolve(false);
            resolve(true);
            // Held until released (the new query is saved) or the page goes away.
            return new Promise<void>((release) => held.set(name, release));
          })
          .catch(() => resolve(false));
      });
    },
    release(name) {
      held.get(name)?.();
      held.delete(name);
    },
  };
}

export interface NewQueryDraftPlace {
  scope: DraftScope;
  drafts: DraftStore;
  locks: DraftLocks;
  /** This tab's session storage. */
  tabStorage: Storage | undefined;
  now?: () => number;
  /** How long a reloaded tab waits for its draft (OWN_DRAFT_WAIT_MS). */
  ownDraftWaitMs?: number;
}

const tabKey = ({ projectRef, userId }: DraftScope) => `plinth.sql-new-query:${projectRef}:${userId}`;
/** The tab's entry once its new query is saved: this, then the saved query's id. */
const SAVED_AS = 'saved:';
const lockName = ({ projectRef, userId }: DraftScope, id: string) => `plinth.sql-draft:${projectRef}:${userId}:${id}`;

function readTab(storage: Storage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function writeTab(storage: Storage | undefined, key: string, id: string | null) {
  try {
    if (id === null) storage?.removeItem(key);
    else storage?.setItem(key, id);
  } catch {
    /* the draft id lives as long as this page */
  }
}

/**
 * The draft id of this tab's new query: its own after a reload when it has text; else the newest
 * draft a closed tab left; else its own empty one or a new one. Held by this page until `releaseNewQueryDraft`.
 */
export async function claimNewQueryDraft({ scope, drafts, locks, tabStorage, now = Date.now, ownDraftWaitMs = OWN_DRAFT_WAIT_MS }: NewQueryDraftPlace): Promise<string> {
  const key = tabKey(scope);
  let own = readTab(tabStorage, key);
  if (own?.startsWith(SAVED_AS)) own = null;
  // A duplicated tab has a copy of its original's session storage: the original keeps the draft.
  if (own && !(await locks.hold(lockName(scope, own), ownDraftWaitMs))) own = null;
  if (own && drafts.get(own)?.sql.trim()) return own;
  const left = drafts
    .ids()
    .filter((id) => id.startsWith(NEW_QUERY_DRAFT_PREFIX) && id !== own)
    .map((id) => ({ id, draft: drafts.get(id) }))
    .filter(({ draft }) => draft !== null && draft.sql.trim() !== '')
    .filter(({ draft }) => locks.seesOtherTabs || draft!.at < now() - LEFT_DRAFT_AFTER_MS)
    .sort((a, b) => b.draft!.at - a.draft!.at);
  for (const { id } of left) {
    if (await locks.hold(lockName(scope, id), 0)) {
      if (own) releaseNewQueryDraft({ scope, drafts, locks, tabStorage }, own);
      writeTab(tabStorage, key, id);
      return id;
    }
  }
  if (own) return own;
  const id = `${NEW_QUERY_DRAFT_PREFIX}${randomId()}`;
  await locks.hold(lockName(scope, id), 0);
  writeTab(tabStorage, key, id);
  return id;
}

/**
 * The new query is saved as `savedId` (or its draft is given up for another, without it): its draft
 * goes, and the tab's next new query starts afresh once its page has moved to the saved query.
 */
export function releaseNewQueryDraft({ scope, drafts, locks, tabStorage }: NewQueryDraftPlace, id: string, savedId?: string): void {
  drafts.remove(id);
  if (savedId) writeTab(tabStorage, tabKey(scope), `${SAVED_AS}${savedId}`);
  else if (readTab(tabStorage, tabKey(scope)) === id) writeTab(tabStorage, tabKey(scope), null);
  locks.release(lockName(scope, id));
}

/** The saved query this tab's new query became, while its page has not moved there yet. */
export function newQuerySavedAs({ scope, tabStorage }: NewQueryDraftPlace): string | null {
  const entry = readTab(tabStorage, tabKey(scope));
  return entry?.startsWith(SAVED_AS) ? entry.slice(SAVED_AS.length) : null;
}

/** The page moved to the saved query the new one became. */
export function movedToSavedQuery({ scope, tabStorage }: NewQueryDraftPlace, savedId: string): void {
  if (readTab(tabStorage, tabKey(scope)) === `${SAVED_AS}${savedId}`) writeTab(tabStorage, tabKey(scope), null);
}
