import { useQuery } from '@tanstack/react-query';
import { useArea } from '@plinth/area-kit';
import { keys } from '../../area/query-keys';


/** What the project's data API exposes, with its URL and keys (one query for the menu and the pages). */
export function useApiDocs() {
  const { api, projectRef } = useArea();
  return useQuery({ queryKey: keys.apiDocs(projectRef), queryFn: () => api.apiDocs.getApiDocs(projectRef) });
}
