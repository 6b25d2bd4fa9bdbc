import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type PreloadableComponent<P> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts loading the part now (pointer or focus nearby); a failed load is tried again next time. */
  preload: () => Promise<void>;
};

/**
 * A heavy part of a page (a dialog, a panel, an editor) in its own chunk: render it inside
 * <Suspense> like React.lazy, and call `preload()` when the user is about to need it.
 *
 *   const BucketFormPanel = lazyWithPreload(() => import('./BucketFormPanel').then((m) => m.BucketFormPanel));
 */
export function lazyWithPreload<P extends object>(load: () => Promise<ComponentType<P>>): PreloadableComponent<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  const start = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  const Component = lazy(() => start().then((loaded) => ({ default: loaded }))) as PreloadableComponent<P>;
  Component.preload = () => start().then(
    () => undefined,
    () => undefined,
  );
  return Component;
}
