/**
 * How an area describes itself to the console (mfe-<area>/area.manifest.ts). The build emits it as
 * area-manifest.json beside mf-manifest.json, `deploy publish` folds it into the environment
 * manifest, and the host derives routing, the nav rail, page titles, status-gate exceptions,
 * preloading and cross-area links from it without loading any of the area's code.
 */
import * as z from './zod';

/** An area's name: lowercase words joined by dashes ("sql-editor"); also its remote's container name. */
export const AREA_ID_PATTERN = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
const SEGMENT_PATTERN = /^[a-z0-9][a-z0-9-]*$/;

/**
 * The status screens of 000 §4.1 a page may be shown through: a page that lists "paused" shows its
 * content for a paused project instead of the paused screen. Upgrading and pausing always win.
 */
export const GATE_BYPASSES = ['paused', 'restoring', 'building', 'service-offline', 'connecting'] as const;
export type GateBypass = (typeof GATE_BYPASSES)[number];

const text = z.string().check(z.minLength(1));

/** A page's entry in its area's side menu: the group it is listed under and its label. */
export const AreaPageMenuSchema = z.object({
  /** The menu group's heading; empty for the group without one at the top. */
  group: z.optional(z.string()),
  label: text,
});
export type AreaPageMenu = z.infer<typeof AreaPageMenuSchema>;

export const AreaPageSchema = z.object({
  /** Below the area's base: "storage/buckets/:bucketId", "settings/*"; root areas: "org/:slug/*". */
  path: text,
  /** Shown in the document title ("{title} | {project} | Plinth") and the header. */
  title: text,
  /**
   * Permission key (permissions.ts) the page needs: without it the area kit shows a notice in its
   * place and the host greys out a rail entry leading to it.
   */
  permission: z.optional(text),
  /** Outside the hosted build the kit shows the hosted-only notice (or leads on) instead. */
  hostedOnly: z.optional(z.boolean()),
  /** Status screens this page is shown through (000 §4.1); none: the status gate applies fully. */
  shownWhile: z.optional(z.array(z.enum(GATE_BYPASSES))),
  /** Its entry in the area's side menu, if listed there. */
  menu: z.optional(AreaPageMenuSchema),
  /** The address leads on to this page instead (below the base). */
  redirect: z.optional(text),
  /**
   * The page's first GET calls of the platform API, below its base ("/platform/storage/{ref}/buckets"):
   * `{ref}` is the open project, `{name}` a parameter of the page's path (":name"). The console
   * starts them as the address opens, beside the area's code, and the page's own first call of
   * each takes the answer (preloaded.ts).
   */
  preload: z.optional(z.array(text)),
});
export type AreaPage = z.infer<typeof AreaPageSchema>;

export const AreaNavEntrySchema = z.object({
  /** Unique across the console's rail ("sql", "storage"). */
  key: text,
  label: text,
  /** Below /project/{ref}: "storage/buckets". */
  path: text,
  /** Where the entry leads outside the hosted build, when that differs ("sql/1"). */
  selfHostedPath: z.optional(text),
  /** Name of a rail glyph the shell draws ("storage"); an unknown name gets a plain one. */
  icon: text,
  /** Position in the rail: smaller first. The shell's Home is 0, Edge Functions 60. */
  order: z.number(),
  hostedOnly: z.optional(z.boolean()),
});
export type AreaNavEntry = z.infer<typeof AreaNavEntrySchema>;

export const AreaLinkSchema = z.object({
  /** The area the link leads into. */
  area: z.string().check(z.regex(AREA_ID_PATTERN)),
  /** One of that area's `targets`. */
  target: text,
});
export type AreaLink = z.infer<typeof AreaLinkSchema>;

