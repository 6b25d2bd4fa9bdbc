import { lazy, type ComponentType } from 'react';
import type { StatusScreen } from './choose-screen';

type Screens = typeof import('./status-screens');

// The screens of a project that is not running (paused with its restore dialog, pausing,
// restoring, upgrading, building, API offline) load when one is shown: a running project's pages
// do not download them. The start-up prefetch asks for them when the project shows one.
const load = () => import('./status-screens');

export function preloadStatusScreens(): void {
  void load().catch(() => undefined);
}

/** Whether a screen comes from that chunk (every screen but the page itself and connecting). */
export const isLoadedOnDemand = (screen: StatusScreen) => screen !== 'content' && screen !== 'connecting';

function screen<K extends keyof Screens>(name: K) {
  return lazy(() => load().then((m) => ({ default: m[name] as ComponentType<Parameters<Screens[K]>[0]> })));
}

export const LazyBuildingScreen = screen('BuildingScreen');
export const LazyPausedScreen = screen('PausedScreen');
export const LazyPausingScreen = screen('PausingScreen');
export const LazyRestoringScreen = screen('RestoringScreen');
export const LazyServiceOfflineScreen = screen('ServiceOfflineScreen');
export const LazyUpgradingScreen = screen('UpgradingScreen');
