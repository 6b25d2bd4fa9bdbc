// Text not yet saved to the API, kept in this browser's local storage so that a reload, a closed
// tab or a minute without network loses nothing. One entry per query: its text and the version of
// the saved query it was typed on (so a draft older than what is saved now is shown as a conflict).

export interface Draft {
  sql: string;
  /** Version of the saved query the text was typed on; 0 for a query not saved yet. */
  baseVersion: number;
  /** When it was typed (ms since epoch), to show how old it is. */
  at: number;
}

export interface DraftStore {
  get(queryId: string): Draft | null;
  put(queryId: string, draft: Draft): void;
  remove(queryId: string): void;
}

const PREFIX = 'plinth.sql-draft';

/** Drafts of one project in local storage; a browser without storage (private mode, full) keeps them in memory. */
export function localDrafts(projectRef: string, storage: Storage | undefined = globalThis.localStorage): DraftStore {
  const memory = new Map<string, Draft>();
  const key = (id: string) => `${PREFIX}:${projectRef}:${id}`;
  return {
    get(id) {
      try {
        const raw = storage?.getItem(key(id));
        if (raw) {
          const d = JSON.parse(raw) as Partial<Draft>;
          if (typeof d.sql === 'string' && typeof d.baseVersion === 'number') return { sql: d.sql, baseVersion: d.baseVersion, at: Number(d.at) || 0 };
        }
      } catch {
        /* unreadable entry: fall back to memory */
      }
      return memory.get(id) ?? null;
    },
    put(id, draft) {
      memory.set(id, draft);
      try {
        storage?.setItem(key(id), JSON.stringify(draft));
      } catch {
        /* storage full or denied: the memory copy still covers navigation within the console */
      }
    },
    remove(id) {
      memory.delete(id);
      try {
        storage?.removeItem(key(id));
      } catch {
        /* nothing to remove */
      }
    },
  };
}
