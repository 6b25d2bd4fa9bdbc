// The one executable definition of an area (its area.manifest.ts): what the build emits as
// area-manifest.json for the host, and what the kit renders the area's routes and side menus from.
// Light on purpose: the build reads it in Node, so it imports nothing at run time (types only).
import type { ComponentType } from 'react';
import type { AreaLink, AreaManifest, AreaNavEntry, AreaPage } from '@plinth/shared-contracts';

/** What a page's or a menu's `load` resolves to: a module whose default export is the component, or the component. */
export type Loaded<P = object> = ComponentType<P> | { default: ComponentType<P> };

/** A query the page needs first, started by the kit while the page's code loads (TanStack Query options). */
export interface FirstQuery {
  queryKey: readonly unknown[];
  queryFn: () => unknown;
  staleTime?: number;
}

/** What a page's `queries` is given: the open project, the page's path parameters and the area's clients. */
export interface PageQueryContext {
  projectRef: string;
  params: Readonly<Record<string, string | undefined>>;
  /** The area's clients (`useArea().api`). */
  api: object;
}

export interface AreaPageDefinition extends AreaPage {
  /** The page's code, in a chunk of its own: `() => import('./src/routes/buckets')`. */
  load?: () => Promise<Loaded>;
  /** Instead of a page, the address leads on to this one (below the base: "settings/integrations"). */
  redirect?: string;
  /** Outside the hosted build this hosted-only page leads on to that one ("sql/1") instead of the hosted-only notice. */
  selfHostedRedirect?: string;
  /**
   * The page's first queries, started in parallel with its code (route loaders): import their
   * options lazily, e.g. `(c) => import('./src/area/buckets').then((m) => [m.bucketsQuery(c.api, c.projectRef)])`.
   */
  queries?: (context: PageQueryContext) => Promise<readonly FirstQuery[]>;
}

/** What a section's own side menu component receives: the link groups made from its pages' `menu`. */
export interface SectionMenuProps {
  title: string;
  groups: { title?: string; items: { label: string; to: string; hostedOnly?: boolean }[] }[];
}

/**
 * A part of the area with one side menu (storage/…, org/:slug/…): its pages are the declared pages
 * below `path`, drawn inside the kit's layout with the menu on the left.
 */
export interface AreaSectionDefinition {
  /** Below the area's base: "storage", "org/:slug". */
  path: string;
  /** The side menu's title (and the label of its landmark unless `menuLabel`). */
  title: string;
  menuLabel?: string;
  /** Where the section's own address leads when no page is declared at it ("storage/buckets"). */
  index?: string;
  /**
   * The name of the section's own side menu component, when the menu is more than its pages' links
   * (lists, controls): the area's App hands it to `createAreaApp(definition, { menus })`, and it
   * gets the link groups made from the pages. Without it the kit draws the links alone.
   */
  menu?: string;
  /** The whole section exists on the hosted platform only: elsewhere the hosted-only notice, without its menu. */
  hostedOnly?: boolean;
  /** Every page of the section needs it; without it the section shows `noAccess` instead, menu and all. */
  permission?: string;
  /** The notice shown without the permission: a title and what the user cannot do ("view logs"). */
  noAccess?: { title: string; action: string };
  /** What an address of the section that is no page says. */
  notFound?: string;
}

export interface AreaDefinitionInput {
  id: string;
  title: string;
  routes: AreaManifest['routes'];
  sections?: readonly AreaSectionDefinition[];
  pages: readonly AreaPageDefinition[];
  nav: readonly AreaNavEntry[];
  links?: Readonly<Record<string, AreaLink>>;
  targets?: Readonly<Record<string, string>>;
  /** What an address of the area that is no page says. */
  notFound?: string;
}

/** An area's definition: its manifest's data plus what the kit needs to render it. */
export interface AreaDefinition extends AreaDefinitionInput {
  sections: readonly AreaSectionDefinition[];
}

const segments = (path: string) => path.split('/').filter(Boolean);

/** The section a page belongs to: the longest section path the page is at or below. */
export function sectionOf(sections: readonly Pick<AreaSectionDefinition, 'path'>[], pagePath: string): AreaSectionDefinition | undefined {
  const page = segments(pagePath);
  return (sections as AreaSectionDefinition[])
    .filter((section) => {
      const own = segments(section.path);
      return own.length <= page.length && own.every((part, i) => part === page[i]);
    })
    .sort((a, b) => segments(b.path).length - segments(a.path).length)[0];
}

/**
 * States an area once (its `area.manifest.ts` default export). A section's `permission` and
 * `hostedOnly` become those of every page under it, so the host sees them on each page (its rail
 * greys out).
 */
export function defineArea(input: AreaDefinitionInput): AreaDefinition {
  const sections = input.sections ?? [];
  const pages = input.pages.map((page) => {
    const section = sectionOf(sections, page.path);
    const permission = page.permission ?? section?.permission;
    const hostedOnly = page.hostedOnly ?? section?.hostedOnly;
    return { ...page, ...(permission ? { permission } : {}), ...(hostedOnly ? { hostedOnly } : {}) };
  });
  return { ...input, sections, pages };
}

/** Whether a page pattern ("storage/buckets/:bucketId", "logs/*") covers a path or path template below the base. */
export function pagePatternCovers(pattern: string, path: string): boolean {
  const want = segments(pattern);
  const have = segments(path.split('?')[0] ?? '');
  for (let i = 0; i < want.length; i += 1) {
    const part = want[i] as string;
    if (part === '*') return true;
    const at = have[i];
    if (at === undefined) return false;
    if (part.startsWith(':')) continue;
    if (at.startsWith(':') || at !== part) return false;
  }
  return want.length === have.length;
}

/** Where a target template ("/project/:ref/storage/buckets") leads below the area's base. */
function targetBelowBase(template: string): string {
  const parts = segments(template);
  return (parts[0] === 'project' && parts[1] === ':ref' ? parts.slice(2) : parts).join('/');
}

/**
 * What the build checks beyond the schema: page paths are unique, and every address the area hands
 * out (rail entries, targets, redirects, section indexes) is a declared page or section. Empty when sound.
 */
export function areaDefinitionProblems(definition: Pick<AreaDefinitionInput, 'pages' | 'nav' | 'targets' | 'sections'>): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const page of definition.pages) {
    const key = segments(page.path).join('/');
    if (seen.has(key)) problems.push(`page "${page.path}" is declared twice`);
    seen.add(key);
  }
  const sections = definition.sections ?? [];
  const declared = (path: string) =>
    definition.pages.some((page) => pagePatternCovers(page.path, path)) || sections.some((section) => segments(section.path).join('/') === segments(path).join('/'));
  for (const entry of definition.nav) {
    for (const path of new Set([entry.path, entry.selfHostedPath ?? entry.path])) {
      if (!declared(path)) problems.push(`nav entry "${entry.key}" leads to "${path}", which is no declared page`);
    }
  }
  for (const [name, template] of Object.entries(definition.targets ?? {})) {
    if (!declared(targetBelowBase(template))) problems.push(`target "${name}" (${template}) is no declared page`);
  }
  for (const page of definition.pages) {
    for (const to of [page.redirect, page.selfHostedRedirect]) {
      if (to !== undefined && !declared(to)) problems.push(`page "${page.path}" leads on to "${to}", which is no declared page`);
    }
    if (!page.load && page.redirect === undefined) problems.push(`page "${page.path}" has neither load nor redirect`);
  }
  for (const section of sections) {
    if (section.index !== undefined && !declared(section.index)) problems.push(`section "${section.path}" opens "${section.index}", which is no declared page`);
  }
  return problems;
}
