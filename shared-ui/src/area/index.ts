export { createAreaLifecycles } from './createAreaLifecycles';
export { AreaRoot, AREA_TITLES } from './AreaRoot';
export { AreaErrorBoundary } from './AreaErrorBoundary';
export { AreaPropsContext, useAreaProps } from './area-props';
export type { AreaApp, AreaFault, AreaLifecycleOptions, AreaLifecycles } from './types';
export { AreaLayout, AreaMenuColumn, HostedOnlyPage, PlaceholderPage, PlainPlaceholderPage } from './AreaLayout';
export { AreaSideMenu, isCurrent } from './AreaSideMenu';
export type { AreaSideMenuProps, MenuLinkGroup, MenuLinkItem } from './AreaSideMenu';
export { areaMenuStyles } from './menu-styles';
