import { SNIPPET_NAME_SUGGESTION_EMPTY, SnippetNameSuggestionSchema, type SnippetNameSuggestionClient } from '@plinth/contracts-database';
import type { SnippetsState } from './snippets';
import { answer, refuse, type Handlers } from './fake-client';

export interface SnippetNamesState {
  /** The name the fake proposes for a snippet's SQL; by default the first two words of it, in sentence case. */
  suggestName: (sql: string) => string;
}

export const DEFAULT_SUGGEST_NAME = (sql: string) => {
  const words = sql.replace(/--[^\n]*/g, ' ').trim().split(/\s+/).slice(0, 2).join(' ').replace(/;$/, '').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Rename with AI: a name for a snippet the state holds (404 Content not found otherwise, 400 for no SQL). */
export function snippetNameHandlers(state: SnippetNamesState & SnippetsState): Handlers<SnippetNameSuggestionClient> {
  return {
    suggestSnippetName: (_ref, id) => {
      const found = state.snippets.find((s) => s.id === id);
      if (!found) return refuse(404, 'Content not found');
      const sql = found.content.sql.trim();
      if (!sql) return refuse(400, SNIPPET_NAME_SUGGESTION_EMPTY);
      return answer(SnippetNameSuggestionSchema, { name: state.suggestName(sql), from: sql.split(';')[0]!.trim() });
    },
  };
}
