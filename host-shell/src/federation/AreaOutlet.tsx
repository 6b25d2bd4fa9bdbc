import { useEffect, useRef, useState } from 'react';
import { useInRouterContext, useLocation } from 'react-router-dom';
import { mountRootParcel, type Parcel, type ParcelConfig } from 'single-spa';
import type { AreaMountProps, AreaName } from '@plinth/shared-contracts';
import { SIDE_MENU_WIDTH, Skeleton } from '@plinth/shared-ui/layout';
import { tokens } from '@plinth/shared-ui/theme';
import { AreaErrorPanel } from './AreaErrorPanel';
import { useAreaLoader } from './area-loader-context';
import type { AreaLoader } from './remotes';
import { AREA_TIMEOUT_MS, withTimeout } from './timeout';
import { checkAreaModule } from './version-policy';

/** Everything the host passes to an area except what AreaOutlet sets itself. */
export type AreaOutletMountProps = Omit<AreaMountProps, 'area' | 'basePath' | 'projectRef' | 'domElement'>;

export interface AreaOutletProps {
  area: AreaName;
  /** How the area's manifest names it to users; default: its id. */
  title?: string;
  basePath: string;
  projectRef?: string;
  mountProps: AreaOutletMountProps;
  /** Time to load and to mount, each; default 10 s. */
  timeoutMs?: number;
  /** Overrides the loader from context (tests). */
  loader?: AreaLoader;
}

type Phase =
  | { kind: 'loading' }
  | { kind: 'mounted' }
  | { kind: 'failed'; title: string; detail: string; failure: 'load' | 'start' }
  | { kind: 'refused'; detail: string };

/** Placeholders in the shape of an area (its side menu and a page) while its remote loads. */
function AreaLoading({ title }: { title: string }) {
  return (
    <div role="status" aria-label={`Loading ${title}`} aria-busy="true" css={{ display: 'flex', height: '100%', minHeight: 0 }}>
      <div aria-hidden="true" css={{ width: SIDE_MENU_WIDTH, flex: 'none', padding: tokens.space.lg, borderRight: `1px solid ${tokens.color.border}`, background: tokens.color.surface, display: 'grid', alignContent: 'start', gap: tokens.space.md, '@media (max-width: 767px)': { display: 'none' } }}>
        <Skeleton width="50%" height={16} />
        <Skeleton lines={5} height={10} />
      </div>
      <div aria-hidden="true" css={{ flex: 1, minWidth: 0, padding: tokens.space.xl, display: 'grid', alignContent: 'start', gap: tokens.space.lg }}>
        <Skeleton width="min(260px, 60%)" height={22} />
        <Skeleton lines={4} height={12} />
      </div>
    </div>
  );
}

