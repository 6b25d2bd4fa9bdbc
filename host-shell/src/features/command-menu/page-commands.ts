// The pages the command menu finds, read from the environment's area manifests alone (no area code
// is loaded): every rail entry, every page whose path is a real address, and every target an area
// offers other areas (the API keys page, the organization's billing, the account), resolved for
// the current project and the user's organizations.
import type { AreaManifest, BuildMode } from '@plinth/shared-contracts';
import { fillTarget } from '../../areas/area-link';
import { pageAt, type AreaManifests } from '../../areas/area-table';
import type { Command, CommandGroup } from './commands';

/** A rail entry of the current project, as the rail lists it (the shell's own Home among them). */
export interface ProjectPage {
  key: string;
  label: string;
  href: string;
}

export interface PageCommandsInput {
  areas: AreaManifests;
  buildMode: BuildMode;
  /** The project the menu is open on; without one, no project page is offered. */
  projectRef?: string;
  /** The current project's rail entries (none outside a project). */
  railEntries?: readonly ProjectPage[];
  /** The user's organizations, the current one first: each gets its organization pages. */
  organizations?: readonly { slug: string; name: string }[];
}

const ACRONYMS = new Set(['api', 'sql', 'url', 'jwt', 'rls', 'mfa', 'smtp']);

/** "apiKeys" → "API keys", "url-configuration" → "URL configuration", "newQuery" → "New query". */
export function humanize(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
  return words
    .map((w, i) => (ACRONYMS.has(w) ? w.toUpperCase() : i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : w))
    .join(' ');
}

const segments = (path: string) => path.split('/').filter(Boolean);
const isConcrete = (path: string) => segments(path).every((s) => s !== '*' && !s.startsWith(':'));
/** The ":name" parts of a target's template. */
const paramsOf = (template: string) => [...template.matchAll(/:([A-Za-z][A-Za-z0-9_]*)/g)].map((m) => m[1]);

/** Rail order of an area: its first rail entry's; areas without one come last. */
const railOrder = (manifest: AreaManifest) => Math.min(...manifest.nav.map((n) => n.order), Number.MAX_SAFE_INTEGER);

/**
 * Every page of every area, for the menu's Pages, Organization and Account groups, in rail order
 * of their areas. Hosted-only pages are left out of the self-hosted build; a page whose address
 * needs a value the menu does not have (a bucket id, a table) is left to the Tables and Buckets
 * groups.
 */
export function pageCommands(input: PageCommandsInput): Command[] {
  const { areas, buildMode, projectRef, railEntries = [], organizations = [] } = input;
  const hosted = buildMode === 'hosted';
  const out: Command[] = [];
  const add = (group: CommandGroup, label: string, href: string, detail?: string) => {
    out.push({ id: `${group}:${href}:${label}`.toLowerCase(), group, label, href, detail: detail && detail !== label ? detail : undefined });
  };

  for (const entry of railEntries) add('Pages', entry.label, entry.href);
  add('Pages', 'All projects', '/projects');

  const manifests = Object.values(areas).sort((a, b) => railOrder(a) - railOrder(b) || a.id.localeCompare(b.id));
  // First segments some rail entry or concrete page already leads into: a "segment/*" page is offered
  // at its bare segment only when nothing else leads there (the settings area's "branches/*").
  const covered = new Set(
    manifests.flatMap((m) => [...m.nav.map((n) => segments(n.path)[0]), ...m.pages.filter((p) => isConcrete(p.path)).map((p) => segments(p.path)[0])]),
  );

  for (const manifest of manifests) {
    const projectSegments = new Set(manifest.routes.project);
    if (projectRef) {
      const base = `/project/${projectRef}`;
      for (const page of manifest.pages) {
        // A page that only leads on to another is offered as that one.
        if ((page.hostedOnly && !hosted) || page.redirect !== undefined) continue;
        const parts = segments(page.path);
        if (!projectSegments.has(parts[0])) continue;
        if (isConcrete(page.path)) {
          // "auth/policies" → "Policies", in Authentication.
          add('Pages', humanize(parts[parts.length - 1]), `${base}/${page.path}`, page.title);
        } else if (parts.length === 2 && parts[1] === '*' && !covered.has(parts[0])) {
          add('Pages', page.title, `${base}/${parts[0]}`, manifest.title);
          covered.add(parts[0]);
        }
      }
    }
    for (const [name, template] of Object.entries(manifest.targets ?? {})) {
      const params = paramsOf(template);
      const parts = segments(template);
      if (parts[0] === 'project') {
        if (!projectRef || params.some((p) => p !== 'ref')) continue;
        const href = fillTarget(template, {}, { projectRef });
        const page = href ? pageAt(manifest, href.slice(`/project/${projectRef}`.length)) : undefined;
        if (!href || (page?.hostedOnly && !hosted)) continue;
        add('Pages', humanize(name), href, page?.title ?? manifest.title);
      } else if (params.length > 0 && params.every((p) => p === 'slug')) {
        for (const org of organizations) {
          const href = fillTarget(template, { slug: org.slug }, {});
          if (href) add('Organization', humanize(name), href, org.name);
        }
      } else if (params.length === 0) {
        add('Account', humanize(name), template, pageAt(manifest, template)?.title);
      }
    }
  }

  // One entry per page and name: a target that is also a rail entry or a page keeps the first.
  const seen = new Set<string>();
  return out.filter((c) => {
    const key = `${c.href}|${c.label.toLowerCase()}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
