import { useMutation } from '@tanstack/react-query';
import { useArea } from '@plinth/area-kit';

/** Rename with AI (flag ai_rename): asks the API for a name read from the snippet's saved SQL. */
export function useNameSuggestion() {
  const { api, projectRef } = useArea();
  return useMutation({ mutationFn: (id: string) => api.snippetNames.suggestSnippetName(projectRef, id) });
}
