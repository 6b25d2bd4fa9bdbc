export { createAreaLifecycles } from './createAreaLifecycles';
export { AreaRoot, AREA_TITLES } from './AreaRoot';
export { AreaErrorBoundary } from './AreaErrorBoundary';
export { AreaPropsContext, useAreaProps } from './area-props';
export type { AreaApp, AreaFault, AreaLifecycleOptions, AreaLifecycles } from './types';