export const AreaManifestSchema = z.object({
  id: z.string().check(z.regex(AREA_ID_PATTERN, 'id must be lowercase words joined by dashes')),
  title: text,
  routes: z.object({
    /** First path segments the area owns below /project/{ref}/ (its router's base is /project/{ref}). */
    project: z.array(z.string().check(z.regex(SEGMENT_PATTERN))),
    /** First path segments it owns at the console's root ("org", "account"; its base is /). */
    root: z.optional(z.array(z.string().check(z.regex(SEGMENT_PATTERN)))),
  }),
  pages: z.array(AreaPageSchema),
  nav: z.array(AreaNavEntrySchema),
  /** Links this area follows into other areas, by name: link(name, params) resolves them. */
  links: z.optional(z.record(text, AreaLinkSchema)),
  /**
   * Pages other areas may link to, by name: an absolute path template. ":ref" is the current
   * project, other ":name" parts come from the link's params; params left over become the query.
   */
  targets: z.optional(z.record(text, z.string().check(z.regex(/^\//, 'a target is a path starting with /')))),
});
export type AreaManifest = z.infer<typeof AreaManifestSchema>;

/** Rules the schema cannot say: what the area declares lies under segments it owns. Empty when sound. */
export function areaManifestProblems(manifest: AreaManifest): string[] {
  const problems: string[] = [];
  const owned = new Set([...manifest.routes.project, ...(manifest.routes.root ?? [])]);
  const firstSegment = (path: string) => path.split('/').filter(Boolean)[0] ?? '';
  for (const page of manifest.pages) {
    if (!owned.has(firstSegment(page.path))) problems.push(`page "${page.path}" is not under a route segment the area owns`);
  }
  for (const page of manifest.pages) {
    for (const template of page.preload ?? []) {
      const problem = preloadTemplateProblem(template, page.path);
      if (problem) problems.push(`page "${page.path}" preloads "${template}": ${problem}`);
    }
  }
  const keys = new Set<string>();
  for (const entry of manifest.nav) {
    if (keys.has(entry.key)) problems.push(`nav entry "${entry.key}" is declared twice`);
    keys.add(entry.key);
    for (const path of [entry.path, entry.selfHostedPath ?? entry.path]) {
      if (!manifest.routes.project.includes(firstSegment(path))) problems.push(`nav entry "${entry.key}" leads to "${path}", outside the area's project segments`);
    }
  }
  return problems;
}

/** Parses a manifest, naming every field that is wrong; `where` says whose manifest it is. */
export function parseAreaManifest(value: unknown, where = 'The area manifest'): AreaManifest {
  const result = AreaManifestSchema.safeParse(value);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.') || '(manifest)'}: ${issue.message}`);
    throw new Error(`${where} is not valid: ${problems.join('; ')}`);
  }
  const problems = areaManifestProblems(result.data);
  if (problems.length) throw new Error(`${where} is not valid: ${problems.join('; ')}`);
  return result.data;
}

/** File the build writes beside mf-manifest.json. */
export const AREA_MANIFEST_FILE = 'area-manifest.json';

/** Segments of a preload template: fixed text or `{name}` placeholders. */
const PRELOAD_SEGMENT = /^(?:[A-Za-z0-9_\-~.]+|\{[A-Za-z][A-Za-z0-9_]*\})$/;

/**
 * Why a page's preload template is no API GET path this console may start, or null when it is
 * one: a path below the API base ("/platform/…"), no other origin, no fragment, no dot segments,
 * only `{ref}` or the page's own path parameters as placeholders (in the path), and a fixed query
 * if any, written as the page's call writes it ("?page=1&per_page=50").
 */
export function preloadTemplateProblem(template: string, pagePath: string): string | null {
  if (!template.startsWith('/') || template.startsWith('//')) return 'a preload is an API path starting with one "/" (below /api)';
  if (template.includes('#')) return 'a preload has no fragment';
  const [path = '', query] = template.split('?', 2);
  if (query !== undefined && !/^[A-Za-z0-9_\-.~]+=[A-Za-z0-9_\-.~]*(?:&[A-Za-z0-9_\-.~]+=[A-Za-z0-9_\-.~]*)*$/.test(query)) {
    return 'a preload\'s query is fixed name=value pairs, as the page asks ("?page=1&per_page=50")';
  }
  const params = new Set(['ref', ...pagePath.split('/').filter((part) => part.startsWith(':')).map((part) => part.slice(1))]);
  for (const segment of path.slice(1).split('/')) {
    if (segment === '' || segment === '.' || segment === '..' || !PRELOAD_SEGMENT.test(segment)) return `"${segment}" is not a path segment of the API`;
    const name = /^\{(.+)\}$/.exec(segment)?.[1];
    if (name && !params.has(name)) return `{${name}} is neither {ref} nor a parameter of the page's path`;
  }
  return null;
}
