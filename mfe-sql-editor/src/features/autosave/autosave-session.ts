import { ApiError } from '@plinth/shared-contracts';
import { SNIPPET_CONFLICT_CODE, type Snippet, type SnippetConflictBody } from '@plinth/contracts-database';
import type { DraftStore } from '../../area/query-drafts';

// One open query's text on its way to the API: each edit is kept locally at once (before anything is
// sent) and sent after a pause in typing; one request at a time, each naming the version it was
// typed on, so a query saved elsewhere meanwhile becomes a conflict showing both texts instead of
// being overwritten. The local copy goes once the API has that very text.

/**
 * local: kept on this device only (no right to save queries, or a query not saved by design).
 * saved: the API has the text. pending: typed, waiting for the pause. saving: on its way.
 * offline / failed: not saved, kept on this device and tried again. conflict: saved elsewhere meanwhile.
 * deleted: the query was deleted elsewhere; the text is kept on this device and can become a new query.
 */
export type SaveStatus = 'local' | 'saved' | 'pending' | 'saving' | 'offline' | 'failed' | 'conflict' | 'deleted';

export interface SaveState {
  status: SaveStatus;
  /** The text in the editor. */
  text: string;
  /** Version of the saved query this text is based on. */
  version: number;
  /** In a conflict: the text and version saved elsewhere. */
  theirs: { sql: string; version: number } | null;
  /** Why the last save failed. */
  error: string | null;
  /** Raised when the text is replaced from outside the editor (taking their text), so the editor reloads it. */
  revision: number;
}

export interface AutosaveOptions {
  queryId: string;
  /**
   * Names the text across a hand-over (a new query becoming a saved one keeps its editor); the
   * query id when not given.
   */
  textId?: string;
  /** The query as the API last gave it. */
  saved: { sql: string; version: number };
  /** Sends the text, naming the version it was typed on; answers the saved query. Null: kept on this device only. */
  save: ((sql: string, baseVersion: number) => Promise<Snippet>) | null;
  drafts: DraftStore;
  /** Each saved answer (to refresh the query list). */
  onSaved?: (snippet: Snippet) => void;
  /** Pause in typing before a save. */
  delayMs?: number;
  /** Wait before trying a failed save again. */
  retryMs?: number;
}

export const AUTOSAVE_DELAY_MS = 800;
export const AUTOSAVE_RETRY_MS = 5_000;
/**
 * A text up to this long is read from the editor and kept on this device at every change. A longer
 * one (building and storing it costs more per key) is read after a pause in typing and kept at most
 * every DRAFT_EVERY_MS, and at once when the page goes away.
 */
export const DRAFT_AT_ONCE_UP_TO_CHARS = 20_000;
export const DRAFT_EVERY_MS = 250;
/** Pause in typing before a long text is read from the editor (it is never built per key). */
export const READ_TEXT_AFTER_MS = 150;

/** Statuses in which nothing is sent until the user decides. */
const HELD: readonly SaveStatus[] = ['conflict', 'deleted'];

export class AutosaveSession {
  private state: SaveState;
  private savedText: string;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private sending = false;
  private closed = false;
  private draftTimer: ReturnType<typeof setTimeout> | undefined;
  private successor: AutosaveSession | null = null;
  private reader: (() => string) | null = null;
  private readTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<() => void>();
  /** When the text was last typed (ms since epoch). */
  private editedAt = 0;
  /** The saved query a new query became, once it is saved. */
  savedAs: string | null = null;
  readonly textId: string;

  constructor(private readonly options: AutosaveOptions) {
    this.textId = options.textId ?? options.queryId;
    const { saved, drafts, queryId } = options;
    this.savedText = saved.sql;
    this.state = { status: 'saved', text: saved.sql, version: saved.version, theirs: null, error: null, revision: 0 };
    const draft = drafts.get(queryId);
    if (draft) this.editedAt = draft.at;
    if (!options.save) {
      this.state = { ...this.state, text: draft?.sql ?? saved.sql, status: 'local' };
    } else if (!draft || draft.sql === saved.sql) {
      if (draft) drafts.drop(queryId, saved.sql);
    } else if (draft.baseVersion >= saved.version) {
      // Typed here on what is still the saved version: send it now.
      this.state = { ...this.state, text: draft.sql, status: 'pending' };
      this.schedule(0);
    } else {
      // Typed on an older version than what is saved now: both texts, the user decides.
      this.state = { ...this.state, text: draft.sql, version: draft.baseVersion, status: 'conflict', theirs: { sql: saved.sql, version: saved.version } };
    }
  }

