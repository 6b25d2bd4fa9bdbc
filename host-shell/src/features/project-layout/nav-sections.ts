// The second navigation layout (flag navigation_layout_v2): the rail's entries grouped under section
// headings. An entry's section follows the glyph its manifest names (the product's parts: the
// database tools, auth, storage, functions, observability, and the project's own settings).

export interface SectionLink {
  key: string;
  label: string;
  href: string;
  icon: string;
}

export interface NavSection<L extends SectionLink = SectionLink> {
  /** The heading; null for the project's home, above every heading. */
  title: string | null;
  links: L[];
}

const SECTION_OF_ICON: Record<string, string | null> = {
  home: null,
  table: 'Database',
  sql: 'Database',
  database: 'Database',
  auth: 'Auth',
  storage: 'Storage',
  functions: 'Edge Functions',
  reports: 'Observability',
  logs: 'Observability',
  api: 'Project',
  settings: 'Project',
};
const ORDER = [null, 'Database', 'Auth', 'Storage', 'Edge Functions', 'Observability', 'Project', 'More'];

/** The links in sections, in the sections' order and the rail's order within each; an unknown glyph goes to More. */
export function navSections<L extends SectionLink>(links: readonly L[]): NavSection<L>[] {
  const sections = new Map<string | null, L[]>();
  for (const link of links) {
    const title = link.icon in SECTION_OF_ICON ? SECTION_OF_ICON[link.icon]! : 'More';
    sections.set(title, [...(sections.get(title) ?? []), link]);
  }
  return ORDER.filter((t) => sections.has(t)).map((title) => ({ title, links: sections.get(title)! }));
}
