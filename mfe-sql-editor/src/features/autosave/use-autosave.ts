import { useEffect, useReducer, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import { PERMISSIONS } from '@plinth/shared-contracts';
import { NEW_SNIPPET_NAME, type Snippet } from '@plinth/contracts-database';
import { useArea } from '@plinth/area-kit';
import { useSnippetCache } from '../../area/use-snippets';
import { localDrafts, type DraftScope, type DraftStore } from '../../area/query-drafts';
import { AutosaveSession, type SaveState } from './autosave-session';
import { claimNewQueryDraft, draftLocks, movedToSavedQuery, newQuerySavedAs, releaseNewQueryDraft, type NewQueryDraftPlace } from './new-query-draft';

// Sessions outlive the page that shows them: switching query tabs or going to another area and
// back finds the same session (its text, version and any save on its way), keyed by the area's
// clients so each mounted console (and each test) has its own, and by user and project.
const sessions = new WeakMap<object, Map<string, AutosaveSession>>();

function registry(api: object): Map<string, AutosaveSession> {
  let byKey = sessions.get(api);
  if (!byKey) sessions.set(api, (byKey = new Map()));
  return byKey;
}

// The page showing a new query, if one is mounted: it moves to the saved query when the save
// answers. Registered by the page once shown (an effect), not captured when the session is made: a
// render that never reached the screen (a lazy editor still loading) would keep a router navigation
// that is ignored. A save answering before the page is shown (a reload sends the kept text at once)
// leaves the session, and the tab (new-query-draft.ts), marked with the saved query, and the page
// moves there when it is shown. One page per tab: a console mounted again (another area and back)
// registers its page in the place of the last one.
const newQueryPages = new Map<string, (savedId: string) => void>();

// A new query's session while it is not saved, by draft: a console mounted again before the save
// answered goes on with the same session instead of sending the same new query a second time.
const newQuerySessions = new Map<string, AutosaveSession>();

// The draft id of the new query of each console (one per tab: see new-query-draft.ts), claimed once.
interface DraftClaim {
  id: string | null;
  ready: Promise<string>;
}
const newQueryClaims = new WeakMap<object, Map<string, DraftClaim>>();
const locks = draftLocks();

function newQueryPlace(scope: DraftScope): NewQueryDraftPlace {
  let tabStorage: Storage | undefined;
  try {
    tabStorage = globalThis.sessionStorage;
  } catch {
    tabStorage = undefined;
  }
  return { scope, drafts: localDrafts(scope), locks, tabStorage };
}

/** Draft ids of new queries saved since this page loaded. */
const savedDrafts = new Set<string>();

/** Forgets this page's new queries, as a reload does (tests start the next page from storage). */
export function resetNewQueries(): void {
  newQueryPages.clear();
  newQuerySessions.clear();
  savedDrafts.clear();
}

function newQueryClaim(api: object, scope: DraftScope): DraftClaim {
  let byScope = newQueryClaims.get(api);
  if (!byScope) newQueryClaims.set(api, (byScope = new Map()));
  const key = `${scope.userId}:${scope.projectRef}`;
  let claim = byScope.get(key);
  // Its new query was saved (by this console or one mounted before it): the next one starts afresh.
  if (!claim || (claim.id !== null && savedDrafts.has(claim.id))) {
    const made: DraftClaim = { id: null, ready: claimNewQueryDraft(newQueryPlace(scope)) };
    void made.ready.then((id) => (made.id = id));
    byScope.set(key, (claim = made));
  }
  return claim;
}

function newQuerySaved(scope: DraftScope, draftId: string, savedId: string) {
  releaseNewQueryDraft(newQueryPlace(scope), draftId, savedId);
  savedDrafts.add(draftId);
  newQuerySessions.delete(`${scope.userId}:${scope.projectRef}:${draftId}`);
}

/** The draft id of this tab's new query, or null while it is being claimed. */
function useNewQueryDraftId(api: object, scope: DraftScope, wanted: boolean): string | null {
  const claim = wanted ? newQueryClaim(api, scope) : null;
  const [, claimed] = useReducer((n: number) => n + 1, 0);
  const id = claim?.id ?? null;
  useEffect(() => {
    // Rendered while claiming: render again once claimed (even if that was before this effect ran).
    if (!claim || id !== null) return;
    let shown = true;
    void claim.ready.then(() => shown && claimed());
    return () => {
      shown = false;
    };
  }, [claim, id]);
  return id;
}

/** Ids of the editors that are not a saved query: sql/new, and the non-hosted mode's fixed sql/1. */
export const UNSAVED_QUERY_IDS = ['new', '1'] as const;

const noSubscription = () => () => undefined;
const noState = (): SaveState | null => null;

export interface QueryText {
  state: SaveState;
  /** Names the editor's text; it changes when another text is opened (not when a new query is saved). */
  textId: string;
  edit: (text: string) => void;
  /** An editor that owns its text reports a change; the text is read at once (a long one after a pause). */
  touch: (read: () => string) => void;
  readText: () => string;
  replaceText: (text: string) => void;
  keepMine: () => void;
  takeTheirs: () => void;
  /** The query was deleted elsewhere: its text becomes a new personal query (the page moves to it). */
  saveAsNewQuery: () => Promise<void>;
}

/**
 * A text typed in a query deleted elsewhere: saved as a new personal query of that name (the page
 * moves to it) or discarded; either way the deleted query's draft and session go.
 */
function useDeletedQueryText(id: string) {
  const { api, projectRef, props } = useArea();
  const cache = useSnippetCache();
  const navigate = useNavigate();
  const scope: DraftScope = { projectRef, userId: props.session.user.id };
  const key = `${scope.userId}:${projectRef}:${id}`;
  const forget = () => {
    registry(api).get(key)?.close();
    registry(api).delete(key);
    localDrafts(scope).forget(id);
    cache.remove(id);
  };
  return {
    saveAsNewQuery: async (sql: string, name: string) => {
      const created = await api.snippets.createSnippet(projectRef, { name, sql, visibility: 'user' });
      cache.put(created);
      forget();
      navigate(`/sql/${created.id}`, { replace: true });
    },
    discard: forget,
  };
}

/** What this device kept of a query that is not in the project any more (deleted elsewhere), if anything. */
export function useKeptTextOfDeletedQuery(id: string) {
  const { api, projectRef, props } = useArea();
  const deleted = useDeletedQueryText(id);
  const [kept, setKept] = useState(() => {
    const scope = { projectRef, userId: props.session.user.id };
    // A session still open on it keeps what it has not written yet.
    registry(api).get(`${scope.userId}:${projectRef}:${id}`)?.keepOnDevice();
    const sql = localDrafts(scope).get(id)?.sql ?? '';
    return sql.trim() === '' ? null : sql;
  });
  if (kept === null) return null;
  return {
    text: kept,
    saveAsNewQuery: () => deleted.saveAsNewQuery(kept, NEW_SNIPPET_NAME),
    discard: () => {
      deleted.discard();
      setKept(null);
    },
  };
}

/**
 * The text of the query open at `id` and how it is kept, or null while a new query's draft is found.
 * A saved query (`snippet` given) is saved as it is typed, each edit naming its version. `new` is kept
 * locally under this tab's draft id and becomes a personal query with its first text (then the page
 * moves to it, keeping the editor); `1` (non-hosted) and users without the right to save queries
 * keep their text on this device.
 */
export function useQueryText(id: string, snippet: Snippet | undefined): QueryText | null {
  const { api, projectRef, can, hosted, props } = useArea();
  const cache = useSnippetCache();
  const navigate = useNavigate();
  const deleted = useDeletedQueryText(id);
  const maySave = can(PERMISSIONS.USER_CONTENT_CREATE);
  const userId = props.session.user.id;
  const scope: DraftScope = { projectRef, userId };
  const sessionsOfApi = registry(api);
  const key = `${userId}:${projectRef}:${id}`;
  const createsQuery = !snippet && id === 'new' && hosted && maySave;
  let session = sessionsOfApi.get(key);
  // Saved already, before a reload or a new mount of the console: the page moves to that query.
  const savedBefore = !session && createsQuery ? newQuerySavedAs(newQueryPlace(scope)) : null;
  const draftId = useNewQueryDraftId(api, scope, createsQuery && !session && !savedBefore);

  const savedSession = (saved: Snippet, drafts: DraftStore, textId?: string) =>
    new AutosaveSession({
      queryId: saved.id,
      textId,
      saved: { sql: saved.content.sql, version: saved.version },
      save: maySave ? (sql, baseVersion) => api.snippets.updateSnippet(projectRef, saved.id, { sql, base_version: baseVersion }) : null,
      drafts,
      onSaved: cache.put,
    });
  if (!session && !savedBefore && (!createsQuery || draftId)) {
    const drafts = localDrafts(scope);
    if (snippet) {
      session = savedSession(snippet, drafts);
    } else if (createsQuery && draftId && newQuerySessions.has(`${userId}:${projectRef}:${draftId}`)) {
      session = newQuerySessions.get(`${userId}:${projectRef}:${draftId}`)!;
    } else if (createsQuery && draftId) {
      const made: AutosaveSession = new AutosaveSession({
        queryId: draftId,
        saved: { sql: '', version: 0 },
        save: (sql) => api.snippets.createSnippet(projectRef, { name: NEW_SNIPPET_NAME, sql, visibility: 'user' }),
        drafts,
        onSaved: (saved) => {
          // The new query exists: its own session takes over with what was typed meanwhile (as its
          // draft, sent at once), keys still reaching this one before the page moves go to it, and
          // the new query's draft goes.
          drafts.put(saved.id, { sql: made.readText(), baseVersion: saved.version, at: Date.now() });
          cache.put(saved);
          const next = savedSession(saved, drafts, made.textId);
          sessionsOfApi.set(`${userId}:${projectRef}:${saved.id}`, next);
          made.close(next, saved.id);
          newQuerySaved(scope, draftId, saved.id);
          newQueryPages.get(key)?.(saved.id);
        },
      });
      newQuerySessions.set(`${userId}:${projectRef}:${draftId}`, made);
      session = made;
    } else {
      // Kept on this device only: one text per project for sql/1, and for sql/new without the right to save.
      session = new AutosaveSession({ queryId: id, saved: { sql: '', version: 0 }, save: null, drafts });
    }
    sessionsOfApi.set(key, session);
  }
  const active = session ?? null;
  // The state as shown: a text read after a pause in typing does not render the page (see getShownState).
  const state = useSyncExternalStore(active?.subscribe ?? noSubscription, active?.getShownState ?? noState, active?.getShownState ?? noState);

  useEffect(() => {
    if (!active && !savedBefore) return;
    const pages = newQueryPages;
    const move = (savedId: string) => {
      movedToSavedQuery(newQueryPlace(scope), savedId);
      navigate(`/sql/${savedId}`, { replace: true });
    };
    pages.set(key, move);
    // Saved before this page was shown: go to the saved query now.
    const savedAs = active?.savedAs ?? savedBefore;
    if (savedAs) move(savedAs);
    return () => {
      if (pages.get(key) === move) pages.delete(key);
      // The page left the new query that became a saved one: the next new query starts afresh.
      if (active?.savedAs && sessionsOfApi.get(key) === active) sessionsOfApi.delete(key);
    };
  }, [api, key, navigate, active, savedBefore]);

  useEffect(() => {
    if (!active) return;
    // Network back: send what waits. Page hidden or going away: keep the text on this device now.
    // Leaving the query (another tab, another area): send it now.
    const online = () => active.flush();
    const leaving = () => active.keepOnDevice();
    const hidden = () => document.visibilityState === 'hidden' && active.keepOnDevice();
    window.addEventListener('online', online);
    window.addEventListener('pagehide', leaving);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('pagehide', leaving);
      document.removeEventListener('visibilitychange', hidden);
      active.flush();
    };
  }, [active]);

  if (!active || !state) return null;
  return {
    state,
    textId: active.textId,
    edit: (text) => active.edit(text),
    touch: (read) => active.touch(read),
    readText: () => active.readText(),
    replaceText: (text) => active.replaceText(text),
    keepMine: () => active.keepMine(),
    takeTheirs: () => active.takeTheirs(),
    saveAsNewQuery: () => deleted.saveAsNewQuery(active.readText(), snippet?.name ?? NEW_SNIPPET_NAME),
  };
}
