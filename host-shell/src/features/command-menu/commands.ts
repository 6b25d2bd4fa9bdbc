import type { Project } from '@plinth/shared-contracts';

export interface Command {
  id: string;
  label: string;
  group: 'Pages' | 'Projects';
  href: string;
}

/** A page of the current project, as the nav rail lists it. */
export interface ProjectPage {
  key: string;
  label: string;
  href: string;
}

/** Everything the command menu can jump to: the current project's pages, shell pages and projects. */
export function buildCommands(options: { projectPages: readonly ProjectPage[]; projects: readonly Project[]; accountHref?: string | null }): Command[] {
  const { projectPages, projects, accountHref } = options;
  const pages: Command[] = projectPages.map((link) => ({ id: `page:${link.key}`, label: link.label, group: 'Pages', href: link.href }));
  pages.push({ id: 'page:projects', label: 'All projects', group: 'Pages', href: '/projects' });
  // The account page is the settings area's (its manifest's target): left out when that area is not here.
  if (accountHref) pages.push({ id: 'page:account', label: 'Account Preferences', group: 'Pages', href: accountHref });
  const projectCommands: Command[] = projects.map((p) => ({ id: `project:${p.ref}`, label: p.name, group: 'Projects', href: `/project/${p.ref}` }));
  return [...pages, ...projectCommands];
}

/** Commands whose label holds every word of the search, in any order, ignoring case. */
export function filterCommands(commands: readonly Command[], search: string): Command[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...commands];
  return commands.filter((c) => {
    const text = `${c.label} ${c.group}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}
