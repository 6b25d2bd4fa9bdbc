import * as z from '@plinth/shared-contracts/zod';
import { encodePath, type Http } from '@plinth/shared-contracts';

// "Rename with AI" (000 §6 flag ai_rename): the API proposes a name for a saved SQL snippet,
// derived from its statements (no model is called); the user accepts or edits it in the rename dialog.

/** POST /platform/projects/{ref}/content/{id}/name-suggestion answers this. */
export const SnippetNameSuggestionSchema = z.object({
  /** The proposed name ("Create table notes", "Orders by customer", "Update profiles"). */
  name: z.string(),
  /** The statement the name was taken from, as the dialog may show it ("create table notes"). */
  from: z.string(),
});
export type SnippetNameSuggestion = z.infer<typeof SnippetNameSuggestionSchema>;

/** What the API answers for a snippet with no statement in it (400, field `sql`). */
export const SNIPPET_NAME_SUGGESTION_EMPTY = 'This query has no SQL yet to name it from';
/** What the API answers while the ai_rename flag is off for the project's organization (403). */
export const SNIPPET_NAME_SUGGESTION_OFF = 'Rename with AI is turned off for this organization';

export function createSnippetNameSuggestionClient(http: Http) {
  return {
    /** A name derived from the snippet's saved SQL. */
    suggestSnippetName: (ref: string, id: string) =>
      http('POST', encodePath`/platform/projects/${ref}/content/${id}/name-suggestion`, { schema: SnippetNameSuggestionSchema }),
  };
}
export type SnippetNameSuggestionClient = ReturnType<typeof createSnippetNameSuggestionClient>;
