import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { AreaMountProps } from '@plinth/shared-contracts';

/**
 * The contracts' clients an area calls. Empty here: each area states its own in `src/api.ts`,
 * merging them into this interface, so `useArea().api` is typed with exactly its calls:
 *
 *   declare module '@plinth/area-kit' { interface AreaApi extends StorageApi {} }
 */
export interface AreaApi {}

/** Builds an area's clients over the platform API's base URL (each area's `createApi` in `src/api.ts`). */
export type CreateAreaApi = (apiBase: string) => object;

/** What every screen of an area reads from `useArea()`. */
export interface AreaContextValue {
  /** The contracts' clients this area calls (its `src/api.ts`), created once per mount. */
  api: AreaApi;
  /** The project the area is opened on; empty outside a project (organization and account pages). */
  projectRef: string;
  /** Whether the signed-in user holds a permission key (shared-contracts permissions.ts). */
  can: (permission: string) => boolean;
  /** The hosted build (false: self-hosted), for hosted-only pages and entries. */
  hosted: boolean;
  /** A toast in the console's notice list. */
  notify: AreaMountProps['notify'];
  /** The address of another area's page, by a link name of this area's manifest (null: not in this environment). */
  link: AreaMountProps['link'];
  /** Moves the whole console to an address outside this area (a `link()` result, a shell page). */
  navigate: AreaMountProps['navigate'];
  /** Everything the host mounted the area with. */
  props: AreaMountProps;
}

const AreaContext = createContext<AreaContextValue | null>(null);

/** Gives the screens below their area's context: the mount props and the area's clients. */
export function AreaProvider({ props, api, children }: { props: AreaMountProps; api: object; children: ReactNode }) {
  const value = useMemo<AreaContextValue>(
    () => ({
      api: api as AreaApi,
      projectRef: props.projectRef ?? '',
      can: (permission) => props.permissions.includes(permission),
      hosted: props.buildMode === 'hosted',
      notify: props.notify,
      link: props.link,
      navigate: props.navigate,
      props,
    }),
    [props, api],
  );
  return <AreaContext.Provider value={value}>{children}</AreaContext.Provider>;
}

/** The area's context, for any screen of an area (the lifecycles and `renderArea` provide it). */
export function useArea(): AreaContextValue {
  const value = useContext(AreaContext);
  if (!value) throw new Error('useArea() needs the area kit above it: mount the area with createAreaModule, or render it with renderArea in tests');
  return value;
}
