import { ApiError } from '@plinth/shared-contracts';
import { SNIPPET_CONFLICT_CODE, SNIPPET_CONFLICT_MESSAGE, SnippetCreateSchema, SnippetListSchema, SnippetSchema, type createSnippetsClient, type Snippet } from '@plinth/contracts-database';
import { ME } from '../fixtures';
import { answer, refuse, type Handlers } from './fake-client';

type SnippetsClient = ReturnType<typeof createSnippetsClient>;

export interface SnippetsState {
  snippets: Snippet[];
}

let counter = 0;

/** A saved SQL snippet; by default a personal one of the signed-in user. */
export function snippet(over: Partial<Snippet> & { name: string }): Snippet {
  counter += 1;
  return answer(SnippetSchema, {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    description: null,
    type: 'sql',
    visibility: 'user',
    content: { sql: 'select 1;', favorite: false, schema_version: '1.0' },
    owner_id: ME.id,
    project_id: 1,
    inserted_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    version: 1,
    ...over,
  });
}

/** SQL snippets (the project's content), as the content API answers them. */
export function snippetHandlers(state: SnippetsState): Handlers<SnippetsClient> {
  const find = (id: string) => state.snippets.find((s) => s.id === id) ?? refuse(404, 'Content not found');
  const replace = (id: string, change: (found: Snippet) => Snippet) => {
    const found = find(id);
    const next = answer(SnippetSchema, { ...change(found), version: found.version + 1 });
    state.snippets = state.snippets.map((s) => (s.id === id ? next : s));
    return next;
  };
  const edit = (id: string, body: { name?: string; description?: string | null; sql?: string; favorite?: boolean; base_version?: number }) => {
    // A stale edit is refused with the snippet as saved now, as the content API does.
    const current = find(id);
    if (body.base_version !== undefined && body.base_version !== current.version) {
      throw new ApiError(409, SNIPPET_CONFLICT_MESSAGE, SNIPPET_CONFLICT_CODE, { message: SNIPPET_CONFLICT_MESSAGE, code: SNIPPET_CONFLICT_CODE, snippet: current });
    }
    return replace(id, (found) => ({
      ...found,
      name: body.name ?? found.name,
      description: body.description === undefined ? found.description : body.description,
      content: { ...found.content, sql: body.sql ?? found.content.sql, favorite: body.favorite ?? found.content.favorite },
    }));
  };
  return {
    listSnippets: () => answer(SnippetListSchema, { data: state.snippets }),
    createSnippet: (_ref, body) => {
      const parsed = SnippetCreateSchema.parse(body);
      const created = snippet({ name: parsed.name, visibility: parsed.visibility, content: { sql: parsed.sql, favorite: parsed.favorite, schema_version: '1.0' } });
      state.snippets.push(created);
      return created;
    },
    updateSnippet: (_ref, id, body) => edit(id, body),
    renameSnippet: (_ref, id, name, description) => edit(id, { name, description }),
    setSnippetFavorite: (_ref, id, favorite) => edit(id, { favorite }),
    shareSnippet: (_ref, id) => replace(id, (found) => ({ ...found, visibility: 'project' })),
    copySnippet: (_ref, id) => {
      const found = find(id);
      const copy = snippet({ name: `${found.name} (copy)`, content: { ...found.content, favorite: false } });
      state.snippets.push(copy);
      return copy;
    },
    deleteSnippet: (_ref, id) => {
      find(id);
      state.snippets = state.snippets.filter((s) => s.id !== id);
      return undefined;
    },
  };
}
