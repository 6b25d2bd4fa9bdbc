// Text typed in the SQL editor and not yet saved, kept in this browser's local storage so that a
// reload, a closed tab, a crash or a minute without network loses nothing. One entry per query of
// one user in one project (another user signed in on this browser, or another project, never sees
// it): the text, the version of the saved query it was typed on (a draft older than what is saved
// now is shown as a conflict), when it was typed and by which page.

export interface Draft {
  sql: string;
  /** Version of the saved query the text was typed on; 0 for a query not saved yet. */
  baseVersion: number;
  /** When the text was typed (ms since epoch): of two pages' texts for one query, the later typed is kept. */
  at: number;
  /** The page (browser tab) that typed it; this page's when not given. */
  page?: string;
}

/** Whose drafts: one user in one project. */
export interface DraftScope {
  projectRef: string;
  userId: string;
}

export interface DraftStore {
  get(queryId: string): Draft | null;
  /**
   * Keeps a text. A text another page typed later in the same query stays (each page keeps its own
   * text in memory and writes it again when typed on).
   */
  put(queryId: string, draft: Draft): void;
  /** Drops the draft if it holds `sql` (saved now, or set aside): a different text typed meanwhile stays. */
  drop(queryId: string, sql: string): void;
  /** Drops the draft whatever it holds (the new query it belonged to is saved). */
  remove(queryId: string): void;
  /** Drops the draft and keeps none for this query from now on in this page (the user deleted the query). */
  forget(queryId: string): void;
  /** Ids of the queries this scope has drafts for. */
  ids(): string[];
}

const PREFIX = 'plinth.sql-draft';

/** This page (a browser tab's document), to tell its drafts from other tabs'. */
export const THIS_PAGE = randomId();

export function randomId(): string {
  const uuid = globalThis.crypto?.randomUUID?.();
  return uuid ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

// Drafts that storage refused (full, denied, private mode) are kept for the page's life, so going
// to another query or area and back still finds them; queries deleted here keep no draft.
const memory = new Map<string, Draft>();
const forgotten = new Set<string>();

function parse(raw: string | null | undefined): Draft | null {
  if (!raw) return null;
  try {
    const d = JSON.parse(raw) as Partial<Draft>;
    if (typeof d.sql !== 'string' || typeof d.baseVersion !== 'number') return null;
    return { sql: d.sql, baseVersion: d.baseVersion, at: Number(d.at) || 0, page: typeof d.page === 'string' ? d.page : undefined };
  } catch {
    return null;
  }
}

/** The drafts of one user in one project, in local storage (in memory where storage refuses). Never throws. */
export function localDrafts(scope: DraftScope, storage: Storage | undefined = globalThis.localStorage): DraftStore {
  const scopePrefix = `${PREFIX}:${scope.projectRef}:${scope.userId}:`;
  const key = (id: string) => `${scopePrefix}${id}`;
  const read = (id: string): Draft | null => {
    let raw: string | null | undefined;
    try {
      raw = storage?.getItem(key(id));
    } catch {
      raw = null;
    }
    return parse(raw) ?? memory.get(key(id)) ?? null;
  };
  const erase = (id: string) => {
    memory.delete(key(id));
    try {
      storage?.removeItem(key(id));
    } catch {
      /* nothing to remove */
    }
  };
  return {
    get: read,
    put(id, draft) {
      const k = key(id);
      if (forgotten.has(k)) return;
      const kept = { ...draft, page: draft.page ?? THIS_PAGE };
      const stored = read(id);
      if (stored && stored.page !== kept.page && stored.at > kept.at && stored.sql !== kept.sql) return;
      try {
        storage?.setItem(k, JSON.stringify(kept));
        memory.delete(k);
      } catch {
        // Storage full or denied: kept in memory for this page; the save to the API still follows.
        memory.set(k, kept);
      }
    },
    drop(id, sql) {
      if (read(id)?.sql === sql) erase(id);
    },
    remove: erase,
    forget(id) {
      forgotten.add(key(id));
      erase(id);
    },
    ids() {
      const found = new Set<string>();
      for (const k of memory.keys()) if (k.startsWith(scopePrefix)) found.add(k.slice(scopePrefix.length));
      try {
        for (let i = 0; i < (storage?.length ?? 0); i++) {
          const k = storage?.key(i);
          if (k?.startsWith(scopePrefix)) found.add(k.slice(scopePrefix.length));
        }
      } catch {
        /* storage unreadable: what memory holds */
      }
      return [...found];
    },
  };
}
