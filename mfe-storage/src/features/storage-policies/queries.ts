import { useArea } from '@plinth/area-kit';
import { queryKeys, type PolicyCreate, type PolicyUpdate } from '@plinth/shared-contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { policiesForBucket } from './storage-templates';

// The storage policies page's reads and writes: policies of the storage schema through the
// contracts' database client (the same cache entry the auth area's policies page uses for it).

export function useStoragePolicies() {
  const { api, projectRef } = useArea();
  return useQuery({ queryKey: queryKeys.policies(projectRef, 'storage'), queryFn: () => api.database.listPolicies(projectRef, 'storage'), enabled: projectRef !== '' });
}

export function useRoles(enabled: boolean) {
  const { api, projectRef } = useArea();
  return useQuery({ queryKey: queryKeys.roles(projectRef), queryFn: () => api.database.listRoles(projectRef), enabled, staleTime: 60_000 });
}

/** A failed creation keeps the ones made before it; the error says which operation failed. */
async function createEach(create: (payload: PolicyCreate) => Promise<unknown>, payloads: PolicyCreate[]) {
  for (const payload of payloads) await create(payload);
}

export function useStoragePolicyWrites() {
  const { api, projectRef } = useArea();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.policies(projectRef, 'storage') });
  const create = (payload: PolicyCreate) => api.database.createPolicy(projectRef, payload);
  return {
    /** For a bucket: one policy per allowed operation; elsewhere the policy as written. */
    create: (payload: PolicyCreate, bucketId: string | null) =>
      (bucketId === null ? create(payload) : createEach(create, policiesForBucket(payload, bucketId))).finally(refresh),
    update: (id: number, payload: PolicyUpdate) => api.database.updatePolicy(projectRef, id, payload).finally(refresh),
    remove: useMutation({ mutationFn: (id: number) => api.database.deletePolicy(projectRef, id), onSettled: refresh }),
  };
}