  getState = (): SaveState => this.state;

  private shown: SaveState | null = null;
  /**
   * The state as the page shows it: the same object while only the typed text changed (the editor
   * shows the text itself), so reading the text after a pause in typing renders nothing. A new
   * object when anything shown changes: the status, a conflict (both texts), text appearing or
   * going away, or a text replaced from outside.
   */
  getShownState = (): SaveState => {
    const was = this.shown;
    const now = this.state;
    const same =
      was !== null && was.status === now.status && now.status !== 'conflict' && was.version === now.version && was.theirs === now.theirs &&
      was.error === now.error && was.revision === now.revision && (was.text === '') === (now.text === '') && (was.text.trim() === '') === (now.text.trim() === '');
    if (!same) this.shown = now;
    return this.shown!;
  };

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The user typed: kept locally now, sent after the pause. */
  edit(text: string): void {
    if (this.successor) {
      this.successor.edit(text);
      return;
    }
    if (text === this.state.text) {
      if (this.state.status === 'pending' && !this.sending) this.schedule(this.options.delayMs ?? AUTOSAVE_DELAY_MS);
      return;
    }
    this.editedAt = Date.now();
    if (!this.options.save) {
      this.set({ text });
      this.keepDraft();
      return;
    }
    const held = HELD.includes(this.state.status);
    this.set({ text, status: held ? this.state.status : this.sending ? 'saving' : 'pending' });
    this.keepDraft();
    if (!held) this.schedule(this.options.delayMs ?? AUTOSAVE_DELAY_MS);
  }

  /**
   * The user typed in an editor that owns its text: `read` builds it, called right after the key
   * (keys of one burst read once), or for a long text after a short pause in typing. The status
   * turns to not saved at once.
   */
  touch(read: () => string): void {
    if (this.successor) {
      this.successor.touch(read);
      return;
    }
    this.reader = read;
    clearTimeout(this.readTimer);
    this.readTimer = setTimeout(() => this.readText(), this.state.text.length <= DRAFT_AT_ONCE_UP_TO_CHARS ? 0 : READ_TEXT_AFTER_MS);
    // Still typing: the save waits for the pause after the last key, as with every edit.
    clearTimeout(this.timer);
    const status = this.state.status;
    if (this.options.save && (status === 'saved' || status === 'failed' || status === 'offline')) this.set({ status: 'pending' });
  }

  /** The latest text, reading the editor now if it changed since it was last read. */
  readText(): string {
    clearTimeout(this.readTimer);
    const read = this.reader;
    this.reader = null;
    if (read) this.edit(read());
    return this.state.text;
  }

  /** A text from elsewhere (a template, a run from the history) replaces the editor's. */
  replaceText(text: string): void {
    this.reader = null;
    clearTimeout(this.readTimer);
    this.edit(text);
    this.set({ revision: this.state.revision + 1 });
  }

  /** The page is going away or hidden (reload, closed tab, another app): what was typed is kept on this device now. */
  keepOnDevice(): void {
    this.readText();
    clearTimeout(this.draftTimer);
    this.draftTimer = undefined;
    if (!this.closed && this.state.status !== 'saved') this.writeDraft();
  }

  /** Sends what is pending without waiting for the pause (leaving the page, the network back). */
  flush(): void {
    this.readText();
    const status = this.state.status;
    if (HELD.includes(status) || status === 'saved' || status === 'local') return;
    this.schedule(0);
  }

  /** Conflict: my text wins; it is saved on top of theirs. */
  keepMine(): void {
    this.readText();
    const theirs = this.state.theirs;
    if (!theirs) return;
    this.savedText = theirs.sql;
    this.set({ status: 'pending', version: theirs.version, theirs: null, error: null });
    this.writeDraft();
    this.schedule(0);
  }

  /** Conflict: their text replaces mine in the editor. */
  takeTheirs(): void {
    const theirs = this.state.theirs;
    if (!theirs) return;
    this.reader = null;
    clearTimeout(this.readTimer);
    this.savedText = theirs.sql;
    // My text is set aside: its local copy goes (a text another tab typed since stays).
    this.options.drafts.drop(this.options.queryId, this.state.text);
    this.set({ status: 'saved', text: theirs.sql, version: theirs.version, theirs: null, error: null, revision: this.state.revision + 1 });
  }

