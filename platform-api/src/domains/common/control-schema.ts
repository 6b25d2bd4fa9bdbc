import type { ControlDatabase } from '../../core/deps';

// The data plane's tables in the control database. Each domain names its statements; they are
// idempotent (create ... if not exists) and run once per control database on first use, so they
// work the same on a fresh or an existing database and need no slot in the core's migration list.

const applied = new WeakMap<ControlDatabase, Map<string, Promise<void>>>();

export function ensureControlTables(control: ControlDatabase, name: string, statements: readonly string[]): Promise<void> {
  let byName = applied.get(control);
  if (!byName) applied.set(control, (byName = new Map()));
  let done = byName.get(name);
  if (!done) {
    done = (async () => {
      for (const sql of statements) await control.query(sql);
    })();
    done.catch(() => byName.delete(name));
    byName.set(name, done);
  }
  return done;
}

export function isoTime(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  const d = new Date(String(value));
  return Number.isNaN(d.getTime()) ? String(value) : d.toISOString();
}
