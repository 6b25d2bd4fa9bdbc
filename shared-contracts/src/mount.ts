/**
 * The contract between the host shell and every federated area. Which areas exist is not written
 * here: each area describes itself in its manifest (area-manifest.ts) and the environment manifest
 * lists the areas an environment runs.
 */

/** An area's id, as its manifest states it (AREA_ID_PATTERN): "storage", "sql-editor". */
export type AreaName = string;

export type BuildMode = 'hosted' | 'self-hosted';
export type ThemeName = 'dark' | 'light';

export interface SessionUser {
  id: string;
  email: string;
  username: string;
}

export type NotifyKind = 'success' | 'error' | 'info' | 'warning';
export interface Notice {
  kind: NotifyKind;
  message: string;
  /** Milliseconds the notice stays; default 4000. */
  durationMs?: number;
}

export type AreaLinkResolver = (name: string, params?: Record<string, string | number>) => string | null;

/** Custom props the host passes to an area's single-spa lifecycles. */
export interface AreaMountProps {
  area: AreaName;
  /** Project the area is opened on; undefined for organization or account pages. */
  projectRef?: string;
  /** Path under which the area's routes live, e.g. "/project/abc/storage". */
  basePath: string;
  session: { user: SessionUser };
  /** Permission keys the user holds on this project's organization (see permissions.ts). */
  permissions: readonly string[];
  /** Base URL of the platform API, given to createApiClient. */
  apiBase: string;
  navigate: (to: string, options?: { replace?: boolean }) => void;
  notify: (notice: Notice) => void;
  /**
   * The address of a page in another area, by the name this area's manifest gives the link
   * (`links`), resolved by the host from the target area's manifest; params fill the target's
   * ":name" parts and the rest become the query. Null when the target area is not in this environment.
   */
  link: AreaLinkResolver;
  theme: ThemeName;
  /**
   * Sets the console's theme, as the shell's own switch does: the shell keeps the choice and gives
   * the new `theme` to every area. Absent from shells before shared-contracts 1.3.0; an area then
   * keeps the choice in the browser itself.
   */
  setTheme?: (theme: ThemeName) => void;
  buildMode: BuildMode;
  /** The host's QueryClient, so every area shares one cache. Typed loosely to keep this package free of React Query. */
  queryClient: unknown;
  /** DOM element the area renders into. */
  domElement?: HTMLElement;
}

/** What each area's remote exposes as "./area". */
export interface AreaModule {
  /** Major version of @plinth/shared-contracts the area was built against. */
  contractsMajor: number;
  area: AreaName;
  version: string;
  bootstrap: (props: AreaMountProps) => Promise<unknown>;
  mount: (props: AreaMountProps) => Promise<unknown>;
  unmount: (props: AreaMountProps) => Promise<unknown>;
  update?: (props: AreaMountProps) => Promise<unknown>;
}
