import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { BOOTSTRAP_PATH, HOST_COOKIE_PREFIX, PRELOAD_GLOBAL, preloadsOfPath, SESSION_COOKIE, type AreaName } from '@plinth/shared-contracts';
import type { EnvironmentFile } from './environments';
import { publishedAreaDir, type DeployDirs } from './paths';

// The shell's document for one address: its index.html with, in <head>, the script that asks for
// the console's bootstrap before any bundle runs and preload links for the area the address shows,
// so that the browser fetches the session and project data, the shell's code and the area's first
// files side by side instead of one after another (issue 21: a cold page in one wave).

/** Where the shell's code takes the answer of the early bootstrap call (host-shell/src/session/early-bootstrap.ts). */
export const EARLY_BOOTSTRAP_GLOBAL = '__plinthBootstrap';

/** Where the shell's code takes the pending environment manifest (host-shell/src/federation/environment-request.ts). */
export const EARLY_ENVIRONMENT_GLOBAL = '__plinthEnvironment';

/** The <meta> that lists the API calls the address's area page makes first (its manifest's `preload`). */
export const PRELOAD_META = 'plinth-preload';

/**
 * Starts GET /api/platform/bootstrap (with the project of a /project/{ref}/… address) and GET
 * /environment.json as the document is parsed, and the GETs the page's <meta name="plinth-preload"> lists (the area page's
 * first calls), kept for the page's own first call of each (shared-contracts/src/preloaded.ts:
 * the same store, the session its CSRF cookie, only /api/ paths without dot segments). The same
 * text for every address, so its hash in the Content-Security-Policy is a constant. Written
 * without a bundler: it runs before any.
 */
export const EARLY_BOOTSTRAP_SCRIPT =
  `(function(){try{var m=/^\\/project\\/([^\\/]+)/.exec(location.pathname);` +
  `var u=${JSON.stringify(`/api${BOOTSTRAP_PATH}`)}+(m?'?project='+encodeURIComponent(decodeURIComponent(m[1])):'');` +
  `window.${EARLY_BOOTSTRAP_GLOBAL}=fetch(u,{credentials:'same-origin',headers:{accept:'application/json'}})` +
  `.then(function(r){return r.ok?r.json():null}).catch(function(){return null})}catch(e){}` +
  `try{var v=window.${EARLY_ENVIRONMENT_GLOBAL}=fetch('/environment.json',{headers:{accept:'application/json'},cache:'no-store'});v.catch(function(){})}catch(e){}` +
  `try{var t=document.querySelector('meta[name="${PRELOAD_META}"]');if(!t)return;var l=JSON.parse(t.getAttribute('content')||'[]');` +
  `var c=/(?:^|; )__Host-plinth_csrf=([^;]*)/.exec(document.cookie)||/(?:^|; )plinth_csrf=([^;]*)/.exec(document.cookie);` +
  `var k=window.${PRELOAD_GLOBAL}||(window.${PRELOAD_GLOBAL}={}),n=Date.now();` +
  `l.forEach(function(p){if(typeof p!=='string'||!/^\\/api\\/[^#\\\\]+$/.test(p)||/\\/\\.{0,2}(?:\\/|$)/.test(p.split('?')[0])||/%2e/i.test(p))return;` +
  `k[p]={at:n,session:c?c[1]:null,response:fetch(p,{method:'GET',headers:{accept:'application/json'},credentials:'include'}).catch(function(){return null})}})` +
  `}catch(e){}})();`;

/** The script's hash as a CSP source: the policy allows this inline script and no other. */
export const EARLY_BOOTSTRAP_HASH = `'sha256-${createHash('sha256').update(EARLY_BOOTSTRAP_SCRIPT).digest('base64')}'`;

/**
 * The console's Content-Security-Policy: no other origin frames it; scripts come from this origin
 * (shell and remotes) or are the early bootstrap script.
 */
export const SHELL_CSP = `frame-ancestors 'self'; script-src 'self' ${EARLY_BOOTSTRAP_HASH}`;

interface FederationManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { name?: string; path?: string; assets?: { js?: { sync?: string[] } } }[];
}

/** The area that owns a console address, by its manifest's route segments (as the shell places it). */
export function areaOfPath(urlPath: string, environment: EnvironmentFile): AreaName | null {
  const parts = urlPath.split('/').filter(Boolean);
  const [segment, scope] = parts[0] === 'project' ? [parts[2], 'project' as const] : [parts[0], 'root' as const];
  if (!segment || (scope === 'project' && !parts[1])) return null;
  for (const [area, release] of Object.entries(environment.areas)) {
    const owned = scope === 'project' ? release?.manifest.routes.project : release?.manifest.routes.root;
    if (owned?.includes(segment)) return area as AreaName;
  }
  return null;
}

const manifests = new Map<string, { mtimeMs: number; manifest: FederationManifest | null }>();

