import { useQuery } from '@tanstack/react-query';
import { useArea } from '@plinth/area-kit';

export const apiDocsKey = (ref: string) => ['api-docs', ref] as const;

/** What the project's data API exposes, with its URL and keys (one query for the menu and the pages). */
export function useApiDocs() {
  const { api, projectRef } = useArea();
  return useQuery({ queryKey: apiDocsKey(projectRef), queryFn: () => api.apiDocs.getApiDocs(projectRef) });
}