  /**
   * Hands the text over to another session (a new query that became the saved query `savedAs`):
   * this one keeps and sends nothing more, and edits that still reach it (typed before the page
   * moved) go to `next`.
   */
  close(next: AutosaveSession | null = null, savedAs: string | null = null): void {
    this.savedAs = savedAs;
    if (next && this.reader) next.touch(this.reader);
    this.reader = null;
    clearTimeout(this.readTimer);
    this.closed = true;
    this.successor = next;
    clearTimeout(this.timer);
    clearTimeout(this.draftTimer);
    this.draftTimer = undefined;
  }

  /**
   * Keeps the text locally: at once, or for a long text at most every DRAFT_EVERY_MS (writing a long
   * query to local storage on every key would slow typing down).
   */
  private keepDraft() {
    if (this.closed) return;
    if (this.state.text.length <= DRAFT_AT_ONCE_UP_TO_CHARS) {
      clearTimeout(this.draftTimer);
      this.draftTimer = undefined;
      this.writeDraft();
      return;
    }
    if (this.draftTimer !== undefined) return;
    this.draftTimer = setTimeout(() => {
      this.draftTimer = undefined;
      if (!this.closed && this.state.status !== 'saved') this.writeDraft();
    }, DRAFT_EVERY_MS);
  }

  private writeDraft() {
    this.options.drafts.put(this.options.queryId, { sql: this.state.text, baseVersion: this.state.version, at: this.editedAt || Date.now() });
  }

  private set(change: Partial<SaveState>) {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }

  private schedule(ms: number) {
    clearTimeout(this.timer);
    if (this.closed) return;
    this.timer = setTimeout(() => void this.send(), ms);
  }

  private async send(): Promise<void> {
    const save = this.options.save;
    if (!save || this.sending || HELD.includes(this.state.status)) return;
    const { text, version } = this.state;
    if (text === this.savedText) {
      this.options.drafts.drop(this.options.queryId, text);
      this.set({ status: 'saved', error: null });
      return;
    }
    // Kept on this device before it is sent, whatever happens to the request.
    if (this.draftTimer !== undefined) {
      clearTimeout(this.draftTimer);
      this.draftTimer = undefined;
      this.writeDraft();
    }
    this.sending = true;
    this.set({ status: 'saving' });
    try {
      const saved = await save(text, version);
      this.savedText = saved.content.sql;
      this.options.onSaved?.(saved);
      if (this.closed) return;
      const done = this.state.text === saved.content.sql;
      this.set({ version: saved.version, status: done ? 'saved' : 'pending', error: null });
      // The API has this text: its local copy goes (a newer text typed meanwhile stays and is sent next).
      this.options.drafts.drop(this.options.queryId, saved.content.sql);
      if (!done) {
        this.keepDraft();
        this.schedule(this.options.delayMs ?? AUTOSAVE_DELAY_MS);
      }
    } catch (err) {
      this.failed(err);
    } finally {
      this.sending = false;
    }
  }

  private failed(err: unknown) {
    if (err instanceof ApiError && err.status === 409 && err.code === SNIPPET_CONFLICT_CODE) {
      const current = (err.details as SnippetConflictBody).snippet;
      this.options.onSaved?.(current);
      if (current.content.sql === this.state.text) {
        // Saved elsewhere with this very text (another tab sent the same draft): nothing to choose.
        this.savedText = current.content.sql;
        this.options.drafts.drop(this.options.queryId, current.content.sql);
        this.set({ status: 'saved', version: current.version, error: null });
        return;
      }
      this.set({ status: 'conflict', theirs: { sql: current.content.sql, version: current.version }, error: null });
      return;
    }
    const error = err instanceof Error ? err.message : String(err);
    if (err instanceof ApiError && err.status === 404) {
      // Deleted elsewhere: the text stays on this device, and the user may save it as a new query.
      this.set({ status: 'deleted', error });
      return;
    }
    const offline = err instanceof ApiError ? err.status === 0 : true;
    this.set({ status: offline ? 'offline' : 'failed', error });
    // No permission: keep the draft, do not keep asking.
    if (err instanceof ApiError && err.status === 403) return;
    this.schedule(this.options.retryMs ?? AUTOSAVE_RETRY_MS);
  }
}
