// What the sql-editor remote exposes as "./area": its identity and single-spa lifecycles.
import type { AreaModule, AreaName } from '@plinth/shared-contracts';
import { createAreaLifecycles, type AreaFault } from '@plinth/shared-ui/area';
import App from './App';

/** Stamped at build time by @plinth/build-config (and by vitest.config.ts in tests). */
declare const __PLINTH_AREA_BUILD__: { version: string; contractsMajor: number; fault: AreaFault | null };

export const area: AreaName = 'sql-editor';
export const version: string = __PLINTH_AREA_BUILD__.version;
export const contractsMajor: number = __PLINTH_AREA_BUILD__.contractsMajor;

const lifecycles = createAreaLifecycles(App, { area, version, fault: __PLINTH_AREA_BUILD__.fault });
export const { bootstrap, mount, unmount, update } = lifecycles;

// Fails to compile if this module stops matching the mount contract.
export const areaModule = { contractsMajor, area, version, ...lifecycles } satisfies AreaModule;
