import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { AreaMountProps } from '@plinth/shared-contracts';

/** What every screen of an area reads: its mount props, its API calls and what the user may do. */
export interface AreaContextValue<Api> {
  props: AreaMountProps;
  api: Api;
  /** The project the area is opened on; empty outside a project (organization and account pages). */
  projectRef: string;
  can: (permission: string) => boolean;
  hosted: boolean;
  /** The address of another area's page, by the link name in this area's manifest (null: not in this environment). */
  link: AreaMountProps['link'];
}

/**
 * An area's context: a provider that builds the area's API calls once per set of mount props, and
 * the hook its screens read it with. `createApi` builds only the contracts' clients the area calls
 * (the contracts' `createClients`), so the area's bundle carries only those calls and their schemas.
 */
export function createAreaContext<Api>(areaTitle: string, createApi: (apiBase: string) => Api) {
  const Context = createContext<AreaContextValue<Api> | null>(null);

  function AreaProvider({ props, children }: { props: AreaMountProps; children: ReactNode }) {
    const value = useMemo<AreaContextValue<Api>>(
      () => ({
        props,
        api: createApi(props.apiBase),
        projectRef: props.projectRef ?? '',
        can: (permission) => props.permissions.includes(permission),
        hosted: props.buildMode === 'hosted',
        link: props.link,
      }),
      [props],
    );
    return <Context.Provider value={value}>{children}</Context.Provider>;
  }

  function useArea(): AreaContextValue<Api> {
    const value = useContext(Context);
    if (!value) throw new Error(`The ${areaTitle} area's screens need its AreaProvider above them`);
    return value;
  }

  return { AreaProvider, useArea };
}
