// What the command menu offers and how a search orders it. Pure: the dialog feeds it the pages the
// manifests describe, the project's tables, saved queries and buckets, and the user's projects.

/** The menu's groups, in the order they are listed when their best matches rank alike. */
export const COMMAND_GROUPS = ['Pages', 'Tables', 'Saved queries', 'Buckets', 'Projects', 'Organization', 'Account'] as const;
export type CommandGroup = (typeof COMMAND_GROUPS)[number];

export interface Command {
  /** Unique in the menu: the option's element id is made from it. */
  id: string;
  /** What the user looks for: a page's name, a table's, a bucket's. */
  label: string;
  /** Where it lives, shown after the label (the area of a page, a table's schema, an organization). */
  detail?: string;
  group: CommandGroup;
  href: string;
}

/** How well a command matches a search: smaller is better; null is no match. */
export type MatchRank = 0 | 1 | 2 | 3;

const wordsOf = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
const normalize = (text: string) => text.toLowerCase().trim().replace(/\s+/g, ' ');

/**
 * The rank of a command for a search: 0 the label is the search, 1 the label starts with it,
 * 2 every word of the search starts a word of the label or its detail, 3 every word is found
 * somewhere in the label, detail or group; null otherwise. An empty search matches everything at 3.
 */
export function matchRank(command: Command, search: string): MatchRank | null {
  const query = normalize(search);
  if (!query) return 3;
  const label = normalize(command.label);
  if (label === query) return 0;
  if (label.startsWith(query)) return 1;
  const queryWords = wordsOf(query);
  if (queryWords.length === 0) return null;
  const words = wordsOf(`${command.label} ${command.detail ?? ''}`);
  if (queryWords.every((q) => words.some((w) => w.startsWith(q)))) return 2;
  const text = `${command.label} ${command.detail ?? ''} ${command.group}`.toLowerCase();
  return queryWords.every((q) => text.includes(q)) ? 3 : null;
}

export interface CommandSection {
  group: CommandGroup;
  commands: Command[];
}

/**
 * The commands matching a search, in sections by group. Inside a section the best matches come
 * first (ties keep the order given); sections come in the order of their best match, then in
 * COMMAND_GROUPS order. The first command of the first section is what Enter opens.
 */
export function searchCommands(commands: readonly Command[], search: string): CommandSection[] {
  const ranked = commands
    .map((command, order) => ({ command, order, rank: matchRank(command, search) }))
    .filter((r): r is { command: Command; order: number; rank: MatchRank } => r.rank !== null);
  const sections = COMMAND_GROUPS.map((group) => {
    const inGroup = ranked.filter((r) => r.command.group === group).sort((a, b) => a.rank - b.rank || a.order - b.order);
    return { group, best: inGroup[0]?.rank ?? Infinity, commands: inGroup.map((r) => r.command) };
  }).filter((s) => s.commands.length > 0);
  return sections
    .map((s, order) => ({ ...s, order }))
    .sort((a, b) => a.best - b.best || a.order - b.order)
    .map(({ group, commands: list }) => ({ group, commands: list }));
}

/** The sections' commands in the order the list shows them (what the arrow keys walk). */
export function flattenSections(sections: readonly CommandSection[]): Command[] {
  return sections.flatMap((s) => s.commands);
}
