/** What the bound on open project databases reads of each (manager.ts). */
export interface Closable {
  running: boolean;
  busy: boolean;
  lastUsedAt: number;
  suspend(): Promise<unknown>;
}

/**
 * The databases to close so that at most `maxOpen` run: the least recently used idle ones (never
 * one with a call in flight), leaving out `keep`, about to be used, and counting it. With
 * `idleMs`, also every running idle one unused for that long.
 */
export function databasesToClose(open: Map<string, Closable>, maxOpen: number, options: { keep?: string; idleMs?: number; now?: number } = {}): Closable[] {
  const { keep, idleMs, now = Date.now() } = options;
  const others = [...open.entries()].filter(([ref, db]) => ref !== keep && db.running && !db.busy).map(([, db]) => db);
  const stale = idleMs === undefined ? [] : others.filter((db) => now - db.lastUsedAt >= idleMs);
  const running = [...open.entries()].filter(([ref, db]) => ref !== keep && db.running).length + (keep === undefined ? 0 : 1) - stale.length;
  const over = Math.max(0, running - maxOpen);
  const lru = others.filter((db) => !stale.includes(db)).sort((a, b) => a.lastUsedAt - b.lastUsedAt);
  return [...stale, ...lru.slice(0, over)];
}
