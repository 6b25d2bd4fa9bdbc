import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { createApiClient, type ApiClient, type AreaMountProps } from '@plinth/shared-contracts';

export interface StorageAreaValue {
  props: AreaMountProps;
  api: ApiClient;
  /** The project the storage area is opened on. */
  projectRef: string;
  can: (permission: string) => boolean;
}

const StorageAreaContext = createContext<StorageAreaValue | null>(null);

/** Gives every storage screen its mount props and the one contracts client. */
export function StorageAreaProvider({ props, children }: { props: AreaMountProps; children: ReactNode }) {
  const value = useMemo<StorageAreaValue>(
    () => ({
      props,
      api: createApiClient({ baseUrl: props.apiBase }),
      projectRef: props.projectRef ?? '',
      can: (permission) => props.permissions.includes(permission),
    }),
    [props],
  );
  return <StorageAreaContext.Provider value={value}>{children}</StorageAreaContext.Provider>;
}

export function useStorageArea(): StorageAreaValue {
  const value = useContext(StorageAreaContext);
  if (!value) throw new Error('useStorageArea must be used inside StorageAreaProvider');
  return value;
}
