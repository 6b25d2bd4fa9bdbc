import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { AreaMountProps } from '@plinth/shared-contracts';
import type { CreateAreaApi } from './area-context';
import { AreaRoot } from './AreaRoot';
import type { AreaApp, AreaBuild, AreaRemoteModule } from './types';

type ParcelProps = AreaMountProps & { name?: string };
/** single-spa passes its own props (singleSpa, mountParcel) too; called directly, an area gets only ours. */
type Lifecycle = (props: ParcelProps) => Promise<unknown>;
interface ReactLifecycles {
  bootstrap: Lifecycle;
  mount: Lifecycle;
  unmount: Lifecycle;
  update?: Lifecycle;
}

/**
 * An area's remote module ("./area", its `src/index.ts`): who it is (the build stamp made from its
 * manifest and package) and single-spa lifecycles that mount `App` inside the kit's root (query
 * cache, router under the base path, theme, `useArea()` with the clients `createApi` builds) into
 * the element the host gives, re-render it on update and unmount it cleanly.
 */
export function createAreaModule(App: AreaApp, build: AreaBuild, createApi: CreateAreaApi = () => ({})): AreaRemoteModule {
  const { area, title, version, contractsMajor } = build;
  const Root = (props: ParcelProps) => {
    const { name: _parcelName, ...mountProps } = props;
    return <AreaRoot App={App} title={title} createApi={createApi} mountProps={mountProps as AreaMountProps} />;
  };
  Root.displayName = `AreaRoot(${area})`;

  const lifecycles = singleSpaReact<ParcelProps>({
    React,
    ReactDOMClient,
    rootComponent: Root,
    errorBoundary: (error: Error) => (
      <div role="alert">
        The {title} area failed: {error.message}
      </div>
    ),
  }) as unknown as ReactLifecycles;

  // Lifecycles are keyed by the parcel's name; a direct caller (a test, the standalone page) may omit it.
  const withName = (props: AreaMountProps): ParcelProps => ({ name: `plinth-area-${area}`, ...props });

  return {
    area,
    version,
    contractsMajor,
    bootstrap: (props) => lifecycles.bootstrap(withName(props)),
    mount: async (props) => {
      if (build.fault === 'throw-on-mount') {
        throw new Error(`The ${title} area (version ${version}) threw while mounting (test fault "throw-on-mount").`);
      }
      return lifecycles.mount(withName(props));
    },
    unmount: (props) => lifecycles.unmount(withName(props)),
    update: (props) => (lifecycles.update ? lifecycles.update(withName(props)) : Promise.resolve()),
  };
}
