import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { createApiClient, type ApiClient, type AreaMountProps } from '@plinth/shared-contracts';

export interface AreaContextValue {
  props: AreaMountProps;
  api: ApiClient;
  /** The project the area is opened on; the sql-editor area only lives inside a project. */
  projectRef: string;
  can: (permission: string) => boolean;
  hosted: boolean;
}

const AreaContext = createContext<AreaContextValue | null>(null);

/** Gives every screen of the area its mount props and the one contracts client. */
export function AreaProvider({ props, children }: { props: AreaMountProps; children: ReactNode }) {
  const value = useMemo<AreaContextValue>(() => {
    const api = createApiClient({ baseUrl: props.apiBase });
    const projectRef = props.projectRef ?? '';
    return {
      props,
      api,
      projectRef,
      can: (permission) => props.permissions.includes(permission),
      hosted: props.buildMode === 'hosted',
    };
  }, [props]);
  return <AreaContext.Provider value={value}>{children}</AreaContext.Provider>;
}

export function useArea(): AreaContextValue {
  const value = useContext(AreaContext);
  if (!value) throw new Error('useArea must be used inside AreaProvider');
  return value;
}
