import type { Snippet } from '@plinth/contracts-database';

export type SnippetSectionId = 'favorites' | 'project' | 'user';

export const SNIPPET_SECTION_TITLES: Record<SnippetSectionId, string> = {
  favorites: 'Favorites',
  project: 'Project queries',
  user: 'Your queries',
};

/** Which snippets each list of the SQL editor menu shows (000 §2.10). */
export function snippetsForSection(snippets: readonly Snippet[], section: SnippetSectionId, userId: string): Snippet[] {
  const picked = snippets.filter((s) => {
    if (section === 'favorites') return s.content.favorite;
    if (section === 'project') return s.visibility === 'project';
    return s.visibility === 'user' && s.owner_id === userId;
  });
  return picked.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}

/** Case-insensitive match on the name; an empty (or blank) filter keeps everything. */
export function filterSnippets(snippets: readonly Snippet[], filter: string): Snippet[] {
  const needle = filter.trim().toLowerCase();
  if (!needle) return [...snippets];
  return snippets.filter((s) => s.name.toLowerCase().includes(needle));
}
