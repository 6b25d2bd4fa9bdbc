// The area kit: what every area's screens are built on. Tests use '@plinth/area-kit/testing'; the
// standalone page '@plinth/area-kit/standalone'.
export { createAreaModule } from './lifecycles';
export { AreaRoot } from './AreaRoot';
export { AreaErrorBoundary } from './AreaErrorBoundary';
export { AreaProvider, useArea, type AreaApi, type AreaContextValue, type CreateAreaApi } from './area-context';
export type { AreaApp, AreaBuild, AreaFault, AreaLifecycles, AreaRemoteModule } from './types';
export { AreaLayout, HostedOnlyPage, PlaceholderPage, PlainPlaceholderPage } from './AreaLayout';
export { AreaSideMenu, currentEntry, type AreaSideMenuProps, type MenuLinkGroup, type MenuLinkItem } from './AreaSideMenu';
export { RowActions, type RowAction, type RowActionsProps } from './RowActions';
export { lazyWithPreload, type PreloadableComponent } from './lazy-with-preload';
export { menuStyles } from './menu-styles';
export { errorMessage } from './error-message';
export { useProjectStatus } from './project-status';
export { useFeatureFlag } from './feature-flags';
export { areaQueryKeys, isAreaKey, shellQueryKeys, AREA_KEY_ROOT, SHELL_KEY_ROOT, type NamespacedKeys } from './query-keys';
export { AreaRoutes, createAreaApp, menuGroupsOf, NoAccessNotice, routesOf, type AreaMenus } from './area-routes';
export type { AreaDefinition, AreaPageDefinition, AreaSectionDefinition, FirstQuery, PageQueryContext, SectionMenuProps } from './define-area';
