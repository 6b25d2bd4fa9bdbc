import { useEffect, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import { NEW_SNIPPET_NAME, PERMISSIONS, type Snippet } from '@plinth/shared-contracts';
import { useArea } from '@plinth/area-kit';
import { useSnippetCache } from '../../area/use-snippets';
import { AutosaveSession } from './autosave-session';
import { localDrafts, type DraftStore } from './drafts';

// Sessions outlive the page that shows them: switching query tabs or going to another area and
// back finds the same session (its text, version and any save on its way), keyed by the area's
// clients so each mounted console (and each test) has its own.
const sessions = new WeakMap<object, Map<string, AutosaveSession>>();

function registry(api: object): Map<string, AutosaveSession> {
  let byKey = sessions.get(api);
  if (!byKey) sessions.set(api, (byKey = new Map()));
  return byKey;
}

// The page showing a new query, if one is mounted: it moves to the saved query when the save
// answers. Registered by the page once shown (an effect), not captured when the session is made: a
// render that never reached the screen (a lazy editor still loading) would keep a router navigation
// that is ignored. With no page shown (the user went elsewhere) nothing moves.
const newQueryPages = new WeakMap<object, Map<string, (savedId: string) => void>>();

function pagesOf(api: object): Map<string, (savedId: string) => void> {
  let byKey = newQueryPages.get(api);
  if (!byKey) newQueryPages.set(api, (byKey = new Map()));
  return byKey;
}

/** Ids of the editors that are not a saved query: sql/new, and the non-hosted mode's fixed sql/1. */
export const UNSAVED_QUERY_IDS = ['new', '1'] as const;

/**
 * The text of the query open at `id` and how it is kept. A saved query (`snippet` given) is saved as
 * it is typed, each edit naming its version. `new` is kept locally and becomes a personal query with
 * its first text (then the page moves to it, keeping the editor); `1` (non-hosted) and users without
 * the right to save queries keep their text on this device.
 */
export function useQueryText(id: string, snippet: Snippet | undefined) {
  const { api, projectRef, can, hosted } = useArea();
  const cache = useSnippetCache();
  const navigate = useNavigate();
  const maySave = can(PERMISSIONS.USER_CONTENT_CREATE);
  const sessionsOfApi = registry(api);
  const key = `${projectRef}:${id}`;
  const savedSession = (saved: Snippet, drafts: DraftStore, textId?: string) =>
    new AutosaveSession({
      queryId: saved.id,
      textId,
      saved: { sql: saved.content.sql, version: saved.version },
      save: maySave ? (sql, baseVersion) => api.snippets.updateSnippet(projectRef, saved.id, { sql, base_version: baseVersion }) : null,
      drafts,
      onSaved: cache.put,
    });
  let session = sessionsOfApi.get(key);
  if (!session) {
    const drafts = localDrafts(projectRef);
    if (snippet) {
      session = savedSession(snippet, drafts);
    } else {
      const createsQuery = id === 'new' && hosted && maySave;
      session = new AutosaveSession({
        queryId: id,
        saved: { sql: '', version: 0 },
        save: createsQuery ? (sql) => api.snippets.createSnippet(projectRef, { name: NEW_SNIPPET_NAME, sql, visibility: 'user' }) : null,
        drafts,
        onSaved: (saved) => {
          // The new query exists: its own session takes over with what was typed meanwhile (as its
          // draft, sent at once), and keys still reaching this one before the page moves go to it.
          const current = sessionsOfApi.get(key);
          drafts.put(saved.id, { sql: current?.readText() ?? saved.content.sql, baseVersion: saved.version, at: Date.now() });
          cache.put(saved);
          const next = savedSession(saved, drafts, current?.textId);
          sessionsOfApi.set(`${projectRef}:${saved.id}`, next);
          current?.close(next);
          sessionsOfApi.delete(key);
          drafts.remove(id);
          pagesOf(api).get(key)?.(saved.id);
        },
      });
    }
    sessionsOfApi.set(key, session);
  }
  const active = session;
  // The state as shown: a text read after a pause in typing does not render the page (see getShownState).
  const state = useSyncExternalStore(active.subscribe, active.getShownState, active.getShownState);

  useEffect(() => {
    const pages = pagesOf(api);
    const move = (savedId: string) => navigate(`/sql/${savedId}`, { replace: true });
    pages.set(key, move);
    return () => {
      if (pages.get(key) === move) pages.delete(key);
    };
  }, [api, key, navigate]);

  useEffect(() => {
    // Network back: send what waits. Leaving the query (another tab, another area): send it now.
    const online = () => active.flush();
    const leaving = () => active.keepOnDevice();
    window.addEventListener('online', online);
    window.addEventListener('pagehide', leaving);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('pagehide', leaving);
      active.flush();
    };
  }, [active]);

  return {
    state,
    /** Names the editor's text; it changes when another text is opened (not when a new query is saved). */
    textId: active.textId,
    edit: (text: string) => active.edit(text),
    /** An editor that owns its text reports a change; the text is read after a pause. */
    touch: (read: () => string) => active.touch(read),
    readText: () => active.readText(),
    replaceText: (text: string) => active.replaceText(text),
    keepMine: () => active.keepMine(),
    takeTheirs: () => active.takeTheirs(),
  };
}
