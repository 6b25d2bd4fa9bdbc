import { createInstance, getInstance, type ModuleFederation } from '@module-federation/enhanced/runtime';
import type { AreaName, RuntimeRequires } from '@plinth/shared-contracts';
import type { Environment } from './environment';

/** Name the host's build gives its federation container (see @plinth/build-config). */
export const HOST_NAME = 'plinth_host';

/** Container name of an area's remote, e.g. "plinth_auth_policies". */
export function remoteNameOf(area: AreaName): string {
  return `plinth_${area.replace(/-/g, '_')}`;
}

/** Loads an area's exposed module; reset() makes the next load fetch everything again. */
export interface AreaLoader {
  load: (area: AreaName) => Promise<unknown>;
  reset: (area: AreaName) => void;
  /** What the area's build requires of the shell, as its environment entry states it. */
  requiresOf?: (area: AreaName) => RuntimeRequires | undefined;
}

/** The federation instance the host's build created, or a new one (tests, a page without the plugin). */
export function hostFederation(): ModuleFederation {
  return (
    getInstance() ??
    getInstance((instance) => instance.name === HOST_NAME) ??
    createInstance({ name: HOST_NAME, remotes: [], shareStrategy: 'loaded-first' })
  );
}

function absolute(url: string): string {
  const base = typeof window === 'undefined' ? 'http://localhost/' : window.location.href;
  return new URL(url, base).href;
}

function remoteOf(environment: Environment, area: AreaName) {
  const release = environment.areas[area];
  if (!release) return null;
  return { name: remoteNameOf(area), entry: absolute(release.url), alias: area };
}

/** Registers every area of the environment with the federation runtime; nothing is fetched yet. */
export function registerAreaRemotes(environment: Environment, federation: ModuleFederation = hostFederation()): void {
  const remotes = (Object.keys(environment.areas) as AreaName[]).flatMap((area) => remoteOf(environment, area) ?? []);
  federation.registerRemotes(remotes, { force: true });
}

/**
 * The loader AreaOutlet uses in the page: fetches an area's mf-manifest.json and remote entry on
 * first use. A load in flight or done is shared by every caller (the shell starts loading the area
 * of the address it opens on before the page that shows it has rendered). reset() registers the
 * remote again with force, which drops the runtime's cached manifest, entry and module, so a retry
 * really fetches again.
 */
export function createFederationAreaLoader(environment: Environment, federation: ModuleFederation = hostFederation()): AreaLoader {
  registerAreaRemotes(environment, federation);
  const loads = new Map<AreaName, Promise<unknown>>();
  const fetchArea = async (area: AreaName) => {
    const remote = remoteOf(environment, area);
    if (!remote) {
      throw new Error(`The ${area} area is not part of the "${environment.name}" environment.`);
    }
    const title = environment.areas[area]?.manifest.title ?? area;
    const loaded = await federation.loadRemote<unknown>(`${remote.name}/area`);
    if (!loaded) throw new Error(`The ${title} area's remote loaded but exposed nothing as "./area".`);
    return loaded;
  };
  return {
    load(area) {
      let pending = loads.get(area);
      if (!pending) {
        pending = fetchArea(area);
        loads.set(area, pending);
        // A failed load is not kept: the next load (Retry) tries again.
        pending.catch(() => {
          if (loads.get(area) === pending) loads.delete(area);
        });
      }
      return pending;
    },
    requiresOf: (area) => environment.areas[area]?.requires,
    reset(area) {
      loads.delete(area);
      const remote = remoteOf(environment, area);
      if (remote) federation.registerRemotes([remote], { force: true });
    },
  };
}

const pageLoaders = new WeakMap<Environment, AreaLoader>();

/** The page's one loader for an environment (registering the remotes once). */
export function areaLoaderFor(environment: Environment): AreaLoader {
  let loader = pageLoaders.get(environment);
  if (!loader) {
    loader = createFederationAreaLoader(environment);
    pageLoaders.set(environment, loader);
  }
  return loader;
}
