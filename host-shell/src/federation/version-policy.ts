import {
  CONTRACTS_MAJOR,
  isCompatibleContractsMajor,
  runtimeContractProblems,
  runtimeContractRefusal,
  type AreaModule,
  type AreaName,
  type RuntimeProvides,
  type RuntimeRequires,
} from '@plinth/shared-contracts';

declare const __PLINTH_SHELL_PROVIDES__: RuntimeProvides | undefined;

/** What this shell's build provides to the areas (written by @plinth/build-config; absent in unit tests). */
export const SHELL_PROVIDES: RuntimeProvides | null = typeof __PLINTH_SHELL_PROVIDES__ === 'undefined' ? null : __PLINTH_SHELL_PROVIDES__;

/**
 * Whether this shell meets what an area's build requires (its environment entry's `requires`):
 * the backstop for an environment assembled by hand, with the words deploy uses when it refuses.
 */
export function checkAreaNeeds(title: string, version: string, requires: RuntimeRequires | undefined, provides: RuntimeProvides | null = SHELL_PROVIDES): { ok: true } | { ok: false; message: string } {
  if (!requires || !provides) return { ok: true };
  const problems = runtimeContractProblems(requires, provides);
  return problems.length === 0 ? { ok: true } : { ok: false, message: runtimeContractRefusal(title, version, problems) };
}

export type AreaCheck = { ok: true; module: AreaModule } | { ok: false; message: string };

/**
 * Decides whether a loaded remote may run in this console: it must be the area asked for, expose
 * the lifecycles, be built against this console's shared-contracts major, and (given its
 * environment entry's `requires`) need nothing this shell does not provide. `title` is how the
 * area's manifest names it to users.
 */
export function checkAreaModule(
  area: AreaName,
  loaded: unknown,
  consoleMajor: number = CONTRACTS_MAJOR,
  title: string = area,
  requires?: RuntimeRequires,
  provides: RuntimeProvides | null = SHELL_PROVIDES,
): AreaCheck {
  if (typeof loaded !== 'object' || loaded === null) {
    return { ok: false, message: `The ${title} area's remote did not expose a module.` };
  }
  const candidate = loaded as Partial<AreaModule>;
  if (candidate.area !== area) {
    return { ok: false, message: `The remote registered for the ${title} area is the "${String(candidate.area)}" area.` };
  }
  const version = typeof candidate.version === 'string' ? candidate.version : 'unknown';
  if (typeof candidate.contractsMajor !== 'number') {
    return { ok: false, message: `The ${title} area (version ${version}) does not state which contracts version it was built for.` };
  }
  const compatible =
    consoleMajor === CONTRACTS_MAJOR ? isCompatibleContractsMajor(candidate.contractsMajor) : candidate.contractsMajor === consoleMajor;
  if (!compatible) {
    return {
      ok: false,
      message: `The ${title} area (version ${version}) was built for contracts v${candidate.contractsMajor} and cannot run in this console (contracts v${consoleMajor}). Ask its team to publish a compatible version.`,
    };
  }
  const needs = checkAreaNeeds(title, version, requires, provides);
  if (!needs.ok) return needs;
  for (const lifecycle of ['bootstrap', 'mount', 'unmount'] as const) {
    if (typeof candidate[lifecycle] !== 'function') {
      return { ok: false, message: `The ${title} area (version ${version}) does not export its "${lifecycle}" lifecycle.` };
    }
  }
  return { ok: true, module: candidate as AreaModule };
}
