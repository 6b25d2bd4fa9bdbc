import { useArea } from '@plinth/area-kit';
import type { Policy, PolicyCreate, PolicyUpdate } from '@plinth/contracts-database';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { keys } from '../../area/query-keys';

// The storage policies page's reads and writes: policies of the storage schema through the
// contracts' database client (the same cache entry the auth area's policies page uses for it).

export function useStoragePolicies() {
  const { api, projectRef } = useArea();
  return useQuery({ queryKey: keys.policies(projectRef, 'storage'), queryFn: () => api.database.listPolicies(projectRef, 'storage'), enabled: projectRef !== '' });
}

export function useRoles(enabled: boolean) {
  const { api, projectRef } = useArea();
  return useQuery({ queryKey: keys.roles(projectRef), queryFn: () => api.database.listRoles(projectRef), enabled, staleTime: 60_000 });
}

/**
 * Creates the policies one after the other; when one is refused, those already made are dropped
 * again, so that the user fixes the form and saves the whole set once more (001 §4).
 */
async function createAll(create: (payload: PolicyCreate) => Promise<Policy>, drop: (id: number) => Promise<unknown>, payloads: PolicyCreate[]) {
  const made: Policy[] = [];
  try {
    for (const payload of payloads) made.push(await create(payload));
  } catch (err) {
    await Promise.allSettled(made.map((p) => drop(p.id)));
    throw err;
  }
}

export function useStoragePolicyWrites() {
  const { api, projectRef } = useArea();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: keys.policies(projectRef, 'storage') });
  const create = (payload: PolicyCreate) => api.database.createPolicy(projectRef, payload);
  const drop = (id: number) => api.database.deletePolicy(projectRef, id);
  return {
    /** The per-operation policies of the dialog: all or none. */
    createAll: (payloads: PolicyCreate[]) => createAll(create, drop, payloads).finally(refresh),
    update: (id: number, payload: PolicyUpdate) => api.database.updatePolicy(projectRef, id, payload).finally(refresh),
    remove: useMutation({ mutationFn: drop, onSettled: refresh }),
  };
}
