import { useQuery } from '@tanstack/react-query';
import { useArea } from '@plinth/area-kit';

/** The React Query key of the admins' flags view (with one more organization's, by slug). */
export const adminFlagsKey = (organization?: string) => ['admin-feature-flags', organization ?? ''] as const;

/** The platform admins' flags; a 403 (not an admin) is an answer, not something to try again. */
export function useAdminFlags(organization?: string) {
  const { api } = useArea();
  return useQuery({
    queryKey: adminFlagsKey(organization),
    queryFn: () => api.featureFlagAdmin.getAdminFeatureFlags(organization),
    retry: (count, err) => count < 2 && (err as { status?: number }).status !== 403 && (err as { status?: number }).status !== 404,
  });
}
