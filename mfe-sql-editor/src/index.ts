// The remote module "./area": the area's identity (stamped from area.manifest.ts and package.json
// by @plinth/build-config) and the single-spa lifecycles of App over this area's API calls.
import { createAreaModule, type AreaBuild } from '@plinth/area-kit';
import { createApi } from './api';
import App from './App';

declare const __PLINTH_AREA_BUILD__: AreaBuild;

export const { area, version, contractsMajor, bootstrap, mount, unmount, update } = createAreaModule(App, __PLINTH_AREA_BUILD__, createApi);
