import type { Project } from '@plinth/shared-contracts';

/** A project is a branch when it names the project it was branched from. */
export function isBranch(project: Pick<Project, 'parent_project_ref'>): boolean {
  return project.parent_project_ref !== null;
}

/**
 * The projects of one organization in switcher order: each project followed by its branches (nested
 * under it); branches whose project is not listed come last. The current project is kept even when
 * the list does not hold it (yet).
 */
export function projectsInSwitcherOrder(projects: readonly Project[], orgSlug: string | undefined, current?: Project): { project: Project; nested: boolean }[] {
  const mine = projects.filter((p) => p.organization_slug === orgSlug);
  if (current && !mine.some((p) => p.ref === current.ref)) mine.unshift(current);
  const refs = new Set(mine.map((p) => p.ref));
  const out: { project: Project; nested: boolean }[] = [];
  for (const project of mine.filter((p) => !isBranch(p))) {
    out.push({ project, nested: false });
    for (const branch of mine.filter((p) => p.parent_project_ref === project.ref)) out.push({ project: branch, nested: true });
  }
  for (const orphan of mine.filter((p) => isBranch(p) && !refs.has(p.parent_project_ref!))) out.push({ project: orphan, nested: false });
  return out;
}
