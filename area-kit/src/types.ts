import type { ComponentType } from 'react';
import type { AreaMountProps, AreaModule, AreaName } from '@plinth/shared-contracts';

/** An area's root component: the placeholder App of every mfe-* package. */
export type AreaApp = ComponentType<AreaMountProps>;

export type AreaFault = 'throw-on-mount';

/** What an area's build states about it (__PLINTH_AREA_BUILD__, from its manifest and package). */
export interface AreaLifecycleOptions {
  area: AreaName;
  /** How the console names the area to users (its manifest's title); default: the id. */
  title?: string;
  version: string;
  /** Test fault stamped into a fixture build (AREA_FAULT); never set in a real release. */
  fault?: AreaFault | null;
}

/** The stamp @plinth/build-config defines as __PLINTH_AREA_BUILD__ in an area's build and tests. */
export interface AreaBuild extends AreaLifecycleOptions {
  title: string;
  contractsMajor: number;
}

/** The single-spa lifecycles an area's src/index.ts exports. */
export type AreaLifecycles = Pick<AreaModule, 'bootstrap' | 'mount' | 'unmount'> & Required<Pick<AreaModule, 'update'>>;