async function federationManifest(file: string): Promise<FederationManifest | null> {
  const info = await stat(file).catch(() => null);
  if (!info) return null;
  const known = manifests.get(file);
  if (known && known.mtimeMs === info.mtimeMs) return known.manifest;
  let manifest: FederationManifest | null;
  try {
    manifest = JSON.parse(await readFile(file, 'utf8')) as FederationManifest;
  } catch {
    manifest = null;
  }
  manifests.set(file, { mtimeMs: info.mtimeMs, manifest });
  return manifest;
}

/** A published file's address below /remotes/<area>/<version>/, or null for a name that would leave the folder. */
function remoteFile(base: string, ...parts: (string | undefined)[]): string | null {
  const name = path.posix.join(...parts.filter((p): p is string => !!p));
  if (!name || name.startsWith('..') || name.includes('\0') || path.posix.isAbsolute(name)) return null;
  return `${base}/${name.split('/').map(encodeURIComponent).join('/')}`;
}

export interface Preload {
  href: string;
  /** `fetch`: read by the federation runtime with fetch(); `script`: a classic script it adds. */
  as: 'fetch' | 'script';
}

/**
 * What the area of an address needs first, from the environment and the published build's
 * mf-manifest.json: the manifest itself, the remote entry and the synchronous chunks of the
 * exposed `./area` module. Nothing for an address no area owns.
 */
export async function areaPreloads(urlPath: string, environment: EnvironmentFile, dirs: DeployDirs): Promise<Preload[]> {
  const area = areaOfPath(urlPath, environment);
  const release = area ? environment.areas[area] : undefined;
  if (!area || !release) return [];
  const base = `/remotes/${area}/${encodeURIComponent(release.version)}`;
  const preloads: Preload[] = [{ href: release.url, as: 'fetch' }];
  const manifest = await federationManifest(path.join(publishedAreaDir(dirs, area, release.version), 'mf-manifest.json'));
  // A remote whose manifest cannot be read is down: no guessed file is preloaded, for a failed
  // preload would be taken by the page's own load of that file once the remote is back (Retry).
  if (!manifest) return preloads;
  const entry = manifest.metaData?.remoteEntry;
  const entryHref = remoteFile(base, entry?.path, entry?.name ?? 'remoteEntry.js');
  if (entryHref) preloads.push({ href: entryHref, as: 'script' });
  const exposed = manifest.exposes?.find((e) => e.name === 'area' || e.path === './area');
  for (const chunk of exposed?.assets?.js?.sync ?? []) {
    const href = remoteFile(base, chunk);
    if (href) preloads.push({ href, as: 'script' });
  }
  return preloads;
}

/**
 * The API calls the area page of an address makes first, from its manifest's `preload` (filled
 * with the project and the address's parameters): the document's script starts them.
 */
export function apiPreloads(urlPath: string, environment: EnvironmentFile): string[] {
  const area = areaOfPath(urlPath, environment);
  const manifest = area ? environment.areas[area]?.manifest : undefined;
  if (!manifest) return [];
  const parts = urlPath.split('/').filter(Boolean);
  const [below, ref] = parts[0] === 'project' ? [parts.slice(2).join('/'), parts[1]] : [parts.join('/'), undefined];
  let projectRef: string | undefined;
  try {
    projectRef = ref === undefined ? undefined : decodeURIComponent(ref);
  } catch {
    return [];
  }
  return preloadsOfPath(manifest, below, projectRef);
}

/** Whether a request carries the console's session cookie (under either name); not whether it is valid. */
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  const names = new Set([SESSION_COOKIE, HOST_COOKIE_PREFIX + SESSION_COOKIE]);
  return (cookieHeader ?? '').split(';').some((part) => {
    const [name = '', value = ''] = part.trim().split('=', 2);
    return names.has(name) && value !== '';
  });
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * The shell's index.html with, in its <head>, the list of the area page's first API calls, the
 * early bootstrap script (which starts those calls too) and the preload links.
 */
export function shellDocument(indexHtml: string, preloads: Preload[], apiCalls: readonly string[] = []): string {
  const links = preloads.map(({ href, as }) =>
    as === 'fetch'
      ? `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeAttribute(href)}">`
      : `<link rel="preload" as="script" href="${escapeAttribute(href)}">`,
  );
  const meta = apiCalls.length ? `<meta name="${PRELOAD_META}" content="${escapeAttribute(JSON.stringify(apiCalls))}">` : '';
  const head = `${meta}<script>${EARLY_BOOTSTRAP_SCRIPT}</script>${links.join('')}`;
  const at = indexHtml.search(/<\/head>|<script\b/i);
  if (at >= 0) return `${indexHtml.slice(0, at)}${head}${indexHtml.slice(at)}`;
  return `${head}${indexHtml}`;
}
