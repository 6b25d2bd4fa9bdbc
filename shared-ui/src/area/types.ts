import type { ComponentType } from 'react';
import type { AreaMountProps, AreaModule, AreaName } from '@plinth/shared-contracts';

/** An area's root component: the placeholder App of every mfe-* package. */
export type AreaApp = ComponentType<AreaMountProps>;

export type AreaFault = 'throw-on-mount';

export interface AreaLifecycleOptions {
  area: AreaName;
  version: string;
  /** Test fault stamped into a fixture build (AREA_FAULT); never set in a real release. */
  fault?: AreaFault | null;
}

/** The single-spa lifecycles an area's src/index.ts exports. */
export type AreaLifecycles = Pick<AreaModule, 'bootstrap' | 'mount' | 'unmount'> & Required<Pick<AreaModule, 'update'>>;
