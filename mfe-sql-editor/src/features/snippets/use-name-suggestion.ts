import { useMemo } from 'react';
import { useMutation } from '@tanstack/react-query';
import { createHttp, createSnippetNameSuggestionClient, type SnippetNameSuggestionClient } from '@plinth/shared-contracts';
import { useArea } from '@plinth/area-kit';

/**
 * Rename with AI (flag ai_rename): asks the API for a name read from the snippet's saved SQL. The
 * area's clients answer it when they carry `snippetNames` (the test fake does); otherwise a client
 * on the console's API base is made here.
 */
export function useNameSuggestion() {
  const { api, projectRef, props } = useArea();
  const fromArea = (api as { snippetNames?: SnippetNameSuggestionClient }).snippetNames;
  const client = useMemo(() => fromArea ?? createSnippetNameSuggestionClient(createHttp({ baseUrl: props.apiBase })), [fromArea, props.apiBase]);
  return useMutation({ mutationFn: (id: string) => client.suggestSnippetName(projectRef, id) });
}
