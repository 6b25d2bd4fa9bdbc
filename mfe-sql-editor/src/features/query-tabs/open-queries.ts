import { useSyncExternalStore } from 'react';

// The queries open as tabs above the editor, per project, kept in this browser (a reload keeps them).

const KEY = (ref: string) => `plinth.sql-tabs:${ref}`;
const listeners = new Set<() => void>();
const cache = new Map<string, string[]>();

function read(ref: string): string[] {
  const known = cache.get(ref);
  if (known) return known;
  let ids: string[] = [];
  try {
    const parsed: unknown = JSON.parse(globalThis.localStorage?.getItem(KEY(ref)) ?? '[]');
    if (Array.isArray(parsed)) ids = parsed.filter((id): id is string => typeof id === 'string');
  } catch {
    ids = [];
  }
  cache.set(ref, ids);
  return ids;
}

function write(ref: string, ids: string[]) {
  cache.set(ref, ids);
  try {
    globalThis.localStorage?.setItem(KEY(ref), JSON.stringify(ids));
  } catch {
    /* kept for this page */
  }
  for (const listener of listeners) listener();
}

export const openQueries = {
  list: read,
  /** Adds a query's tab (at the end) if it is not open yet. */
  open(ref: string, id: string) {
    const ids = read(ref);
    if (!ids.includes(id)) write(ref, [...ids, id]);
  },
  close(ref: string, id: string) {
    write(ref, read(ref).filter((x) => x !== id));
  },
  /** Forgets what was loaded (tests start from storage). */
  reset() {
    cache.clear();
  },
};

export function useOpenQueries(ref: string): string[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => read(ref),
  );
}

/** The tab to show when `closed` (the active one) is closed: its right neighbour, else its left one. */
export function neighbourOf(ids: readonly string[], closed: string): string | null {
  const at = ids.indexOf(closed);
  if (at === -1) return null;
  return ids[at + 1] ?? ids[at - 1] ?? null;
}
