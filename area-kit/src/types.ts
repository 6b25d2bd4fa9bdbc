import type { ComponentType } from 'react';
import type { AreaModule, AreaMountProps, AreaName } from '@plinth/shared-contracts';

/** An area's root component (its `src/App.tsx`): the routes of its manifest's pages. */
export type AreaApp = ComponentType<AreaMountProps>;

export type AreaFault = 'throw-on-mount';

/**
 * What an area's build states about it: @plinth/build-config defines it as __PLINTH_AREA_BUILD__
 * (id and title from area.manifest.ts, version from package.json) in the area's build and tests.
 */
export interface AreaBuild {
  area: AreaName;
  /** How the console names the area to users (its manifest's title). */
  title: string;
  version: string;
  contractsMajor: number;
  /** Test fault stamped into a fixture build (AREA_FAULT); never set in a real release. */
  fault?: AreaFault | null;
}

/** The single-spa lifecycles an area's remote exposes. */
export type AreaLifecycles = Pick<AreaModule, 'bootstrap' | 'mount' | 'unmount'> & Required<Pick<AreaModule, 'update'>>;

/** Everything an area's `src/index.ts` exports as its remote module "./area". */
export type AreaRemoteModule = AreaLifecycles & Pick<AreaModule, 'area' | 'version' | 'contractsMajor'>;
