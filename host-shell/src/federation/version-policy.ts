import { CONTRACTS_MAJOR, isCompatibleContractsMajor, type AreaModule, type AreaName } from '@plinth/shared-contracts';

export type AreaCheck = { ok: true; module: AreaModule } | { ok: false; message: string };

/**
 * Decides whether a loaded remote may run in this console: it must be the area asked for, expose
 * the lifecycles, and be built against this console's shared-contracts major. `title` is how the
 * area's manifest names it to users.
 */
export function checkAreaModule(area: AreaName, loaded: unknown, consoleMajor: number = CONTRACTS_MAJOR, title: string = area): AreaCheck {
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
  for (const lifecycle of ['bootstrap', 'mount', 'unmount'] as const) {
    if (typeof candidate[lifecycle] !== 'function') {
      return { ok: false, message: `The ${title} area (version ${version}) does not export its "${lifecycle}" lifecycle.` };
    }
  }
  return { ok: true, module: candidate as AreaModule };
}
