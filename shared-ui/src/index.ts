/**
 * Everything in one import, for tests and quick experiments. Screens import the subpaths instead
 * (`@plinth/shared-ui/dialog`, `@plinth/shared-ui/theme`, …): Module Federation shares each subpath
 * once in the page and does not tree-shake shared modules, so this file would pull in every
 * primitive.
 */
export * from './theme';
export * from './button';
export * from './dialog';
export * from './side-panel';
export * from './menu';
export * from './context-menu';
export * from './tooltip';
export * from './toast';
export * from './confirm-dialog';
export * from './virtual-list';
export * from './form';
export * from './layout';
export * from './icons';
