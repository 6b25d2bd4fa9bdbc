import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '@plinth/shared-contracts';
import { authQueryKeys } from '@plinth/contracts-auth';
import { billingQueryKeys } from '@plinth/contracts-billing';
import { databaseQueryKeys } from '@plinth/contracts-database';
import { logsQueryKeys } from '@plinth/contracts-logs';
import { settingsQueryKeys } from '@plinth/contracts-settings';
import { storageQueryKeys } from '@plinth/contracts-storage';
import { areaQueryKeys, isAreaKey, shellQueryKeys } from './query-keys';

const REF = 'abcdefghijklmnopqrst';
const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
  prefix.length <= key.length && prefix.every((part, i) => JSON.stringify(part) === JSON.stringify(key[i]));

// Two areas that both use the database and storage domains, as the storage and authentication areas
// do (policies, roles, buckets), and name everything the same: the worst case for a collision.
const every = { ...storageQueryKeys, ...databaseQueryKeys, ...authQueryKeys, ...logsQueryKeys, ...settingsQueryKeys, ...billingQueryKeys };
const storage = areaQueryKeys('storage', every);
const auth = areaQueryKeys('auth-policies', every);
const shell = shellQueryKeys(every);

/** One key of every domain factory as `keys` gives it, each called with sample arguments of the factory's arity. */
function sampleKeys(keys: Record<string, (...args: never[]) => readonly unknown[]>) {
  const args = [REF, 'public', 'avatars', 'name', 'asc', ''] as never[];
  return Object.entries(every).map(([name, domain]) => ({ name, key: keys[name]!(...args.slice(0, domain.length)) }));
}

describe('areaQueryKeys', () => {
  it('puts a domain key under the area: the same tuple, prefixed with the area id', () => {
    expect(storage.buckets(REF)).toEqual(['area', 'storage', 'projects', REF, 'buckets']);
    expect(auth.policies(REF, 'storage')).toEqual(['area', 'auth-policies', 'projects', REF, 'policies', 'storage']);
    expect(storage.all()).toEqual(['area', 'storage']);
    expect(isAreaKey(storage.roles(REF), 'storage')).toBe(true);
    expect(isAreaKey(storage.roles(REF), 'auth-policies')).toBe(false);
    expect(isAreaKey(queryKeys.projectStatus(REF))).toBe(false);
  });

  it('never gives two areas the same key, nor one a prefix of the other, for any domain key', () => {
    const a = sampleKeys(storage);
    const b = sampleKeys(auth);
    expect(a.length).toBeGreaterThan(30);
    for (const x of a) {
      for (const y of b) {
        expect(startsWith(x.key, y.key), `${x.name} under ${y.name}`).toBe(false);
        expect(startsWith(y.key, x.key), `${y.name} under ${x.name}`).toBe(false);
      }
    }
    // Nor the shell's, nor the keys the host shares with every area on purpose.
    const shared = [queryKeys.session(), queryKeys.organizations(), queryKeys.projects(), queryKeys.project(REF), queryKeys.projectStatus(REF)];
    for (const x of [...a, ...b]) {
      for (const y of [...sampleKeys(shell).map((s) => s.key), ...shared]) {
        expect(startsWith(x.key, y) || startsWith(y, x.key)).toBe(false);
      }
    }
  });

  it("invalidating one area's keys leaves another area's entries, and the shared ones, untouched", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, gcTime: Infinity } } });
    const seed = (key: readonly unknown[]) => client.setQueryData(key, { seeded: true });
    for (const { key } of [...sampleKeys(storage), ...sampleKeys(auth), ...sampleKeys(shell)]) seed(key);
    seed(queryKeys.projectStatus(REF));

    // The storage area refreshes its policies after deleting a bucket, then everything it has.
    await client.invalidateQueries({ queryKey: storage.allPolicies(REF) });
    const invalidated = () =>
      client
        .getQueryCache()
        .getAll()
        .filter((q) => q.state.isInvalidated)
        .map((q) => q.queryKey);
    expect(invalidated()).toHaveLength(2);
    expect(invalidated()).toEqual(expect.arrayContaining([storage.allPolicies(REF), storage.policies(REF, 'public')]));
    expect(client.getQueryState(auth.policies(REF, 'public'))?.isInvalidated).toBe(false);

    await client.invalidateQueries({ queryKey: storage.all() });
    expect(invalidated().every((key) => isAreaKey(key, 'storage'))).toBe(true);
    expect(invalidated()).toHaveLength(sampleKeys(storage).length);
    for (const { key } of [...sampleKeys(auth), ...sampleKeys(shell)]) expect(client.getQueryState(key)?.isInvalidated, String(key)).toBe(false);
    expect(client.getQueryState(queryKeys.projectStatus(REF))?.isInvalidated).toBe(false);
    client.clear();
  });

  it('refuses a domain factory named "all", the namespace\'s own prefix', () => {
    expect(() => areaQueryKeys('storage', { all: () => ['x'] as const })).toThrow('"all"');
  });
});
