// Query keys in the one cache the host shares with every area (AreaMountProps.queryClient).
//
// Each contracts package owns the keys of its domain (`storageQueryKeys` in
// @plinth/contracts-storage, `databaseQueryKeys` in @plinth/contracts-database, ...): plain tuples,
// the same for whoever asks. An area never uses them bare: it takes them through
// `areaQueryKeys(areaId, keys)`, which puts every key under ['area', areaId]. Area ids are unique
// in an environment (its manifest maps each id to one area), so two areas' keys can never be
// equal, and invalidating by one area's prefix never reaches another area's entries,
// however the two name their domain keys. The shell takes its own through `shellQueryKeys`.
//
// What the host and the areas deliberately share (the session, organizations, projects, the
// project status and its polling rules) keeps the common keys of @plinth/shared-contracts
// (`queryKeys`), unprefixed: one entry per project, whoever asks.

/** The first element of every key an area owns. */
export const AREA_KEY_ROOT = 'area';
/** The first element of every domain key the shell owns (never an area's: areas start with AREA_KEY_ROOT). */
export const SHELL_KEY_ROOT = 'shell';

type KeyFactory = (...args: never[]) => readonly unknown[];

/** Each factory of `F` with its key put under `Root`. */
export type NamespacedKeys<Root extends readonly unknown[], F extends Record<string, KeyFactory>> = {
  readonly [K in keyof F]: F[K] extends (...args: infer P) => (infer R extends readonly unknown[]) ? (...args: P) => readonly [...Root, ...R] : never;
} & {
  /** The prefix of every key here: invalidate it to refresh everything of this namespace. */
  readonly all: () => Root;
};

function namespaced<Root extends readonly unknown[], F extends Record<string, KeyFactory>>(root: Root, keys: F): NamespacedKeys<Root, F> {
  if ('all' in keys) throw new Error('A key factory may not be called "all": it is the namespace\'s own prefix.');
  const out: Record<string, unknown> = { all: () => root };
  for (const [name, factory] of Object.entries(keys)) {
    out[name] = (...args: never[]) => [...root, ...factory(...args)] as const;
  }
  return out as NamespacedKeys<Root, F>;
}

/**
 * The keys `keys` (one or more domains' factories, spread together) as area `area` asks them:
 * `areaQueryKeys('storage', storageQueryKeys).buckets(ref)` is ['area', 'storage', 'projects', ref, 'buckets'].
 */
export function areaQueryKeys<const A extends string, F extends Record<string, KeyFactory>>(area: A, keys: F): NamespacedKeys<readonly [typeof AREA_KEY_ROOT, A], F> {
  if (!area) throw new Error('areaQueryKeys needs the area id its manifest states.');
  return namespaced([AREA_KEY_ROOT, area] as const, keys);
}

/** The domain keys the shell asks itself (the command menu's tables, buckets and snippets, the banner's usage). */
export function shellQueryKeys<F extends Record<string, KeyFactory>>(keys: F): NamespacedKeys<readonly [typeof SHELL_KEY_ROOT], F> {
  return namespaced([SHELL_KEY_ROOT] as const, keys);
}

/** Whether a key belongs to area `area` (or, without it, to any area). */
export function isAreaKey(key: readonly unknown[], area?: string): boolean {
  return key[0] === AREA_KEY_ROOT && (area === undefined || key[1] === area);
}
