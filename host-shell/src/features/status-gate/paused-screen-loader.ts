import { lazy } from 'react';

// The paused screen brings the restore dialog and its disabled-reason tooltip: a running
// project's pages do not download them. The start-up prefetch asks for it when the project is paused.
const load = () => import('./paused-screen').then((m) => ({ default: m.PausedScreen }));

export const LazyPausedScreen = lazy(load);

export function preloadPausedScreen(): void {
  void load().catch(() => undefined);
}