/** User Timing marks (visible in the browser's performance panel) for each step of showing an area. */
function mark(step: 'load-start' | 'loaded' | 'mount-start' | 'mounted', area: AreaName): void {
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function') performance.mark(`plinth:${area}:${step}`);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** When the host's router moves, the area's own router is told to read the address again. */
function HostHistoryBridge() {
  const { key } = useLocation();
  const seen = useRef(key);
  useEffect(() => {
    if (seen.current === key) return;
    seen.current = key;
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, [key]);
  return null;
}

/**
 * The region an area lives in: loads its remote on first visit, refuses an incompatible one,
 * mounts it as a single-spa parcel into its own element, passes new props on, unmounts on leave,
 * and shows an error panel with Retry when loading fails, times out or mounting throws.
 */
export function AreaOutlet({ area, title = area, basePath, projectRef, mountProps, timeoutMs = AREA_TIMEOUT_MS, loader: loaderProp }: AreaOutletProps) {
  const fromContext = useAreaLoader();
  const loader = loaderProp ?? fromContext.loader;
  const inRouter = useInRouterContext();
  const regionRef = useRef<HTMLDivElement>(null);
  const parcelRef = useRef<Parcel | null>(null);
  const elementRef = useRef<HTMLDivElement | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  const fullProps = (): AreaMountProps => ({ ...mountProps, area, basePath, projectRef });
  const latestProps = useRef(fullProps);
  latestProps.current = fullProps;

  useEffect(() => {
    if (!loader) return;
    let cancelled = false;
    let element: HTMLDivElement | null = null;
    setPhase({ kind: 'loading' });
    const seconds = timeoutMs / 1000;

    (async () => {
      if (attempt > 0) loader.reset(area);
      let loaded: unknown;
      mark('load-start', area);
      try {
        loaded = await withTimeout(loader.load(area), timeoutMs, `The ${title} area did not load within ${seconds} seconds.`);
      } catch (error) {
        if (!cancelled) setPhase({ kind: 'failed', title: `The ${title} area could not be loaded`, detail: messageOf(error), failure: 'load' });
        return;
      }
      if (cancelled) return;
      mark('loaded', area);
      const check = checkAreaModule(area, loaded, undefined, title, loader.requiresOf?.(area));
      if (!check.ok) {
        setPhase({ kind: 'refused', detail: check.message });
        return;
      }
      element = document.createElement('div');
      element.dataset.areaRoot = area;
      // The area fills the content region, so its side menu runs the full height.
      element.style.height = '100%';
      regionRef.current?.append(element);
      elementRef.current = element;
      const config = { ...check.module, name: `plinth-${area}` } as unknown as ParcelConfig;
      mark('mount-start', area);
      const parcel = mountRootParcel(config, { ...latestProps.current(), domElement: element });
      parcelRef.current = parcel;
      try {
        await withTimeout(parcel.mountPromise, timeoutMs, `The ${title} area did not start within ${seconds} seconds.`);
        mark('mounted', area);
        if (!cancelled) setPhase({ kind: 'mounted' });
      } catch (error) {
        parcelRef.current = null;
        if (!cancelled) setPhase({ kind: 'failed', title: `The ${title} area failed to start`, detail: messageOf(error), failure: 'start' });
        element.remove();
      }
    })();

    return () => {
      cancelled = true;
      const parcel = parcelRef.current;
      parcelRef.current = null;
      const mounted = element;
      if (parcel && parcel.getStatus() === 'MOUNTED') {
        parcel.unmount().catch(() => undefined).finally(() => mounted?.remove());
      } else {
        mounted?.remove();
      }
    };
  }, [area, loader, attempt, timeoutMs, title]);

  // single-spa refuses an update while another is running, so updates are chained: each waits for
  // the one before and then sends the props of that moment, so the last change always arrives.
  const updateChain = useRef<Promise<void>>(Promise.resolve());
  useEffect(() => {
    if (phase.kind !== 'mounted') return;
    updateChain.current = updateChain.current.then(async () => {
      const parcel = parcelRef.current;
      if (!parcel?.update || parcel.getStatus() !== 'MOUNTED') return;
      try {
        await parcel.update({ ...latestProps.current(), domElement: elementRef.current ?? undefined });
      } catch (error) {
        console.error(`The ${title} area failed to take new props`, error);
      }
    });
  }, [phase.kind, mountProps, basePath, projectRef, title]);

  const environmentError = !loaderProp && fromContext.error;
  return (
    <div data-area-outlet={area} css={{ display: 'contents' }}>
      {inRouter ? <HostHistoryBridge /> : null}
      {environmentError ? (
        <AreaErrorPanel title={`The ${title} area could not be loaded`} detail={environmentError.message} />
      ) : phase.kind === 'failed' ? (
        <AreaErrorPanel title={phase.title} detail={phase.detail} failure={phase.failure} onRetry={() => setAttempt((n) => n + 1)} />
      ) : phase.kind === 'refused' ? (
        <AreaErrorPanel title={`The ${title} area cannot run in this console`} detail={phase.detail} failure="refused" onRetry={() => setAttempt((n) => n + 1)} />
      ) : phase.kind === 'loading' ? (
        <AreaLoading title={title} />
      ) : null}
      <div ref={regionRef} hidden={phase.kind !== 'mounted'} css={{ height: '100%' }} />
    </div>
  );
}
