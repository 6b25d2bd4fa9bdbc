import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { AreaMountProps } from '@plinth/shared-contracts';
import { AreaRoot } from './AreaRoot';
import type { AreaApp, AreaLifecycleOptions, AreaLifecycles } from './types';

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
 * single-spa lifecycles for an area: mounts `App` inside AreaRoot into the element the host gives
 * (props.domElement), re-renders it with new props on update and unmounts it cleanly.
 */
export function createAreaLifecycles(App: AreaApp, options: AreaLifecycleOptions): AreaLifecycles {
  const title = options.title ?? options.area;
  const Root = (props: ParcelProps) => {
    const { name: _parcelName, ...mountProps } = props;
    return <AreaRoot App={App} title={title} mountProps={mountProps as AreaMountProps} />;
  };
  Root.displayName = `AreaRoot(${options.area})`;

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
  const withName = (props: AreaMountProps): ParcelProps => ({ name: `plinth-area-${options.area}`, ...props });

  return {
    bootstrap: (props) => lifecycles.bootstrap(withName(props)),
    mount: async (props) => {
      if (options.fault === 'throw-on-mount') {
        throw new Error(`The ${title} area (version ${options.version}) threw while mounting (test fault "throw-on-mount").`);
      }
      return lifecycles.mount(withName(props));
    },
    unmount: (props) => lifecycles.unmount(withName(props)),
    update: (props) => (lifecycles.update ? lifecycles.update(withName(props)) : Promise.resolve()),
  };
}
