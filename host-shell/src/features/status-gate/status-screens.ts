// The status screens a running project's pages do not show (the connecting screen stays in the
// frame: a first visit in a session can pass through it). One chunk, see status-screen-loader.ts.
export { BuildingScreen } from './building-screen';
export { PausedScreen } from './paused-screen';
export { PausingScreen } from './pausing-screen';
export { RestoringScreen } from './restoring-screen';
export { ServiceOfflineScreen } from './service-offline-screen';
export { UpgradingScreen } from './upgrading-screen';
