import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { areaLoaderFor, type AreaLoader } from './remotes';
import { useEnvironment } from './use-environment';

const AreaLoaderContext = createContext<AreaLoader | null>(null);

/** Gives every AreaOutlet below it this loader (tests inject one; the page uses the federation runtime). */
export function AreaLoaderProvider({ loader, children }: { loader: AreaLoader; children?: ReactNode }) {
  return <AreaLoaderContext.Provider value={loader}>{children}</AreaLoaderContext.Provider>;
}

/** The loader from AreaLoaderProvider, else one over the federation runtime once the environment is read. */
export function useAreaLoader(): { loader: AreaLoader | null; error: Error | null } {
  const injected = useContext(AreaLoaderContext);
  const { environment, error } = useEnvironment();
  const fromEnvironment = useMemo(() => (environment && !injected ? areaLoaderFor(environment) : null), [environment, injected]);
  if (injected) return { loader: injected, error: null };
  return { loader: fromEnvironment, error };
}
